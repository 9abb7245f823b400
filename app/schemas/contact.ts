/** The contact form: name, email and message required; phone, business, service optional. */
import { z } from "./zod";
import { CONTACT_SERVICE_SLUGS } from "~/catalog/plans";
import { emailField } from "./auth";

import { CONTACT_LIMITS } from "./contact-fields";

// Postgres text cannot hold NUL; other control characters have no place in one-line fields.
const stripNul = (v: unknown) => (typeof v === "string" ? v.replace(/\u0000/g, "").trim() : v);
const oneLine = /^[^\u0000-\u001f\u007f]*$/;

const required = (label: string, max: number, genero: "o" | "a" = "o") =>
  z.preprocess(
    stripNul,
    z
      .string({ error: `El ${label} es obligatori${genero}` })
      .min(1, `El ${label} es obligatori${genero}`)
      .max(max, `El ${label} es demasiado largo (máximo ${max} caracteres)`),
  );

const optional = (label: string, max: number) =>
  z.preprocess(
    stripNul,
    z
      .string()
      .max(max, `${label} es demasiado largo (máximo ${max} caracteres)`)
      .regex(oneLine, `${label} contiene caracteres no permitidos`)
      .optional()
      .transform((v) => (v ? v : null)),
  );

export const contactSchema = z.object({
  name: required("nombre", CONTACT_LIMITS.name).pipe(z.string().regex(oneLine, "El nombre contiene caracteres no permitidos")),
  email: emailField,
  phone: optional("El teléfono", CONTACT_LIMITS.phone).pipe(
    z
      .string()
      .regex(/^[0-9+()\-.\s]*$/, "Ingresa un teléfono válido (solo números, espacios, +, - y paréntesis)")
      .nullable(),
  ),
  business: optional("El nombre del negocio", CONTACT_LIMITS.business),
  service: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z
      .enum(CONTACT_SERVICE_SLUGS, { error: "Selecciona un servicio de la lista" })
      .optional()
      .transform((v) => v ?? null),
  ),
  message: required("mensaje", CONTACT_LIMITS.message),
});

export type ContactInput = z.output<typeof contactSchema>;

/** /admin/leads: 'Marcar como atendido' on one message. */
export const leadHandledSchema = z.object({ intent: z.literal("handle"), id: z.uuid() });
