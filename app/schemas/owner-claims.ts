/**
 * The claim forms (proof by e-mail at the website's domain, or a request to the admins), and the
 * admins' decisions in their queue. Spanish messages; the same schema in the browser and the action.
 */
import { z } from "./zod";
import { LISTING_KIND_IDS } from "~/catalog/listing-kinds";
import { UUID_PATTERN } from "~/lib/uuid";
import { demasiadoLargo } from "./messages";
import { emailField } from "./auth";

export const CLAIM_LIMITS = { full_name: 120, role: 80, phone: 30, note: 1000, reason: 500 } as const;

// PostgreSQL text holds no NUL; other control characters have no place in one-line fields.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
const ONE_LINE = /^[^\u0000-\u001f\u007f]*$/;
const clean = (v: unknown) => (typeof v === "string" ? v.replace(/\u0000/g, "").trim() : v);

const required = (label: string, max: number, genero: "o" | "a" = "o") =>
  z.preprocess(
    clean,
    z
      .string({ error: `${label} es obligatori${genero}` })
      .min(1, `${label} es obligatori${genero}`)
      .max(max, demasiadoLargo(label, max))
      .regex(ONE_LINE, `${label} contiene caracteres no permitidos`),
  );

const optionalText = (label: string, max: number) =>
  z.preprocess((v) => {
    const t = clean(v);
    return typeof t === "string" ? t.replace(CONTROL, "") || null : (t ?? null);
  }, z.string().max(max, demasiadoLargo(label, max)).nullable());

export const domainClaimSchema = z.object({ intent: z.literal("domain"), email: emailField });

export const adminClaimSchema = z.object({
  intent: z.literal("admin"),
  full_name: required("Tu nombre", CLAIM_LIMITS.full_name),
  role: required("Tu cargo", CLAIM_LIMITS.role),
  phone: required("El teléfono", CLAIM_LIMITS.phone).pipe(
    z
      .string()
      .regex(/^[0-9+()\-.\s]+$/, { message: "Ingresa un teléfono válido (solo números, espacios, +, - y paréntesis)", abort: true })
      .refine((v) => v.replace(/\D/g, "").length >= 7, "El teléfono es muy corto"),
  ),
  note: optionalText("La nota", CLAIM_LIMITS.note),
});

/** Every intent of the claim page: the two proofs, and giving up an open claim to choose the other. */
export const claimActionSchema = z.discriminatedUnion("intent", [
  domainClaimSchema,
  adminClaimSchema,
  z.object({ intent: z.literal("withdraw") }),
]);

const uuidField = z.string({ error: "Identificador inválido" }).regex(UUID_PATTERN, "Identificador inválido");
/** An admin's optional reason for a refusal, written into the mail. */
export const reasonField = optionalText("El motivo", CLAIM_LIMITS.reason);

/** Aprobar / Rechazar in /admin/solicitudes: a claim by its id, a submission by its kind and id. */
export const requestDecisionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.enum(["approve-claim", "refuse-claim"]), id: uuidField, reason: reasonField }),
  z.object({
    intent: z.enum(["approve-submission", "refuse-submission"]),
    kind: z.enum(LISTING_KIND_IDS),
    id: uuidField,
    reason: reasonField,
  }),
]);
