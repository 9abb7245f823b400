/**
 * Every form goes through Conform with one Zod schema (decision 045): the browser validates with it
 * before sending, and the action parses the same form data with it again.
 */
import { useForm, type DefaultValue, type Submission, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";

/**
 * Form data -> Conform submission. The schemas read the strings exactly as a form sends them (they
 * trim, turn "" into null and carry their own Spanish "obligatorio" messages); Conform's automatic
 * coercion would first turn "" into undefined and answer a few fields with Zod's English type error.
 */
export function parseFormData<S extends z.ZodType>(formData: FormData | URLSearchParams, schema: S) {
  return parseWithZod(formData, { schema, disableAutoCoercion: true });
}

type FormShape<S extends z.ZodType> = z.output<S> extends Record<string, unknown> ? z.output<S> : Record<string, unknown>;

/**
 * A form validated with `schema`: first when a field loses focus, then on every keystroke once it has
 * shown an error (as in the Epic Stack). `lastResult` is the action's `submission.reply()`: its errors
 * and the values that were typed win over `defaultValue`.
 */
export function useSchemaForm<S extends z.ZodType>(
  schema: S,
  options: { id?: string; lastResult?: SubmissionResult<string[]> | null; defaultValue?: DefaultValue<FormShape<S>> } = {},
) {
  return useForm<FormShape<S>, FormShape<S>, string[]>({
    id: options.id,
    lastResult: options.lastResult,
    defaultValue: options.defaultValue,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseFormData(formData, schema) as Submission<FormShape<S>, string[]>,
  });
}
