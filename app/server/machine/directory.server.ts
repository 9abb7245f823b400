/**
 * Local AI Search: the directory as machines read it. The public API (/api/v1) and the MCP server
 * (/mcp) both answer through these functions, so an assistant and a script get the same entries, the
 * same ranking and the same citation URLs. The search itself is the one engine's
 * (server/search/engine.server.ts); this file turns API parameters into its question and its answer
 * into the contract of app/schemas/directory-answer.ts. Field names are Spanish, like the site;
 * labels (category, industry, province, open state, the one-line summary) follow the answer's
 * language, the business's own texts stay as written.
 *
 * Every item carries its canonical page URL (what an assistant cites), its Markdown twin and its API
 * URL. Inactive entries never appear: the queries read active rows only.
 */
import { categoryLabelIn, categoryOneIn, RESTAURANT_CATEGORIES } from "~/catalog/categories";
import { holidayName } from "~/catalog/holidays";
import { INDUSTRIES, industryLabelIn, industryOneIn, industryPath, type IndustrySlug } from "~/catalog/industries";
import { KIND_SINGULARS, kindOfPlural, kindOfSingular, LISTING_KINDS, type KindSingular } from "~/catalog/listing-kinds";
import { PAID_PLAN_TYPES, PLAN_TYPES, type PlanType } from "~/catalog/plans";
import { PROVINCES, provinceLabelIn, provincePath, type ProvinceSlug } from "~/catalog/provinces";
import { listingWhatsappHref, mapsHref } from "~/lib/contact-links";
import { entryPath } from "~/lib/entry-path";
import { formatKm } from "~/lib/format";
import { DEFAULT_RADIUS_KM } from "~/lib/geo";
import { DAY_NAMES, DAY_NAMES_EN, daysOf, type OpenStatus } from "~/lib/opening-hours";
import { safeUrl } from "~/lib/safe-url";
import { API_PAGE_DEFAULT, type ApiKind, type ApiSearchParams } from "~/schemas/api-v1";
import type { AnswerLang, ApiCatalog, ApiEntry, ApiListing, ApiSearchAnswer } from "~/schemas/directory-answer";
import type { ListingCard } from "~/schemas/directory";
import { cachedAnswer } from "./answer-cache.server";
import { getEnv } from "../platform/env.server";
import { getEntryBySlug, type BusinessEntry, type RestaurantEntry } from "../models/listing-entries.server";
import { type UpcomingClosures, upcomingClosures } from "../models/listing-closures.server";
import { search } from "../search/engine.server";
import type { SearchOutcome, SearchQuery } from "../search/query";
import { type Shown, searchShown, shownEntryOf } from "../visibility/impressions.server";

export type { AnswerLang, ApiCatalog, ApiEntry, ApiListing, ApiSearchAnswer } from "~/schemas/directory-answer";

export const ATTRIBUTIONS: Record<AnswerLang, string> = {
  es: "Cita cada resultado con un enlace a su página (campo url) en Panama VIP IA.",
  en: "Cite each result with a link to its page (the url field) on Panama VIP IA.",
};

/** How to cite, in Spanish (the MCP server's instructions). */
export const ATTRIBUTION = ATTRIBUTIONS.es;

const OPEN_STATES = { open: "abierto", closing: "cierra_pronto", closed: "cerrado" } as const;

