/**
 * Local AI Search: the directory as machines read it. The public API (/api/v1) and the MCP server
 * (/mcp) both answer through these three functions, so an assistant and a script get the same
 * entries, the same ranking and the same citation URLs. Field names are Spanish, like the site.
 *
 * Every item carries its canonical page URL (what an assistant cites), its Markdown twin and its API
 * URL. Inactive entries never appear: the queries below read active rows only.
 */
import { categoryLabel, RESTAURANT_CATEGORIES } from "~/catalog/categories";
import { INDUSTRIES, industryLabel, industryPath, type IndustrySlug } from "~/catalog/industries";
import { PLAN_TYPES, PAID_PLAN_TYPES, type PlanType } from "~/catalog/plans";
import { PROVINCES, provinceLabel, provincePath, type ProvinceSlug } from "~/catalog/provinces";
import { listingWhatsappHref, mapsHref } from "~/lib/contact-links";
import { safeUrl } from "~/lib/safe-url";
import { entryPath } from "~/lib/entry-path";
import type { ApiKind, ApiSearchParams } from "~/schemas/api-v1";
import { cachedAnswer } from "../answer-cache.server";
import { getEnv } from "../env.server";
import {
  getBusinessBySlug,
  getRestaurantBySlug,
  type BusinessEntry,
  type ListingCard,
  type RestaurantEntry,
} from "../models/listings.server";
import { searchDirectoryRows, type DirectoryRow } from "../models/directory-search.server";
import { DAY_NAMES, daysOf } from "~/lib/opening-hours";
import { DEFAULT_RADIUS_KM } from "~/lib/geo";
import { UserError } from "~/lib/user-error";

type Labelled = { slug: string; nombre: string };

/** One search result: small enough that ten of them fit an assistant's answer. */
export type ApiListing = {
  /** Stable id for MCP fetch: "restaurante/{slug}" or "negocio/{slug}". */
  id: string;
  tipo: "restaurante" | "negocio";
  slug: string;
  nombre: string;
  /** One short paragraph (at most ~240 characters). */
  resumen: string;
  provincia: Labelled;
  categoria: Labelled | null;
  industria: Labelled | null;
  direccion: string;
  telefono: string | null;
  horario: string | null;
  especialidades: string[];
  calificacion: number | null;
  verificado: boolean;
  plan: PlanType;
  /** True when the entry's paid plan ranks it above equally relevant free entries. */
  promocionado: boolean;
  /** Open now in Panama, from the weekly schedule; null without one. */
  abierto: { estado: "abierto" | "cierra_pronto" | "cerrado"; texto: string } | null;
  /** Kilometres from `cerca`, when the search had one. */
  distancia_km: number | null;
  /** Canonical page: cite this. */
  url: string;
  markdown_url: string;
  api_url: string;
};

export type ApiEntry = ApiListing & {
  descripcion: string | null;
  sitio_web: string | null;
  redes: { facebook: string | null; instagram: string | null };
  especial: { etiqueta: string; valor: string } | null;
  opiniones: string | null;
  whatsapp_url: string | null;
  mapa_url: string;
  imagen: string | null;
  coordenadas: { latitud: number; longitud: number } | null;
  /** The weekly schedule, Monday first, in America/Panama time; null when there is none. */
  horario_semanal: { dia: string; cerrado: boolean; rangos: { abre: string; cierra: string }[] }[] | null;
  /** ISO 8601 time of the last change. */
  actualizado: string;
};

export type ApiSearchAnswer = {
  consulta: {
    q: string;
    tipo: ApiKind | null;
    provincia: string | null;
    industria: string | null;
    categoria: string | null;
    cerca: { latitud: number; longitud: number; radio_km: number } | null;
    abierto_ahora: boolean;
    /** What the free text was read as: filters found in it, words searched. */
    interpretacion: {
      provincia: string | null;
      industria: string | null;
      categoria: string | null;
      tipo: ApiKind | null;
      terminos: string[];
    };
  };
  resultados: ApiListing[];
  siguiente_cursor: string | null;
  /** On an empty answer: a nearby query that has results (or null). */
  sugerencia: { q: string; motivo: string; url: string } | null;
  /** How to cite: the entry's page URL. */
  atribucion: string;
};

