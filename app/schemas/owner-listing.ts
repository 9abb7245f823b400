/**
 * The «Mi negocio» form: what a listing's manager may change. The fields are the admin form's own
 * (same rules, same Spanish messages), plus the WhatsApp number. Name, category or industry and
 * province are in the form too, but the server only queues them for an admin's review.
 */
import { z } from "./zod";
import { businessSchema, restaurantSchema } from "./admin";
import { LIMITS } from "./admin-fields";
import { reasonField } from "./owner-claims";
import { formatPhone, panamaE164 } from "~/lib/phone";
import { categoryLabel } from "~/catalog/categories";
import { industryLabel } from "~/catalog/industries";
import { provinceLabel } from "~/catalog/provinces";

export const WHATSAPP_INVALID = "Escribe un número de WhatsApp de Panamá, como 6000-0000 o +507 6000-0000.";

/** A Panamanian number (the wa.me link needs one), stored as the directory writes it; empty -> null. */
const whatsappField = z.preprocess(
  (v) => (typeof v === "string" ? v.trim() || null : (v ?? null)),
  z
    .string()
    .max(LIMITS.telefono, WHATSAPP_INVALID)
    .nullable()
    .transform((v, ctx) => {
      if (v === null) return null;
      if (!panamaE164(v)) {
        ctx.addIssue({ code: "custom", message: WHATSAPP_INVALID });
        return z.NEVER;
      }
      return formatPhone(v);
    }),
);

const r = restaurantSchema.in.shape;
const b = businessSchema.shape;

/** Fields both kinds' managers change at once. */
const shared = {
  descripcion: r.descripcion,
  direccion: r.direccion,
  telefono: r.telefono,
  whatsapp: whatsappField,
  horario: r.horario,
  imagen: r.imagen,
  facebook_url: r.facebook_url,
  instagram_url: r.instagram_url,
  ubicacion: r.ubicacion,
  horario_semanal: r.horario_semanal,
};

export const ownerRestaurantSchema = z.object({
  ...shared,
  nombre: r.nombre,
  categoria: r.categoria,
  provincia: r.provincia,
  website_url: r.website_url,
  especialidades: r.especialidades,
});

export const ownerBusinessSchema = z.object({
  ...shared,
  nombre: b.nombre,
  industria: b.industria,
  provincia: b.provincia,
  descripcion: b.descripcion,
  website: b.website,
  especialidades: b.especialidades,
});

export type OwnerRestaurantInput = z.output<typeof ownerRestaurantSchema>;
export type OwnerBusinessInput = z.output<typeof ownerBusinessSchema>;
export type OwnerListingInput = OwnerRestaurantInput | OwnerBusinessInput;

/** The fields an admin reviews before they change: name, category or industry, province. */
export const REVIEWED_FIELDS = ["nombre", "categoria", "industria", "provincia"] as const;
export type ReviewedField = (typeof REVIEWED_FIELDS)[number];

/** The admin's decision on a queued change; a refusal may say why (it goes in the mail). */
export const changeDecisionSchema = z.object({
  id: z.string().uuid("Solicitud inválida"),
  decision: z.enum(["approve", "refuse"], { error: "Decisión inválida" }),
  reason: reasonField.optional(),
});

export const REVIEWED_LABELS: Record<ReviewedField, string> = {
  nombre: "Nombre",
  categoria: "Categoría",
  industria: "Industria",
  provincia: "Provincia",
};

/** A reviewed field's value as people read it (the catalog's label, not its slug). */
export function reviewedValueLabel(field: ReviewedField, value: string | null | undefined): string {
  if (!value) return field === "categoria" ? "Sin categoría" : "—";
  if (field === "categoria") return categoryLabel(value);
  if (field === "industria") return industryLabel(value);
  if (field === "provincia") return provinceLabel(value);
  return value;
}
