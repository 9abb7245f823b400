/**
 * Zod schemas of the admin forms, with Spanish messages. Each is used in the browser (before
 * submitting) and re-checked in the action. Limits are deliberate: nothing of 10,000 characters
 * reaches the database, enumerations come from the catalog.
 */
import { z } from "./zod";
import { RESTAURANT_CATEGORY_SLUGS } from "~/catalog/categories";
import { INDUSTRY_SLUGS } from "~/catalog/industries";
import { LISTING_KIND_IDS } from "~/catalog/listing-kinds";
import { FREE_PLAN_DAYS, DEFAULT_FREE_PLAN_DAYS, PLAN_TYPE_SLUGS } from "~/catalog/plans";
import { PROVINCE_SLUGS } from "~/catalog/provinces";
import { emailField } from "./auth";
import { demasiadoLargo } from "./messages";
import { UUID_PATTERN } from "~/lib/uuid";
import { coordinatesFromMapsUrl, inPanama, type LatLng } from "~/lib/geo";
import { completeWebAddress, isWebAddress } from "~/lib/safe-url";
import { daysOf, periodsFromDays, WEEK_ORDER, type DayHours, type WeeklyPeriod } from "~/lib/opening-hours";
import { LIMITS } from "./admin-fields";

export { LIMITS };

/** Control characters (NUL among them, which PostgreSQL refuses in text) go; line breaks and tabs stay. */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
const clean = (s: string) => s.replace(CONTROL, "");
const trimmed = (v: unknown) => (typeof v === "string" ? clean(v).trim() : v);
const emptyToNull = (v: unknown) => {
  const t = trimmed(v);
  return t === "" || t === undefined ? null : t;
};

/** "El nombre es obligatorio", "La dirección es obligatoria". */
const obligatorio = (label: string) => `${label} es ${/^la\s/i.test(label) ? "obligatoria" : "obligatorio"}`;

const required = (label: string, max: number) =>
  z.preprocess(
    trimmed,
    z
      .string({ error: obligatorio(label) })
      .min(1, obligatorio(label))
      .max(max, demasiadoLargo(label, max)),
  );

const optionalText = (label: string, max: number) => z.preprocess(emptyToNull, z.string().max(max, demasiadoLargo(label, max)).nullable());

export const PHONE_INVALID = "Escribe un teléfono con al menos 7 dígitos, como 225-1234 o 6000-0000.";

/** A listing's phone: free text (for notes like «ext. 12») that holds at least a number's digits, since customers call it. */
const optionalPhone = () =>
  optionalText("El teléfono", LIMITS.telefono).refine((v) => v === null || v.replace(/\D/g, "").length >= 7, PHONE_INVALID);

/**
 * An optional web address: empty -> null; typed without a scheme ('www.ejemplo.com') it is completed
 * to https:// and stored so. Other schemes (javascript:, data:) and text that is no address are refused.
 */
const optionalUrl = (label: string) =>
  z.preprocess((v) => {
    const t = emptyToNull(v);
    return typeof t === "string" ? completeWebAddress(t) : t;
  }, z
    .string()
    .max(LIMITS.url, demasiadoLargo(label, LIMITS.url))
    .refine(isWebAddress, `${label} debe ser una URL válida, como www.ejemplo.com o https://ejemplo.com/menu`)
    .nullable());

/** One message for any rating outside the scale, typed as -1, 6 or "cinco". */
const RATING_RANGE = "La calificación va de 0 a 5";

/** Rating 0-5 in steps of 0.1; empty -> null. */
export const ratingField = z.preprocess(
  (v) => {
    const t = trimmed(v);
    if (t === "" || t === undefined || t === null) return null;
    if (typeof t === "string") return /^\d+([.,]\d+)?$/.test(t) ? Number(t.replace(",", ".")) : Number.NaN;
    return t;
  },
  z
    .number({ error: RATING_RANGE })
    .refine((n) => Number.isFinite(n), RATING_RANGE)
    .min(0, RATING_RANGE)
    .max(5, RATING_RANGE)
    .refine((n) => Math.abs(n * 10 - Math.round(n * 10)) < 1e-9, "La calificación admite un solo decimal (pasos de 0.1)")
    .nullable(),
);