export type ApiCatalog = {
  provincias: (Labelled & { url: string; markdown_url: string })[];
  industrias: (Labelled & { url: string; markdown_url: string })[];
  categorias: Labelled[];
  planes: Labelled[];
};

export const ATTRIBUTION = "Cita cada resultado con un enlace a su página (campo url) en Panama VIP IA.";

const OPEN_STATES = { open: "abierto", closing: "cierra_pronto", closed: "cerrado" } as const;

/** The entry's kind as the API names it (`tipo`, and the first half of `id`). */
const API_TIPO = { restaurant: "restaurante", business: "negocio" } as const;

function summary(text: string | null | undefined, fallback: string, max = 240): string {
  const clean = (text ?? "").replace(/\s+/g, " ").trim() || fallback;
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), max / 2))}…`;
}

function listingOf(card: ListingCard & { descripcion?: string | null }, origin: string, promoted: boolean): ApiListing {
  const tipo = API_TIPO[card.kind];
  const path = entryPath(card.kind, card.slug);
  const label = card.kind === "restaurant" ? categoryLabel(card.etiqueta) : industryLabel(card.etiqueta ?? "");
  return {
    id: `${tipo}/${card.slug}`,
    tipo,
    slug: card.slug,
    nombre: card.nombre,
    resumen: summary(card.descripcion, `${card.nombre}: ${label.toLowerCase() || tipo} en ${card.direccion}.`),
    provincia: { slug: card.provincia, nombre: provinceLabel(card.provincia) },
    categoria: card.kind === "restaurant" && card.etiqueta ? { slug: card.etiqueta, nombre: categoryLabel(card.etiqueta) } : null,
    industria: card.kind === "business" && card.etiqueta ? { slug: card.etiqueta, nombre: industryLabel(card.etiqueta) } : null,
    direccion: card.direccion,
    telefono: card.telefono,
    horario: card.horario,
    especialidades: card.especialidades,
    calificacion: card.rating,
    verificado: card.is_verified,
    plan: card.plan_type as PlanType,
    promocionado: promoted,
    abierto: card.abierto ? { estado: OPEN_STATES[card.abierto.state], texto: card.abierto.label } : null,
    distancia_km: card.distancia_km == null ? null : Math.round(card.distancia_km * 100) / 100,
    url: `${origin}${path}`,
    markdown_url: `${origin}${path}.md`,
    api_url: `${origin}/api/v1/${tipo === "restaurante" ? "restaurantes" : "negocios"}/${card.slug}`,
  };
}

function entryOf(e: RestaurantEntry | BusinessEntry, origin: string): ApiEntry {
  const base = listingOf(e, origin, PAID_PLAN_TYPES.includes(e.plan_type as PlanType));
  const restaurant = e.kind === "restaurant";
  const special = restaurant ? e.special_dish : e.special_service;
  return {
    ...base,
    resumen: summary(e.descripcion, base.resumen),
    descripcion: e.descripcion,
    sitio_web: safeUrl(restaurant ? e.website_url : e.website),
    redes: { facebook: restaurant ? safeUrl(e.facebook_url) : null, instagram: restaurant ? safeUrl(e.instagram_url) : null },
    especial: special ? { etiqueta: restaurant ? "Plato especial" : "Servicio especial", valor: special } : null,
    opiniones: e.customer_reviews,
    whatsapp_url: listingWhatsappHref(e.telefono, e.nombre),
    mapa_url: mapsHref({
      maps_url: restaurant ? e.maps_url : null,
      nombre: e.nombre,
      direccion: e.direccion,
      latitud: e.latitud,
      longitud: e.longitud,
    }),
    imagen: safeUrl(e.imagen),
    coordenadas: e.latitud != null && e.longitud != null ? { latitud: e.latitud, longitud: e.longitud } : null,
    horario_semanal: e.horario_semanal
      ? daysOf(e.horario_semanal).map((d) => ({
          dia: DAY_NAMES[d.day]!,
          cerrado: d.closed,
          rangos: d.ranges.map((r) => ({ abre: r.open, cierra: r.close })),
        }))
      : null,
    actualizado: new Date(e.updated_at).toISOString(),
  };
}

/** Thrown for a cursor that this search did not hand out (the API answers 400, MCP a tool error). */
export class BadCursorError extends UserError {
  constructor() {
    super("El parámetro cursor no es válido: usa el siguiente_cursor de una respuesta anterior.");
  }
}

/** The directory search of the API and MCP: free text plus optional filters, ranked, paged. */
export function searchDirectory(params: ApiSearchParams): Promise<ApiSearchAnswer> {
  return cachedAnswer(`buscar:${JSON.stringify(params)}`, () => searchUncached(params));
}

async function searchUncached(params: ApiSearchParams): Promise<ApiSearchAnswer> {
  const origin = getEnv().PUBLIC_URL;
  const found = await searchDirectoryRows(params);
  if (found === "bad-cursor") throw new BadCursorError();
  const tipo = params.tipo ?? found.interpretation.tipo ?? null;
  return {
    consulta: {
      q: params.q,
      tipo: params.tipo ?? null,
      provincia: params.provincia ?? null,
      industria: params.industria ?? null,
      categoria: params.categoria ?? null,
      cerca: params.cerca ? { latitud: params.cerca.lat, longitud: params.cerca.lng, radio_km: params.radio ?? DEFAULT_RADIUS_KM } : null,
      abierto_ahora: params.abierto_ahora ?? false,
      interpretacion: { ...found.interpretation, tipo },
    },
    resultados: found.rows.map((r: DirectoryRow) => listingOf(r, origin, r.promoted)),
    siguiente_cursor: found.nextCursor,
    sugerencia: found.suggestion
      ? {
          q: found.suggestion.q,
          motivo: found.suggestion.reason,
          url: `${origin}/api/v1/buscar?${new URLSearchParams({ q: found.suggestion.q }).toString()}`,
        }
      : null,
    atribucion: ATTRIBUTION,
  };
}

/** One active entry with every public field; null when the slug is unknown or the entry inactive. */
export function directoryEntry(kind: ApiKind, slug: string): Promise<ApiEntry | null> {
  return cachedAnswer(`entrada:${kind}:${slug}`, () => entryUncached(kind, slug));
}

async function entryUncached(kind: ApiKind, slug: string): Promise<ApiEntry | null> {
  const origin = getEnv().PUBLIC_URL;
  const found = kind === "restaurantes" ? await getRestaurantBySlug(slug) : await getBusinessBySlug(slug);
  if (!found) return null;
  if ("redirectTo" in found) return entryUncached(kind, found.redirectTo);
  return entryOf(found.entry, origin);
}

/** An entry by the id that search results carry ("restaurante/{slug}" or "negocio/{slug}"). */
export async function directoryEntryById(id: string): Promise<ApiEntry | null> {
  const m = /^(restaurante|negocio)\/([a-z0-9-]{1,200})$/.exec(id.trim());
  if (!m) return null;
  return directoryEntry(m[1] === "restaurante" ? "restaurantes" : "negocios", m[2]!);
}

/** Provinces, industries, categories and plans with their Spanish labels and page URLs. */
export function directoryCatalog(): ApiCatalog {
  const origin = getEnv().PUBLIC_URL;
  return {
    provincias: PROVINCES.map((p) => ({
      slug: p.slug,
      nombre: p.label,
      url: `${origin}${provincePath(p.slug as ProvinceSlug)}`,
      markdown_url: `${origin}${provincePath(p.slug as ProvinceSlug)}.md`,
    })),
    industrias: INDUSTRIES.map((i) => ({
      slug: i.slug,
      nombre: i.label,
      url: `${origin}${industryPath(i.slug as IndustrySlug)}`,
      markdown_url: `${origin}${industryPath(i.slug as IndustrySlug)}.md`,
    })),
    categorias: RESTAURANT_CATEGORIES.map((c) => ({ slug: c.slug, nombre: c.label })),
    planes: PLAN_TYPES.map((p) => ({ slug: p.slug, nombre: p.label })),
  };
}
