/**
 * /profile's 'Cambiar contraseña' card: the current password, then the new one twice. Posts to the
 * profile action with intent=change-password, with or without JavaScript.
 */
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { Icon } from "~/components/icons/icon";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { InputField } from "~/components/ui/field";
import { NewPasswordFields } from "./new-password-fields";
import { useSchemaForm } from "~/lib/conform";
import { changePasswordSchema, PASSWORD_MAX } from "~/schemas/auth";

export function ChangePasswordForm({ lastResult }: { lastResult?: SubmissionResult<string[]> | null }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "change-password";
  const [form, fields] = useSchemaForm(changePasswordSchema, { id: "change-password", lastResult });
  return (
    <Card className="p-6">
      <h2 id="password-title" className="flex items-center gap-2 text-lg font-bold">
        <Icon name="lock" aria-hidden className="size-5 text-ocean-600" /> Cambiar contraseña
      </h2>
      <p className="mt-1 text-sm text-muted">Al cambiarla se cierran tus sesiones en otros dispositivos.</p>
      <Form method="post" {...getFormProps(form)} aria-labelledby="password-title" className="mt-5 space-y-4">
        <input type="hidden" name="intent" value="change-password" />
        <InputField
          label="Contraseña actual"
          meta={fields.current_password}
          type="password"
          autoComplete="current-password"
          required
          maxLength={PASSWORD_MAX}
        />
        <NewPasswordFields password={fields.new_password} confirm={fields.confirm} confirmLabel="Repite la nueva contraseña" />
        <Button type="submit" disabled={busy}>
          {busy ? "Procesando..." : "Cambiar contraseña"}
        </Button>
      </Form>
    </Card>
  );
}
