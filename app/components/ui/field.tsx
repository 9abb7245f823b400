import { useId, type ReactNode } from "react";
import { Input, Label, Select, Textarea } from "./input";
import type { ComponentProps } from "react";

type Common = { label: string; name: string; errors?: string[] | string | null; hint?: ReactNode };

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

function useFieldIds(errors: Common["errors"]) {
  const id = useId();
  const errorId = `${id}-error`;
  const hasError = typeof errors === "string" ? Boolean(errors) : Boolean(errors?.length);
  return { id, errorId, hasError };
}

export function Field({ label, name, errors, hint, ...props }: Common & ComponentProps<"input">) {
  const { id, errorId, hasError } = useFieldIds(errors);
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} name={name} aria-invalid={hasError || undefined} aria-describedby={hasError ? errorId : undefined} {...props} />
      {hint ? <p className="mt-1 text-sm text-muted">{hint}</p> : null}
      <FieldErrors id={errorId} errors={errors} />
    </div>
  );
}

export function TextareaField({ label, name, errors, hint, ...props }: Common & ComponentProps<"textarea">) {
  const { id, errorId, hasError } = useFieldIds(errors);
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <Textarea id={id} name={name} aria-invalid={hasError || undefined} aria-describedby={hasError ? errorId : undefined} {...props} />
      {hint ? <p className="mt-1 text-sm text-muted">{hint}</p> : null}
      <FieldErrors id={errorId} errors={errors} />
    </div>
  );
}

export function SelectField({ label, name, errors, hint, children, ...props }: Common & ComponentProps<"select">) {
  const { id, errorId, hasError } = useFieldIds(errors);
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <Select id={id} name={name} aria-invalid={hasError || undefined} aria-describedby={hasError ? errorId : undefined} {...props}>
        {children}
      </Select>
      {hint ? <p className="mt-1 text-sm text-muted">{hint}</p> : null}
      <FieldErrors id={errorId} errors={errors} />
    </div>
  );
}
