import { useEffect, useRef, useState, type FormEvent } from "react";
import type { z } from "zod";
import { fieldErrorsOf, formToObject, type FieldErrors } from "./form-data";

/** The form's Zod schema, or a loader of it: a page whose schema comes by `import()` does not download
 * Zod before the visitor starts typing (decision 017). */
export type SchemaSource = z.ZodType | (() => Promise<z.ZodType>);

/**
 * Runs the form's Zod schema in the browser before submitting (the action checks it again), and
 * merges its errors with the server's. A lazily loaded schema is fetched when the form mounts; if the
 * visitor submits before it arrives, the submission waits for it and is then sent again.
 */
export function useFormErrors(schema: SchemaSource, serverErrors?: FieldErrors | null) {
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const [lastServer, setLastServer] = useState(serverErrors);
  const loaded = useRef<z.ZodType | null>(typeof schema === "function" ? null : schema);
  const unavailable = useRef(false);
  if (serverErrors !== lastServer) {
    setLastServer(serverErrors);
    setClientErrors(null);
  }
  useEffect(() => {
    if (typeof schema !== "function") {
      loaded.current = schema;
      return;
    }
    let current = true;
    loaded.current = null;
    schema().then(
      (s) => {
        if (current) loaded.current = s;
      },
      () => {}, // Offline or a stale deploy: the server still validates.
    );
    return () => {
      current = false;
    };
  }, [schema]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const ready = loaded.current;
    if (!ready && typeof schema === "function" && !unavailable.current) {
      event.preventDefault();
      const form = event.currentTarget;
      const submitter = (event.nativeEvent as SubmitEvent).submitter;
      schema().then(
        (s) => {
          loaded.current = s;
          form.requestSubmit(submitter instanceof HTMLElement ? submitter : undefined);
        },
        () => {
          // The schema could not be loaded: submit anyway, the action validates.
          unavailable.current = true;
          form.requestSubmit(submitter instanceof HTMLElement ? submitter : undefined);
        },
      );
      return;
    }
    if (!ready) return;
    const result = ready.safeParse(formToObject(new FormData(event.currentTarget)));
    if (!result.success) {
      event.preventDefault();
      setClientErrors(fieldErrorsOf(result.error));
    } else {
      setClientErrors(null);
    }
  }
  return { errors: clientErrors ?? serverErrors ?? {}, onSubmit };
}