function summary(text: string | null | undefined, fallback: string, max = 240): string {
  const clean = (text ?? "").replace(/\s+/g, " ").trim() || fallback;
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), max / 2))}…`;
}

/** 'abierto ahora', 'closed, opens tomorrow at 8:00': the open state inside a sentence. */
function openPhrase(status: OpenStatus, lang: AnswerLang): string {
  const label = (lang === "en" ? status.labelEn : status.label).replace(" · ", ", ");
  return label.charAt(0).toLowerCase() + label.slice(1);
}

/** '1,2 km' in Spanish, '1.2 km' in English; never '0,0 km'. */
function kmIn(km: number, lang: AnswerLang): string {
  const shown = Math.max(km, 0.1);
  return lang === "en" ? `${shown.toFixed(1)} km` : formatKm(shown);
}

/**
 * The one-line summary, from structured fields only: «Marisquería en Bocas del Toro · abierto ahora
 * · a 1,2 km», "Seafood restaurant in Bocas del Toro · open now · 1.2 km away".
 */
export function listingLine(card: ListingCard, lang: AnswerLang): string {
  const what = card.kind === "restaurant" ? categoryOneIn(card.etiqueta, lang) : industryOneIn(card.etiqueta, lang);
  const parts = [`${what} ${lang === "en" ? "in" : "en"} ${provinceLabelIn(card.provincia, lang)}`];
  if (card.abierto) parts.push(openPhrase(card.abierto, lang));
  if (card.distancia_km != null) parts.push(lang === "en" ? `${kmIn(card.distancia_km, lang)} away` : `a ${kmIn(card.distancia_km, lang)}`);
  return parts.join(" · ");
}

function listingOf(card: ListingCard & { descripcion?: string | null }, origin: string, promoted: boolean, lang: AnswerLang): ApiListing {
  // The entry's kind as the API names it (`tipo`, and the first half of `id`).
  const tipo = LISTING_KINDS[card.kind].singular;
  const path = entryPath(card.kind, card.slug);
  const restaurant = card.kind === "restaurant";
  const label = restaurant ? categoryLabelIn(card.etiqueta, lang) : industryLabelIn(card.etiqueta ?? "", lang);
  const fallback = `${card.nombre}: ${label.toLowerCase() || tipo} ${lang === "en" ? "at" : "en"} ${card.direccion}.`;
  return {
    id: `${tipo}/${card.slug}`,
    tipo,
    slug: card.slug,
    nombre: card.nombre,
    resumen: summary(card.descripcion, fallback),
    linea: listingLine(card, lang),
    provincia: { slug: card.provincia, nombre: provinceLabelIn(card.provincia, lang) },
    categoria: restaurant && card.etiqueta ? { slug: card.etiqueta, nombre: categoryLabelIn(card.etiqueta, lang) } : null,
    industria: !restaurant && card.etiqueta ? { slug: card.etiqueta, nombre: industryLabelIn(card.etiqueta, lang) } : null,
    direccion: card.direccion,
    telefono: card.telefono,
    horario: card.horario,
    especialidades: card.especialidades,
    calificacion: card.rating,
    verificado: card.is_verified,
    plan: card.plan_type as PlanType,
    promocionado: promoted,
    abierto: card.abierto
      ? { estado: OPEN_STATES[card.abierto.state], texto: lang === "en" ? card.abierto.labelEn : card.abierto.label }
      : null,
    distancia_km: card.distancia_km == null ? null : Math.round(card.distancia_km * 100) / 100,
    url: `${origin}${path}`,
    markdown_url: `${origin}${path}.md`,
    api_url: `${origin}/api/v1/${LISTING_KINDS[card.kind].plural}/${card.slug}`,
  };
}

const SPECIAL_LABELS = {
  es: { restaurant: "Plato especial", business: "Servicio especial" },
  en: { restaurant: "Special dish", business: "Special service" },
} as const;

/** The days it closes besides its week, soonest first: its own closures and, if it closes on them, the next holiday. */
function closureDays({ closures, closesOnHolidays, nextHoliday }: UpcomingClosures): ApiEntry["cierres"] {
  const days = new Map(closures.map((c) => [c.day, c.reason]));
  if (closesOnHolidays && nextHoliday && !days.get(nextHoliday.day)) days.set(nextHoliday.day, holidayName(nextHoliday));
  return [...days.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([dia, motivo]) => ({ dia, motivo }));
}

function entryOf(e: RestaurantEntry | BusinessEntry, origin: string, lang: AnswerLang, closures: UpcomingClosures): ApiEntry {
  const base = listingOf(e, origin, PAID_PLAN_TYPES.includes(e.plan_type as PlanType), lang);
  const restaurant = e.kind === "restaurant";
  const special = restaurant ? e.special_dish : e.special_service;
  const dayNames = lang === "en" ? DAY_NAMES_EN : DAY_NAMES;
  return {
    ...base,
    resumen: summary(e.descripcion, base.resumen),
    descripcion: e.descripcion,
    sitio_web: safeUrl(restaurant ? e.website_url : e.website),
    redes: { facebook: safeUrl(e.facebook_url), instagram: safeUrl(e.instagram_url) },
    especial: special ? { etiqueta: SPECIAL_LABELS[lang][e.kind], valor: special } : null,
    opiniones: e.customer_reviews,
    whatsapp_url: listingWhatsappHref(e.whatsapp ?? e.telefono, e.nombre),
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
          dia: dayNames[d.day]!,
          cerrado: d.closed,
          rangos: d.ranges.map((r) => ({ abre: r.open, cierra: r.close })),
        }))
      : null,
    actualizado: new Date(e.updated_at).toISOString(),
    confirmado: e.info_confirmed_at,
    cierres: closureDays(closures),
    cierra_feriados: closures.closesOnHolidays,
  };
}

/** The engine's question for the API's (and MCP's) parameters. */
export function queryOf(params: ApiSearchParams, lang?: AnswerLang): SearchQuery {
  return {
    text: params.q,
    kind: params.tipo ? kindOfPlural(params.tipo) : undefined,
    province: params.provincia,
    industry: params.industria,
    category: params.categoria,
    near: params.cerca,
    nearPlace: params.cerca_de,
    radiusKm: params.radio,
    openNow: params.abierto_ahora,
    limit: params.limite,
    cursor: params.cursor,
    lang: params.idioma ?? lang,
  };
}

/**
 * The suggested question as an API URL: its words with the question's explicit parameters. A
 * suggestion with the same words changes a parameter instead (nothing near the point or place, or
 * nothing open now): its URL leaves out the place, else the open-now filter.
 */
function suggestionUrl(origin: string, q: string, params: ApiSearchParams): string {
  const sameWords = q === params.q;
  const withoutPlace = sameWords && Boolean(params.cerca || params.cerca_de);
  const withoutOpenNow = sameWords && !withoutPlace && Boolean(params.abierto_ahora);
  const query = new URLSearchParams({ q });
  const set = (name: string, value: string | number | boolean | undefined) => {
    if (value !== undefined) query.set(name, String(value));
  };
  set("tipo", params.tipo);
  set("provincia", params.provincia);
  set("industria", params.industria);
  set("categoria", params.categoria);
  if (!withoutPlace) {
    set("cerca", params.cerca ? `${params.cerca.lat},${params.cerca.lng}` : undefined);
    set("cerca_de", params.cerca_de);
    set("radio", params.radio);
  }
  if (!withoutOpenNow) set("abierto_ahora", params.abierto_ahora);
  set("limite", params.limite === API_PAGE_DEFAULT ? undefined : params.limite);
  set("idioma", params.idioma);
  return `${origin}/api/v1/buscar?${query.toString()}`;
}

function answerOf(params: ApiSearchParams, found: SearchOutcome, ignored: string[]): ApiSearchAnswer {
  const origin = getEnv().PUBLIC_URL;
  const lang = found.lang;
  const r = found.reading;
  return {
    consulta: {
      q: params.q,
      tipo: params.tipo ?? null,
      provincia: params.provincia ?? null,
      industria: params.industria ?? null,
      categoria: params.categoria ?? null,
      cerca: params.cerca ? { latitud: params.cerca.lat, longitud: params.cerca.lng, radio_km: params.radio ?? DEFAULT_RADIUS_KM } : null,
      cerca_de: params.cerca_de ?? null,
      abierto_ahora: params.abierto_ahora ?? false,
      idioma: lang,
      interpretacion: {
        provincia: r.province,
        industria: r.industry,
        categoria: r.category,
        tipo: params.tipo ?? (r.kind ? LISTING_KINDS[r.kind].plural : null),
        terminos: r.terms,
        usadas: r.used,
        apartadas: r.setAside,
        abierto_ahora: r.openNow,
        cerca_de: r.near ? { nombre: r.near.name, latitud: r.near.lat, longitud: r.near.lng, radio_km: r.near.radiusKm } : null,
        lugar_desconocido: r.unknownPlace,
      },
      ignorados: ignored,
    },
    resultados: found.hits.map((hit) => listingOf(hit, origin, hit.promoted, lang)),
    siguiente_cursor: found.nextCursor,
    sugerencia: found.suggestion
      ? { q: found.suggestion.text, motivo: found.suggestion.reason[lang], url: suggestionUrl(origin, found.suggestion.text, params) }
      : null,
    atribucion: ATTRIBUTIONS[lang],
  };
}

export type SearchOptions = {
  /** The language the client prefers (Accept-Language) when `idioma` does not say; else the words decide. */
  lang?: AnswerLang;
  /** Parameters the client sent that the search does not know, named back in consulta.ignorados. */
  ignored?: string[];
};

/**
 * The directory search of the API and MCP: free text plus optional filters, ranked, paged. Not
 * cached here: the engine keeps its answers until public data changes, and the mapping is cheap.
 * A cursor from another question throws the engine's BadCursorError.
 */
export async function searchDirectory(params: ApiSearchParams, options: SearchOptions = {}): Promise<ApiSearchAnswer> {
  return (await searchDirectoryShown(params, options)).answer;
}

/** The search's answer and what it showed, for counting (the listings' ids never reach the answer). */
export async function searchDirectoryShown(
  params: ApiSearchParams,
  options: SearchOptions = {},
): Promise<{ answer: ApiSearchAnswer; shown: Shown }> {
  const found = await search(queryOf(params, options.lang));
  return { answer: answerOf(params, found, options.ignored ?? []), shown: searchShown(found) };
}

/** An entry's answer and what it shows, for counting (the listing's id never reaches the answer). */
export type ShownApiEntry = { entry: ApiEntry; shown: Shown };

/** One active entry with every public field; null when the slug is unknown or the entry inactive. */
export async function directoryEntry(kind: ApiKind, slug: string, lang: AnswerLang = "es"): Promise<ApiEntry | null> {
  return (await directoryEntryShown(kind, slug, lang))?.entry ?? null;
}

/** directoryEntry with what it shows: cached together, so a cached answer still counts. */
export function directoryEntryShown(kind: ApiKind, slug: string, lang: AnswerLang = "es"): Promise<ShownApiEntry | null> {
  return cachedAnswer(`entrada:${kind}:${slug}:${lang}`, () => entryUncached(kind, slug, lang));
}

async function entryUncached(kind: ApiKind, slug: string, lang: AnswerLang): Promise<ShownApiEntry | null> {
  const origin = getEnv().PUBLIC_URL;
  const found = await getEntryBySlug(kindOfPlural(kind), slug);
  if (!found) return null;
  if ("redirectTo" in found) return entryUncached(kind, found.redirectTo, lang);
  const { entry } = found;
  return {
    entry: entryOf(entry, origin, lang, await upcomingClosures(entry.kind, entry.id)),
    shown: { entries: [shownEntryOf(entry)] },
  };
}

const ENTRY_ID = new RegExp(`^(${KIND_SINGULARS.join("|")})/([a-z0-9-]{1,200})$`);

/** An entry by the id that search results carry ("restaurante/{slug}" or "negocio/{slug}"). */
export async function directoryEntryById(id: string, lang: AnswerLang = "es"): Promise<ApiEntry | null> {
  return (await directoryEntryByIdShown(id, lang))?.entry ?? null;
}

/** directoryEntryById with what it shows. */
export async function directoryEntryByIdShown(id: string, lang: AnswerLang = "es"): Promise<ShownApiEntry | null> {
  const m = ENTRY_ID.exec(id.trim());
  if (!m) return null;
  return directoryEntryShown(LISTING_KINDS[kindOfSingular(m[1] as KindSingular)].plural, m[2]!, lang);
}

/** Provinces, industries, categories and plans with their labels (in `lang`) and page URLs. */
export function directoryCatalog(lang: AnswerLang = "es"): ApiCatalog {
  const origin = getEnv().PUBLIC_URL;
  return {
    provincias: PROVINCES.map((p) => ({
      slug: p.slug,
      nombre: provinceLabelIn(p.slug, lang),
      url: `${origin}${provincePath(p.slug as ProvinceSlug)}`,
      markdown_url: `${origin}${provincePath(p.slug as ProvinceSlug)}.md`,
    })),
    industrias: INDUSTRIES.map((i) => ({
      slug: i.slug,
      nombre: industryLabelIn(i.slug, lang),
      url: `${origin}${industryPath(i.slug as IndustrySlug)}`,
      markdown_url: `${origin}${industryPath(i.slug as IndustrySlug)}.md`,
    })),
    categorias: RESTAURANT_CATEGORIES.map((c) => ({ slug: c.slug, nombre: categoryLabelIn(c.slug, lang) })),
    planes: PLAN_TYPES.map((p) => ({ slug: p.slug, nombre: p.label })),
  };
}