const checkbox = z.preprocess((v) => v === "on" || v === "true" || v === "1" || v === true, z.boolean());

const provinceField = z.preprocess(
  trimmed,
  z.enum(PROVINCE_SLUGS, { error: (i) => (i.input ? "Selecciona una provincia válida" : "La provincia es obligatoria") }),
);
const industryField = z.preprocess(
  trimmed,
  z.enum(INDUSTRY_SLUGS, { error: (i) => (i.input ? "Selecciona una industria válida" : "La industria es obligatoria") }),
);
const planField = z.preprocess((v) => emptyToNull(v) ?? "free_local", z.enum(PLAN_TYPE_SLUGS, { error: "Selecciona un plan válido" }));

/**
 * Specialties: a list (the form's `especialidades[i]` fields). The restaurant form refuses empty and
 * duplicate entries; the business form trims and de-duplicates silently.
 */
function specialties(mode: "strict" | "dedupe") {
  return z.preprocess(
    (v) => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]),
    z
      .array(z.string({ error: "Especialidad inválida" }))
      .transform((list) => list.map((s) => clean(s).trim()))
      .superRefine((list, ctx) => {
        // Each problem is reported at the entry's own index (especialidades[2]).
        const seen = new Set<string>();
        list.forEach((s, i) => {
          if (s.length > LIMITS.especialidad) {
            ctx.addIssue({ code: "custom", path: [i], message: `Cada especialidad admite como máximo ${LIMITS.especialidad} caracteres` });
            return;
          }
          if (mode !== "strict") return;
          if (!s) {
            ctx.addIssue({ code: "custom", path: [i], message: "Las especialidades no pueden estar vacías" });
            return;
          }
          const key = s.toLocaleLowerCase("es");
          if (seen.has(key)) ctx.addIssue({ code: "custom", path: [i], message: `La especialidad «${s}» está repetida` });
          seen.add(key);
        });
      })
      .transform((list) => {
        const out: string[] = [];
        const seen = new Set<string>();
        for (const s of list) {
          const key = s.toLocaleLowerCase("es");
          if (s && !seen.has(key)) {
            seen.add(key);
            out.push(s);
          }
        }
        return out;
      })
      .refine((list) => list.length <= LIMITS.especialidades, `Máximo ${LIMITS.especialidades} especialidades`),
  );
}

// ---------------------------------------------------------------- location and weekly hours

export const LOCATION_UNREADABLE =
  "No encontramos coordenadas en ese enlace; pega el enlace completo de Google Maps o escribe latitud, longitud.";
export const LOCATION_OUTSIDE_PANAMA = "Las coordenadas deben estar dentro de Panamá.";

/** Six decimals, as the numeric(9,6) columns keep them: the bounds are checked on what is stored. */
const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

/** Coordinates in Panama out of a Maps link or 'lat, lng', or null. */
export function panamaPointOf(text: string): LatLng | null {
  const p = coordinatesFromMapsUrl(text);
  if (!p) return null;
  const point = { lat: round6(p.lat), lng: round6(p.lng) };
  return inPanama(point.lat, point.lng) ? point : null;
}

/** The location field: a Google Maps link or 'lat, lng'; empty -> no coordinates. */
const locationField = z.preprocess(
  emptyToNull,
  z
    .string({ error: LOCATION_UNREADABLE })
    .max(LIMITS.ubicacion, `La ubicación es demasiado larga (máximo ${LIMITS.ubicacion} caracteres)`)
    .nullable()
    .transform((text, ctx): LatLng | null => {
      if (text === null) return null;
      const p = coordinatesFromMapsUrl(text);
      if (!p || !Number.isFinite(p.lat) || !Number.isFinite(p.lng)) {
        ctx.addIssue({ code: "custom", message: LOCATION_UNREADABLE });
        return z.NEVER;
      }
      const point = { lat: round6(p.lat), lng: round6(p.lng) };
      if (!inPanama(point.lat, point.lng)) {
        // The usual slip: longitude first.
        const swapped = inPanama(point.lng, point.lat);
        ctx.addIssue({
          code: "custom",
          message: swapped
            ? `${LOCATION_OUTSIDE_PANAMA} ¿Las escribiste al revés? Primero va la latitud (8.98), luego la longitud (-79.52).`
            : LOCATION_OUTSIDE_PANAMA,
        });
        return z.NEVER;
      }
      return point;
    }),
);

