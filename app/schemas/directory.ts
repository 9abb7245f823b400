/**
 * Zod schemas of the directory: listing query strings, search, and the admin controls on the
 * business listing pages. Browser-safe (no Node APIs); Spanish messages.
 */
import { z } from "./zod";
import { PROVINCE_SLUGS } from "~/catalog/provinces";
import { UUID_PATTERN as UUID } from "~/lib/uuid";
import { cercaField, radioField } from "./api-v1";
import { PAGE_SIZE, SEARCH_CANDIDATES, SEARCH_MAX_LENGTH } from "./directory-fields";

export { PAGE_SIZE, SEARCH_CANDIDATES };

export type Cursor = { ts: string; id: string };
export type SearchCursor = { score: string; id: string };

// created_at as UTC with microseconds, exactly as PostgreSQL prints it with to_char(... 'US').
const TS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/;
const SCORE = /^-?\d{1,6}(?:\.\d{1,12})?(?:e-?\d{1,2})?$/i;

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

/** Opaque cursor of a search page: the last entry's (relevance, id). */
export function encodeSearchCursor(c: SearchCursor): string {
  return b64urlEncode(`s|${c.score}|${c.id}`);
}
export function decodeSearchCursor(value: string): SearchCursor | null {
  const raw = b64urlDecode(value);
  if (!raw) return null;
  const [tag, score, id, extra] = raw.split("|");
  if (tag !== "s" || extra !== undefined || !score || !id || !SCORE.test(score) || !UUID.test(id)) return null;
  return { score, id: id.toLowerCase() };
}

const CURSOR_INVALID = "El enlace de paginación no es válido. Vuelve a la primera página.";
const PROVINCE_INVALID = "La provincia seleccionada no es válida.";

const emptyToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);

/** An optional ?cursor= read with `decode`; one it cannot read is an issue, not the first page. */
function cursorParam<C>(decode: (value: string) => C | null) {
  return z.preprocess(
    emptyToUndefined,
    z
      .string()
      .transform((v, ctx) => {
        const c = decode(v);
        if (!c) {
          ctx.addIssue({ code: "custom", message: CURSOR_INVALID });
          return z.NEVER;
        }
        return c;
      })
      .optional(),
  );
}

const cursorField = cursorParam(decodeCursor);

const provinceFilter = z.preprocess(
  (v) => (v === "todas" ? undefined : emptyToUndefined(v)),
  z.enum(PROVINCE_SLUGS, { error: PROVINCE_INVALID }).optional(),
);

/** `cerca` and `radio`: the page nearest first from the visitor's point. */
const nearFields = { cerca: cercaField, radio: radioField };

/** ?cursor= of a province page. */
export const listingQuerySchema = z.object({ cursor: cursorField, ...nearFields });

/** ?provincia=&cursor= of an industry page (the filter is applied on the server, so load-more keeps it). */
export const industryQuerySchema = z.object({ cursor: cursorField, provincia: provinceFilter, ...nearFields });

/** /buscar?q=&tipo=&provincia=&cursor= */
export const searchQuerySchema = z.object({
  q: z.preprocess(
    (v) => (typeof v === "string" ? v : ""),
    z.string().transform((v) =>
      v
        .replace(/[\u0000-\u001f\u007f]+/g, " ")
        .trim()
        .slice(0, SEARCH_MAX_LENGTH)
        .trim(),
    ),
  ),
  tipo: z.preprocess(
    (v) => (v === "todos" ? undefined : emptyToUndefined(v)),
    z.enum(["restaurantes", "negocios"], { error: "El tipo debe ser restaurantes o negocios." }).optional(),
  ),
  provincia: provinceFilter,
  cursor: cursorParam(decodeSearchCursor),
  ...nearFields,
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

export type ListingKind = "restaurant" | "business";

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
