/** A new password and its repetition, as sign-up's rules ask for it (reset and change alike). */
import type { FieldMetadata } from "@conform-to/react";
import { InputField } from "~/components/ui/field";
import { PASSWORD_HINT, PASSWORD_MAX } from "~/schemas/auth";

export function NewPasswordFields({
  password,
  confirm,
  label = "Nueva contraseña",
  confirmLabel,
}: {
  password: FieldMetadata<unknown>;
  confirm: FieldMetadata<unknown>;
  label?: string;
  confirmLabel: string;
}) {
  return (
    <>
      <InputField
        label={label}
        meta={password}
        type="password"
        autoComplete="new-password"
        required
        maxLength={PASSWORD_MAX}
        hint={PASSWORD_HINT}
      />
      <InputField label={confirmLabel} meta={confirm} type="password" autoComplete="new-password" required maxLength={PASSWORD_MAX} />
    </>
  );
}