/** What the location field shows for stored coordinates: '8.982400, -79.519900'. */
export function locationText(lat: number | null | undefined, lng: number | null | undefined): string {
  return lat === null || lat === undefined || lng === null || lng === undefined ? "" : `${lat.toFixed(6)}, ${lng.toFixed(6)}`;
}

/** Ranges a day's row accepts (the editor shows two, more only when a stored schedule has them). */
export const MAX_RANGES_PER_DAY = 4;

const clockText = z.preprocess(
  (v) => (typeof v === "string" ? clean(v).trim() : v === undefined || v === null ? "" : v),
  z.string({ error: "Hora inválida" }).max(10, "Escribe la hora como HH:MM, de 00:00 a 23:59"),
);

const HOURS_ROW_INVALID = "No se pudo leer el horario de este día";

const hoursRowSchema = z.object(
  {
    cerrado: checkbox,
    rangos: z.preprocess(
      (v) => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]),
      z
        .array(z.preprocess((v) => v ?? {}, z.object({ abre: clockText, cierra: clockText }, { error: HOURS_ROW_INVALID })))
        .max(MAX_RANGES_PER_DAY, `Máximo ${MAX_RANGES_PER_DAY} horarios por día`),
    ),
  },
  { error: HOURS_ROW_INVALID },
);

/** One row of the weekly hours editor as the form sends it (Monday first, WEEK_ORDER). */
export type HoursRow = { cerrado: string; rangos: { abre: string; cierra: string }[] };

/**
 * The weekly hours editor: seven rows, Monday first, each 'Cerrado' or up to a few open-close ranges.
 * Every row empty and none closed means no schedule (null); days left empty beside others with hours
 * are closed. The rules (HH:MM, overnight until 06:00, no overlaps) are periodsFromDays', and its
 * errors go to the day's row (`horario_semanal[0]` is Monday).
 */
const weeklyHoursField = z.preprocess(
  (v) => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v : [v]),
  z
    .array(z.preprocess((v) => v ?? {}, hoursRowSchema))
    .max(WEEK_ORDER.length, "El horario semanal tiene siete días")
    .transform((rows, ctx): WeeklyPeriod[] | null => {
      const days: DayHours[] = WEEK_ORDER.map((day, i) => {
        const row = rows[i];
        const ranges = (row?.rangos ?? []).filter((r) => r.abre || r.cierra).map((r) => ({ open: r.abre, close: r.cierra }));
        return { day, closed: row?.cerrado ?? false, ranges };
      });
      if (days.every((d) => !d.closed && d.ranges.length === 0)) return null;
      const result = periodsFromDays(days);
      if ("errors" in result) {
        for (const e of result.errors) {
          ctx.addIssue({ code: "custom", path: [WEEK_ORDER.indexOf(e.day as (typeof WEEK_ORDER)[number])], message: e.message });
        }
        return z.NEVER;
      }
      return result.periods;
    }),
);

/** The editor's rows for a stored schedule; no schedule -> seven empty rows (not seven closed days). */
export function hoursRowsOf(periods: readonly WeeklyPeriod[] | null | undefined): HoursRow[] {
  const days = periods ? daysOf(periods) : WEEK_ORDER.map((day): DayHours => ({ day, closed: false, ranges: [] }));
  return days.map((d) => ({
    cerrado: d.closed ? "on" : "",
    rangos: [...d.ranges.map((r) => ({ abre: r.open, cierra: r.close })), { abre: "", cierra: "" }, { abre: "", cierra: "" }].slice(
      0,
      Math.max(2, d.ranges.length),
    ),
  }));
}

