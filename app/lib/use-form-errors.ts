import { useState, type FormEvent } from "react";
import type { z } from "zod";
import { fieldErrorsOf, formToObject, type FieldErrors } from "~/schemas/auth";

/**
 * Runs the form's Zod schema in the browser before submitting (the action checks it again), and
 * merges its errors with the server's.
 */
export function useFormErrors(schema: z.ZodType, serverErrors?: FieldErrors | null) {
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const [lastServer, setLastServer] = useState(serverErrors);
  if (serverErrors !== lastServer) {
    setLastServer(serverErrors);
    setClientErrors(null);
  }
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const result = schema.safeParse(formToObject(new FormData(event.currentTarget)));
    if (!result.success) {
      event.preventDefault();
      setClientErrors(fieldErrorsOf(result.error));
    } else {
      setClientErrors(null);
    }
  }
  return { errors: clientErrors ?? serverErrors ?? {}, onSubmit };
}
