/**
 * The directory's one search engine: /buscar, the listing pages filtered by place or open now,
 * /api/v1/buscar and the MCP tools all ask it a SearchQuery and render its SearchOutcome.
 */
import { DEFAULT_RADIUS_KM } from "~/lib/geo";
import { UserError } from "~/lib/user-error";
import type { ApiSearchParams } from "~/schemas/api-v1";
import { cachedAnswer } from "../answer-cache.server";
import { searchDirectoryRows } from "../models/directory-search.server";
import type { SearchOutcome, SearchQuery } from "./query";

/** Thrown for a cursor that this search did not hand out (the API answers 400, MCP a tool error, pages a bad link). */
export class BadCursorError extends UserError {
  constructor() {
    super("El parámetro cursor no es válido: usa el siguiente_cursor de una respuesta anterior.");
  }
}

const TIPO = { restaurant: "restaurantes", business: "negocios" } as const;
const KIND = { restaurantes: "restaurant", negocios: "business" } as const;

/** One search, answered from the answer cache when the same question was asked since data last changed. */
export function search(query: SearchQuery): Promise<SearchOutcome> {
  return cachedAnswer(`buscar:${JSON.stringify(query)}`, () => searchUncached(query));
}

async function searchUncached(query: SearchQuery): Promise<SearchOutcome> {
  const params = {
    q: query.text,
    tipo: query.kind ? TIPO[query.kind] : undefined,
    provincia: query.province,
    industria: query.industry,
    categoria: query.category,
    cursor: query.cursor,
    limite: query.limit,
    cerca: query.near,
    radio: query.near ? query.radiusKm : undefined,
    abierto_ahora: query.openNow,
  } as ApiSearchParams;
  const found = await searchDirectoryRows(params);
  if (found === "bad-cursor") throw new BadCursorError();
  const i = found.interpretation;
  return {
    hits: found.rows,
    nextCursor: found.nextCursor,
    lang: query.lang ?? "es",
    reading: {
      province: (i.provincia as SearchOutcome["reading"]["province"]) ?? null,
      industry: (i.industria as SearchOutcome["reading"]["industry"]) ?? null,
      category: (i.categoria as SearchOutcome["reading"]["category"]) ?? null,
      kind: i.tipo ? KIND[i.tipo] : null,
      terms: i.terminos,
      used: [],
      setAside: [],
      openNow: Boolean(query.openNow),
      near: query.near ? { name: null, ...query.near, radiusKm: query.radiusKm ?? DEFAULT_RADIUS_KM } : null,
      unknownPlace: null,
    },
    suggestion: found.suggestion
      ? { text: found.suggestion.q, reason: { es: found.suggestion.reason, en: found.suggestion.reason } }
      : null,
  };
}