export const restaurantSchema = z
  .object({
    nombre: required("El nombre", LIMITS.nombre),
    descripcion: optionalText("La descripción", LIMITS.descripcion),
    direccion: required("La dirección", LIMITS.direccion),
    telefono: optionalPhone(),
    horario: optionalText("El horario", LIMITS.horario),
    rating: ratingField,
    categoria: z.preprocess(emptyToNull, z.enum(RESTAURANT_CATEGORY_SLUGS, { error: "Selecciona una categoría válida" }).nullable()),
    provincia: provinceField,
    website_url: optionalUrl("El sitio web"),
    facebook_url: optionalUrl("Facebook"),
    instagram_url: optionalUrl("Instagram"),
    maps_url: optionalUrl("Google Maps"),
    ubicacion: locationField,
    horario_semanal: weeklyHoursField,
    imagen: optionalUrl("La imagen"),
    special_dish: optionalText("El plato especial", LIMITS.specialDish),
    customer_reviews: optionalText("Las reseñas", LIMITS.reviews),
    plan_type: planField,
    especialidades: specialties("strict"),
    is_verified: checkbox,
    is_active: checkbox,
  })
  // Location left empty: the coordinates of the restaurant's Google Maps link, when it has some in Panama.
  .transform((v) => (v.ubicacion || !v.maps_url ? v : { ...v, ubicacion: panamaPointOf(v.maps_url) }));
export type RestaurantInput = z.output<typeof restaurantSchema>;

export const businessSchema = z.object({
  nombre: required("El nombre", LIMITS.nombre),
  descripcion: required("La descripción", LIMITS.descripcion),
  direccion: required("La dirección", LIMITS.direccion),
  telefono: optionalPhone(),
  horario: optionalText("El horario", LIMITS.horario),
  rating: ratingField,
  industria: industryField,
  provincia: provinceField,
  website: optionalUrl("El sitio web"),
  ubicacion: locationField,
  horario_semanal: weeklyHoursField,
  imagen: optionalUrl("La imagen"),
  special_service: optionalText("El servicio especial", LIMITS.specialDish),
  customer_reviews: optionalText("Las reseñas", LIMITS.reviews),
  plan_type: planField,
  especialidades: specialties("dedupe"),
  is_verified: checkbox,
  is_active: checkbox,
});
export type BusinessInput = z.output<typeof businessSchema>;

const freePlanDaysField = z.preprocess(
  (v) => (v === undefined || v === "" ? DEFAULT_FREE_PLAN_DAYS : Number(v)),
  z.union(FREE_PLAN_DAYS.map((d) => z.literal(d)) as unknown as [z.ZodLiteral<30>, z.ZodLiteral<60>, z.ZodLiteral<90>], {
    error: "Elige 30, 60 o 90 días",
  }),
);

export const freePlanSchema = z.object({ email: emailField, days_granted: freePlanDaysField });

export const roleSchema = z.object({
  user_id: z.string().min(1, "Miembro inválido").max(100, "Miembro inválido"),
  role: z.enum(["admin", "user"], { error: "Elige un rol válido" }),
});

export const ownerSchema = z.object({
  business_id: z.string({ error: "Selecciona un negocio" }).regex(UUID_PATTERN, "Selecciona un negocio"),
  email: emailField,
});

/** Filters of the admin lists: unknown values are ignored, never an error. */
export const listFilterSchema = z.object({
  q: z.preprocess((v) => (typeof v === "string" ? clean(v).trim().slice(0, LIMITS.search) : ""), z.string()),
  provincia: z.preprocess((v) => ((PROVINCE_SLUGS as readonly unknown[]).includes(v) ? v : null), z.enum(PROVINCE_SLUGS).nullable()),
});

const uuidField = z.string().regex(UUID_PATTERN, "Identificador inválido");

/** Activar/Desactivar and delete on the admin lists. */
export const listingActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("toggle"),
    kind: z.enum(LISTING_KIND_IDS),
    id: uuidField,
    active: z.enum(["true", "false"]).transform((v) => v === "true"),
  }),
  z.object({
    intent: z.literal("delete"),
    kind: z.enum(LISTING_KIND_IDS),
    id: uuidField,
    confirm: z.string().optional(),
  }),
]);

export const freePlanActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("toggle"), id: uuidField, active: z.enum(["true", "false"]).transform((v) => v === "true") }),
  z.object({ intent: z.literal("delete"), id: uuidField, confirm: z.string().optional() }),
  z.object({ intent: z.literal("extend"), id: uuidField, days_granted: freePlanDaysField }),
]);
