/**
 * The Google import: the search form and the approval, re-checked on the server. The approved
 * result travels back as JSON; every field is bounded so a forged post cannot store more than a
 * real Google answer would.
 */
import { z } from "./zod";
import { RESTAURANT_CATEGORY_SLUGS } from "~/catalog/categories";
import { INDUSTRY_SLUGS } from "~/catalog/industries";
import { LISTING_KIND_IDS } from "~/catalog/listing-kinds";
import { PROVINCE_SLUGS } from "~/catalog/provinces";

export const SEARCH_MESSAGES = {
  term: "Por favor ingresa un término de búsqueda",
  province: "Por favor selecciona una provincia",
} as const;

export const placeSearchSchema = z.object({
  query: z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v),
    z
      .string({ error: SEARCH_MESSAGES.term })
      .min(1, SEARCH_MESSAGES.term)
      .max(200, "El término es demasiado largo (máximo 200 caracteres)"),
  ),
  provincia: z.enum(PROVINCE_SLUGS, { error: SEARCH_MESSAGES.province }),
  offset: z.coerce.number().int().min(0).max(1000).default(0),
});

/** The body of POST /api/google-business-profile: location is '{province label}, Panamá'. */
export const placeSearchBodySchema = z.object({
  query: z.string().trim().min(1, SEARCH_MESSAGES.term).max(200),
  location: z.string().trim().min(1, SEARCH_MESSAGES.province).max(100),
  offset: z.number().int().min(0).max(1000).default(0),
});

const text = (max: number) => z.string().max(max);
const point = z.object({
  day: z.number().int().min(0).max(6),
  hour: z.number().int().min(0).max(24),
  minute: z.number().int().min(0).max(59),
});

export const placeResultSchema = z.object({
  place_id: z.string().min(1).max(300),
  name: z.string().trim().min(1).max(200),
  address: text(500).nullable(),
  phone: text(50).nullable(),
  website: text(500).nullable(),
  rating: z.number().min(0).max(5).nullable(),
  user_ratings_total: z.number().int().min(0).nullable().optional(),
  opening_hours: z.array(text(200)).max(14),
  opening_periods: z
    .array(z.object({ open: point, close: point.optional() }))
    .max(50)
    .nullable(),
  types: z.array(text(100)).max(50),
  primary_type: text(100).nullable().optional(),
  reviews: z.array(z.object({ author_name: text(200), rating: z.number().min(0).max(5).nullable(), text: text(5000) })).max(10),
  maps_url: text(500).nullable(),
  latitude: z.number().min(-90).max(90).nullable(),
  longitude: z.number().min(-180).max(180).nullable(),
});

export const approvalSchema = z.object({
  kind: z.enum(LISTING_KIND_IDS, { error: "Elige restaurante o negocio" }),
  provincia: z.enum(PROVINCE_SLUGS, { error: SEARCH_MESSAGES.province }),
  industria: z.enum(INDUSTRY_SLUGS, { error: "Elige una industria" }),
  // Absent (an older form, another caller): the category the place's Google types name.
  categoria: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.enum(RESTAURANT_CATEGORY_SLUGS, { error: "Elige una categoría" }).optional(),
  ),
});

/** Skip one result (or restore a skipped one): its Google id and its name, shown when listing skips. */
export const placeSkipSchema = z.object({
  place_id: z.string().trim().min(1).max(300),
  name: z.string().trim().min(1).max(200),
});

export type Approval = z.infer<typeof approvalSchema>;
export type ApprovedPlace = z.infer<typeof placeResultSchema>;

/** A result as the tab lists it: already in the directory, or skipped by an admin before. */
export type GoogleResult = ApprovedPlace & { imported: boolean; skipped: boolean };
/** What the Google tab's actions answer. */
export type GoogleActionData =
  | {
      intent: "google-search";
      query: string;
      provincia: string;
      offset: number;
      /** The offset of the next page, and whether Google has one ('Buscar más'). */
      nextOffset: number;
      more: boolean;
      results: GoogleResult[];
      error: string | null;
    }
  | { intent: "google-invalid"; errors: Record<string, string> }
  | { intent: "google-approve"; placeId: string; ok: boolean; title: string; description?: string }
  | { intent: "google-skip" | "google-unskip"; placeId: string; ok: boolean };
