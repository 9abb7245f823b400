import { type FieldMetadata, getInputProps } from "@conform-to/react";
import { useId, type ReactNode } from "react";
import { Input, Label, Select, Textarea } from "./input";
import type { ComponentProps } from "react";

type Common = { label: string; errors?: string[] | string | null; hint?: ReactNode };

export function FieldErrors({ id, errors }: { id: string; errors?: string[] | string | null }) {
  const list = typeof errors === "string" ? [errors] : (errors ?? []);
  if (!list.length) return null;
  return (
    <ul id={id} className="mt-1.5 space-y-0.5 text-sm font-medium text-danger">
      {list.map((e) => (
        <li key={e}>{e}</li>
      ))}
    </ul>
  );
}

/**
 * The control's id (Conform's field id when the props come from getInputProps and friends), and the
 * ids of its error list and hint under Conform's names (`<id>-error`, `<id>-description`), so that
 * aria-describedby points at whatever is shown.
 */
function useFieldIds(given: string | undefined, errors: Common["errors"], hint: ReactNode) {
  const fallback = useId();
  const id = given ?? fallback;
  const errorId = `${id}-error`;
  const hintId = `${id}-description`;
  const hasError = typeof errors === "string" ? Boolean(errors) : Boolean(errors?.length);
  const describedBy = [hasError && errorId, hint && hintId].filter(Boolean).join(" ") || undefined;
  return { id, errorId, hintId, hasError, a11y: { id, "aria-invalid": hasError || undefined, "aria-describedby": describedBy } };
}

function Hint({ id, hint }: { id: string; hint: ReactNode }) {
  return hint ? (
    <p id={id} className="mt-1 text-sm text-muted">
      {hint}
    </p>
  ) : null;
}

/** Label, control, hint and errors in the order every field shows them. */
function Frame({ label, errors, hint, ids, children }: Common & { ids: ReturnType<typeof useFieldIds>; children: ReactNode }) {
  return (
    <div>
      <Label htmlFor={ids.id}>{label}</Label>
      {children}
      <Hint id={ids.hintId} hint={hint} />
      <FieldErrors id={ids.errorId} errors={errors} />
    </div>
  );
}

/**
 * A control in its Frame: the control gets the field's id and aria attributes, everything else
 * (children included, for a select's options) passes through.
 */
function framed<P extends { id?: string }>(Control: (props: P) => ReactNode) {
  return function FramedField({ label, errors, hint, id: given, ...rest }: Common & P) {
    const ids = useFieldIds(given, errors, hint);
    // What is left without the frame's own props is a P again (no control takes label, errors or
    // hint), which TypeScript cannot follow through the rest of a generic.
    const props = rest as unknown as P;
    return (
      <Frame label={label} errors={errors} hint={hint} ids={ids}>
        <Control {...props} {...ids.a11y} />
      </Frame>
    );
  };
}

export const Field = framed(Input);
export const TextareaField = framed(Textarea);
export const SelectField = framed(Select);

/** A labelled input bound to a Conform field: its name, id, value and constraints, and its errors. */
export function InputField({
  meta,
  type = "text",
  ...props
}: { meta: FieldMetadata<unknown>; type?: "text" | "email" | "password" | "url" | "tel" | "search" | "number" } & Common &
  Omit<ComponentProps<"input">, "type" | "name">) {
  return <Field {...getInputProps(meta, { type })} {...props} errors={meta.errors} />;
}
