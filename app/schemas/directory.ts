/**
 * Zod schemas of the directory: listing query strings, search, and the admin controls on the
 * business listing pages. Browser-safe (no Node APIs); Spanish messages.
 */
import { z } from "./zod";
import { KIND_PLURALS, type ListingKind } from "~/catalog/listing-kinds";
import { PROVINCE_SLUGS } from "~/catalog/provinces";
import { UUID_PATTERN as UUID } from "~/lib/uuid";
import { cercaField, radioField } from "./api-v1";
import { PAGE_SIZE, PLACE_MAX_LENGTH, SEARCH_MAX_LENGTH } from "./directory-fields";

export { PAGE_SIZE };

export type Cursor = { ts: string; id: string };

// created_at as UTC with microseconds, exactly as PostgreSQL prints it with to_char(... 'US').
const TS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/;

function b64urlEncode(text: string): string {
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
function b64urlDecode(text: string): string | null {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(text)) return null;
  try {
    return atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  } catch {
    return null;
  }
}

/** Opaque keyset cursor of a listing page: the last entry's (created_at, id). */
export function encodeCursor(c: Cursor): string {
  return b64urlEncode(`${c.ts}|${c.id}`);
}
export function decodeCursor(value: string): Cursor | null {
  const raw = b64urlDecode(value);
  if (!raw) return null;
  const [ts, id, extra] = raw.split("|");
  if (extra !== undefined || !ts || !id || !TS.test(ts) || !UUID.test(id)) return null;
  return { ts, id: id.toLowerCase() };
}

export const CURSOR_INVALID = "El enlace de paginación no es válido. Vuelve a la primera página.";
const PROVINCE_INVALID = "La provincia seleccionada no es válida.";

const emptyToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);

/**
 * A page's ?cursor= as it came: a listing page reads it as its keyset cursor when it lists in its
 * own order, and hands it to the search engine (which checks it) when it lists filtered.
 */
const rawCursorField = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,200}$/, CURSOR_INVALID)
    .optional(),
);

/** Text typed in a box: control characters out, trimmed and cut to `max` (long input is cut, never refused). */
const typedText = (max: number) =>
  z.preprocess(
    (v) => (typeof v === "string" ? v : ""),
    z.string().transform((v) =>
      v
        .replace(/[\u0000-\u001f\u007f]+/g, " ")
        .trim()
        .slice(0, max)
        .trim(),
    ),
  );

const OPEN_INVALID = "El filtro «Abierto ahora» del enlace no es válido.";

/** `abierto`: the «Abierto ahora» box (the checkbox sends 1); true/si and 0/false/no also read. */
const openNowField = z.preprocess((v) => {
  if (typeof v !== "string") return v;
  const t = v.trim().toLowerCase();
  if (t === "") return undefined;
  if (["1", "true", "si", "sí", "on"].includes(t)) return true;
  if (["0", "false", "no", "off"].includes(t)) return false;
  return v;
}, z.boolean({ error: OPEN_INVALID }).optional());

/** `cerca_de`: a town or neighbourhood typed in the «Cerca de» box; the search engine reads it. */
const placeNameField = typedText(PLACE_MAX_LENGTH).transform((v) => v || undefined);

const provinceFilter = z.preprocess(
  (v) => (v === "todas" ? undefined : emptyToUndefined(v)),
  z.enum(PROVINCE_SLUGS, { error: PROVINCE_INVALID }).optional(),
);

/** `cerca` and `radio`: the page nearest first from the visitor's point. */
const nearFields = { cerca: cercaField, radio: radioField };

/**
 * The filters of a listing or search page's form: the visitor's point (`cerca`) or a place by name
 * (`cerca_de`), the radius around either (`radio`), and open now (`abierto`).
 */
const pageFilterFields = { ...nearFields, cerca_de: placeNameField, abierto: openNowField };

/** ?cursor= and the filters of a province page. */
export const provincePageQuerySchema = z.object({ cursor: rawCursorField, ...pageFilterFields });

/** ?provincia=&cursor= and the filters of an industry page (applied on the server, so load-more keeps them). */
export const industryPageQuerySchema = z.object({ cursor: rawCursorField, provincia: provinceFilter, ...pageFilterFields });

/** /buscar?q=&tipo=&provincia=&cursor= and the filters. */
export const searchQuerySchema = z.object({
  q: typedText(SEARCH_MAX_LENGTH),
  tipo: z.preprocess(
    (v) => (v === "todos" ? undefined : emptyToUndefined(v)),
    z.enum(KIND_PLURALS, { error: "El tipo debe ser restaurantes o negocios." }).optional(),
  ),
  provincia: provinceFilter,
  cursor: rawCursorField,
  ...pageFilterFields,
});

const listingId = z.string({ error: "Falta el identificador del negocio." }).regex(UUID, "El identificador del negocio no es válido.");

/** The admin controls on a business listing page, told apart by `intent`. */
export const listingAdminActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("toggle"),
      id: listingId,
      active: z.enum(["true", "false"], { error: "Estado no válido." }).transform((v) => v === "true"),
    }),
    z.object({
      intent: z.literal("delete"),
      id: listingId,
      confirm: z.literal("si", { error: "Confirma la eliminación antes de continuar." }),
    }),
  ],
  { error: "Acción no reconocida." },
);

/** Query-string object of a URL, keeping the first value of each key. */
export function searchParamsObject(url: URL): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of url.searchParams) if (!(k in out)) out[k] = v;
  return out;
}

import type { OpenStatus } from "~/lib/opening-hours";

/** What a listing card shows. `etiqueta` is the category (restaurants) or industry (businesses) slug. */
export type ListingCard = {
  kind: ListingKind;
  id: string;
  slug: string;
  nombre: string;
  etiqueta: string | null;
  provincia: string;
  rating: number | null;
  direccion: string;
  telefono: string | null;
  horario: string | null;
  especialidades: string[];
  is_verified: boolean;
  is_active: boolean;
  plan_type: string;
  imagen: string | null;
  /** 'Abierto ahora', 'Cierra pronto' or 'Cerrado · abre …' when it has a weekly schedule. */
  abierto: OpenStatus | null;
  /** Kilometres from the visitor's point, on 'near me' pages. */
  distancia_km: number | null;
};
