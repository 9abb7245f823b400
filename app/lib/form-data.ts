/** Form helpers without Zod, so pages can use them without downloading it (decision 017). */

export type FieldErrors = Record<string, string[] | undefined>;

/** Field errors of a failed parse (a ZodError), keyed by field name. */
export function fieldErrorsOf(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

export function formToObject(form: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of form.entries()) if (typeof v === "string" && !(k in out)) out[k] = v;
  return out;
}
