/**
 * Form submissions in actions (decision 045): the page's Zod schema again, through Conform. Whatever
 * arrives, the answer is a Spanish field error or a 4xx, never a 500.
 */
import type { Submission } from "@conform-to/react";
import { data } from "react-router";
import type { z } from "zod";
import { parseFormData } from "~/lib/conform";
import { readForm } from "./request.server";

/** No list of the site goes past a few dozen entries (specialties 20, tags 10). */
export const MAX_LIST_INDEX = 100;

const INDEX = /\[(\d+)\]/g;

/**
 * The submission of `form` against `schema`. Conform builds arrays from `name[i]` paths, so one
 * `tags[99999999]` would make a sparse list that the schema then walks entry by entry: such names are
 * refused before parsing. A malformed `__intent__` (Conform's list buttons) is a 400 too.
 */
export function submissionOf<S extends z.ZodType>(form: FormData, schema: S): Submission<z.input<S>, string[], z.output<S>> {
  for (const name of form.keys()) {
    for (const [, index] of name.matchAll(INDEX)) {
      if (Number(index) > MAX_LIST_INDEX) throw data("Solicitud inválida: la lista tiene demasiados elementos.", { status: 400 });
    }
  }
  try {
    return parseFormData(form, schema);
  } catch {
    throw data("Solicitud inválida: no se pudo leer el formulario.", { status: 400 });
  }
}

/** The request's form (see readForm) parsed with `schema`. */
export async function parseSubmission<S extends z.ZodType>(request: Request, schema: S, maxBytes?: number) {
  return submissionOf(await readForm(request, maxBytes), schema);
}

type Refusable = { status: "error" | "success" | undefined; reply: Submission<unknown>["reply"] };

/**
 * The answer to a submission that was not accepted: Conform's reply with the Spanish field errors and
 * what was typed, HTTP 400. A list button pressed without JavaScript (add, remove) is no error: 200.
 */
export function refused<T extends Record<string, unknown> = Record<never, never>>(
  submission: Refusable,
  extra?: T,
  options?: Parameters<Refusable["reply"]>[0],
) {
  return data({ result: submission.reply(options), ...(extra as T) }, { status: submission.status === undefined ? 200 : 400 });
}
