import { useState, type FormEvent } from "react";
import type { z } from "zod";
import { fieldErrorsOf } from "~/schemas/auth";
import { adminFormToObject, type FieldErrors } from "~/schemas/admin";

/** Like useFormErrors, but reads repeated `especialidades` fields as a list (admin forms). */
export function useAdminFormErrors(schema: z.ZodType, serverErrors?: FieldErrors | null) {
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const [lastServer, setLastServer] = useState(serverErrors);
  if (serverErrors !== lastServer) {
    setLastServer(serverErrors);
    setClientErrors(null);
  }
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    const result = schema.safeParse(adminFormToObject(new FormData(form)));
    if (!result.success) {
      event.preventDefault();
      setClientErrors(fieldErrorsOf(result.error));
      requestAnimationFrame(() => form.querySelector<HTMLElement>("[aria-invalid='true']")?.focus());
    } else {
      setClientErrors(null);
    }
  }
  return { errors: clientErrors ?? serverErrors ?? {}, onSubmit };
}
