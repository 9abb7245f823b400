/**
 * The directory's one search engine: /buscar, the listing pages filtered by place or open now,
 * /api/v1/buscar and the MCP tools all ask it a SearchQuery and render its SearchOutcome.
 *
 * The words are read (reader.server.ts) into filters, terms and intents; the statement
 * (models/directory-search.server.ts) ranks at most CANDIDATES entries per kind by relevance, then
 * plan. Words never empty an answer on their own: filler is set aside by the reader, and a word that
 * no entry has is dropped before an empty answer is given. An empty answer carries the nearest
 * question that has results.
 */
import { kindOfPlural, LISTING_KINDS } from "~/catalog/listing-kinds";
import { provinceLabel, type ProvinceSlug } from "~/catalog/provinces";
import { NEIGHBOUR_PROVINCES } from "~/catalog/search-vocabulary";
import { TOWN_COORDINATES } from "~/catalog/towns";
import { DEFAULT_RADIUS_KM, MAX_RADIUS_KM } from "~/lib/geo";
import { panamaMinuteOfWeek } from "~/lib/opening-hours";
import { UserError } from "~/lib/user-error";
import { cachedAnswer } from "../machine/answer-cache.server";
import { panamaTodayAt } from "../models/listing-closures.server";
import { CANDIDATES, FEW_RESULTS, hasAnswer, nearestNeeded, type Place, ranked, termHasEntries } from "../models/directory-search.server";
import type { SearchLang, SearchOutcome, SearchQuery, SearchReading, SearchSuggestion } from "./query";
import { timeSearch } from "../platform/metrics.server";
import { type Filters, normalizeText, type ParsedQuery, parseDirectoryQuery, townNamed } from "./reader.server";

/** Thrown for a cursor that this search did not hand out (the API answers 400, MCP a tool error, pages a bad link). */
export class BadCursorError extends UserError {
  constructor() {
    super("El parámetro cursor no es válido: usa el siguiente_cursor de una respuesta anterior.");
  }
}

/** One search, answered from the answer cache when the same question was asked since data last changed. */
export function search(query: SearchQuery): Promise<SearchOutcome> {
  return cachedAnswer(`buscar:${JSON.stringify(query)}`, () => searchTimed(query));
}

/** The same search without the answer cache (tests that change rows behind the cache's back). */
export function searchFresh(query: SearchQuery): Promise<SearchOutcome> {
  return searchTimed(query);
}

/** Searches that reach the database, timed for the metrics by kind: near a point, by words, or by filters only. */
function searchTimed(q: SearchQuery): Promise<SearchOutcome> {
  const kind = q.near || q.nearPlace?.trim() ? "near" : q.text?.trim() ? "text" : "filters";
  return timeSearch(kind, () => searchUncached(q));
}

// ---------------------------------------------------------------- cursor

/** The question a cursor belongs to (without the page size and the cursor itself). */
function queryKey(q: SearchQuery, openNow: boolean): string {
  const text = [
    normalizeText(q.text),
    q.kind,
    q.province,
    q.industry,
    q.category,
    q.near ? `${q.near.lat},${q.near.lng}` : "",
    q.nearPlace ? normalizeText(q.nearPlace) : "",
    q.radiusKm ?? "",
    openNow ? "abierto" : "",
  ].join("|");
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619) >>> 0;
  return h.toString(36);
}

function encodeOffset(offset: number, key: string): string {
  return Buffer.from(`v1|${offset}|${key}`).toString("base64url");
}

function decodeOffset(cursor: string, key: string): number | null {
  if (!/^[A-Za-z0-9_-]{1,60}$/.test(cursor)) return null;
  const m = /^v1\|(\d{1,4})\|([a-z0-9]{1,8})$/.exec(Buffer.from(cursor, "base64url").toString("utf8"));
  if (!m || m[2] !== key) return null;
  const offset = Number(m[1]);
  return offset > 0 && offset < 2 * CANDIDATES ? offset : null;
}

// ---------------------------------------------------------------- search

function explicitOf(q: SearchQuery): Filters {
  // A category is a restaurant's, an industry a business's.
  const kind = q.kind ?? (q.category ? "restaurant" : q.industry ? "business" : undefined);
  return {
    tipo: kind && LISTING_KINDS[kind].plural,
    provincia: q.province,
    industria: q.industry,
    categoria: q.category,
  };
}

/** The same query without the filters read from its words; those words still rank (boosts). */
function withoutTextFilters(p: ParsedQuery, explicit: Filters): ParsedQuery {
  return {
    ...p,
    terms: p.terms.filter((t) => t !== p.trade),
    trade: null,
    categoria: p.fromText.categoria ? undefined : p.categoria,
    industria: p.fromText.industria ? undefined : p.industria,
    tipo: explicit.tipo,
    fromText: { ...p.fromText, categoria: false, industria: false },
  };
}

/** The point an answer is ordered from: the asker's, a place typed in the box, or 'near X' in the words. */
function nearOf(q: SearchQuery, p: ParsedQuery): { near: SearchReading["near"]; unknownPlace: string | null } {
  const radiusKm = q.radiusKm ?? DEFAULT_RADIUS_KM;
  if (q.near) return { near: { name: null, ...q.near, radiusKm }, unknownPlace: null };
  const named = q.nearPlace?.trim();
  const town = named ? townNamed(named) : p.nearTown;
  if (named && !town) return { near: null, unknownPlace: named };
  if (!town) return { near: null, unknownPlace: null };
  const { lat, lng } = TOWN_COORDINATES[town]!;
  return { near: { name: town, lat, lng, radiusKm }, unknownPlace: null };
}

async function searchUncached(q: SearchQuery): Promise<SearchOutcome> {
  const explicit = explicitOf(q);
  let parsed = parseDirectoryQuery(q.text, explicit);
  const lang: SearchLang = q.lang ?? parsed.lang;
  const openNow = Boolean(q.openNow) || parsed.openNow;
  const key = queryKey(q, openNow);
  let offset = 0;
  if (q.cursor) {
    const decoded = decodeOffset(q.cursor, key);
    if (decoded === null) throw new BadCursorError();
    offset = decoded;
  }
  const { near, unknownPlace } = nearOf(q, parsed);
  // The minute and the day (a closure, a holiday) of one instant, for 'open now' and the cards.
  const now = new Date();
  const place: Place = {
    near: near ? { lat: near.lat, lng: near.lng, radiusKm: near.radiusKm } : undefined,
    openAt: openNow ? panamaMinuteOfWeek(now) : undefined,
    today: panamaTodayAt(now),
  };
  const setAside = [...parsed.setAside];
  // The rows up to the page's end (at least FEW_RESULTS, so that a short answer is read whole).
  const take = Math.max(offset + q.limit, FEW_RESULTS);
  let found = await ranked(parsed, explicit, place, nearestNeeded(offset, q.limit), take);
  if (near && place.near && found.total < take && !q.near && !q.nearPlace && q.radiusKm === undefined) {
    // 'near Chitré' in the words asks for the nearest, however far: when the usual circle holds too
    // few, the widest one (read second, because a wide circle costs far more to read).
    near.radiusKm = MAX_RADIUS_KM;
    place.near = { ...place.near, radiusKm: MAX_RADIUS_KM };
    found = await ranked(parsed, explicit, place, nearestNeeded(offset, q.limit), take);
  }
  let all = found.rows;
  let total = found.total;
  // Entries that have every word but are closed now: the words are right, the hour is not.
  const closedNow = openNow && found.matched > total;
  if (
    total < FEW_RESULTS &&
    !(openNow && found.matched >= FEW_RESULTS) &&
    parsed.terms.some((t) => t !== parsed.trade) &&
    (parsed.fromText.categoria || parsed.fromText.industria)
  ) {
    // A word read as a filter left (almost) nothing ('programación python' is taught in a school,
    // not sold by a tech shop): the entries that have it as a word follow.
    const relaxed = withoutTextFilters(parsed, explicit);
    const seen = new Set(all.map((r) => r.id));
    const more = (await ranked(relaxed, explicit, place)).rows.filter((r) => !seen.has(r.id));
    if (all.length === 0 && more.length) parsed = relaxed;
    all = [...all, ...more];
    total = all.length;
  }
  if (total === 0 && parsed.terms.length && !closedNow) {
    // Words no entry has ('shop', 'authentic', a misspelt name) go before an empty answer is given;
    // so do words none has under the question's filters, when the rest still says what is wanted
    // ('técnico de computadoras en Colón'). A known word alone stays, for the suggestion to widen.
    const kept: string[] = [];
    for (const term of parsed.terms) if (await termHasEntries(term)) kept.push(term);
    const what = (terms: string[]) => terms.length > 1 || Boolean(parsed.categoria || parsed.industria);
    for (const term of [...kept]) {
      if (term === parsed.trade) continue;
      if (what(kept) && !(await hasAnswer({ ...parsed, terms: [term] }))) kept.splice(kept.indexOf(term), 1);
    }
    // Nothing left that says what is wanted (every word unknown, no filter, place or intent): an
    // empty answer, not the whole directory.
    const nothingLeft = !kept.length && !parsed.categoria && !parsed.industria && !parsed.provincia && !parsed.tipo && !near && !openNow;
    if (kept.length < parsed.terms.length && !nothingLeft) {
      for (const term of parsed.terms.filter((t) => !kept.includes(t))) setAside.push(...(parsed.termWords[term] ?? [term]));
      parsed = { ...parsed, terms: kept, exact: kept.length ? parsed.exact : [] };
      found = await ranked(parsed, explicit, place, nearestNeeded(offset, q.limit), take);
      all = found.rows;
      total = found.total;
    }
  }
  const used = parsed.used.filter((w) => !setAside.includes(w));
  const reading: SearchReading = {
    province: parsed.provincia ?? null,
    industry: parsed.industria ?? null,
    category: parsed.categoria ?? null,
    kind: parsed.tipo ? kindOfPlural(parsed.tipo) : null,
    // A trade's words ('ferreteria|materiales|…') are said as the word that asked for them.
    terms: parsed.terms.map((t) => (t === parsed.trade ? normalizeText((parsed.termWords[t] ?? []).join(" ")) || t : t)),
    used,
    setAside,
    openNow,
    near,
    unknownPlace,
  };
  const page = all.slice(offset, offset + q.limit);
  const nextCursor = offset + q.limit < total ? encodeOffset(offset + q.limit, key) : null;
  const suggestion = total === 0 && !unknownPlace ? await suggest(q, parsed, reading, lang, closedNow) : null;
  return { hits: page, nextCursor, offset, total, lang, reading, suggestion };
}

// ---------------------------------------------------------------- suggestions

const REASONS = {
  neighbour: (from: string, to: string) => ({
    es: `No hay resultados en ${from}; sí en ${to}, provincia vecina.`,
    en: `Nothing in ${from}; there are results in neighbouring ${to}.`,
  }),
  country: (from: string) => ({
    es: `No hay resultados en ${from}; sí en otras provincias.`,
    en: `Nothing in ${from}; there are results elsewhere in Panama.`,
  }),
  fewer: (word: string) => ({
    es: `Ningún resultado tiene todas las palabras; prueba sin «${word}».`,
    en: `No entry has every word; try without «${word}».`,
  }),
  wider: (radius: number, where: string | null) => ({
    es: `Ningún resultado a menos de ${String(radius).replace(".", ",")} km${where ? ` de ${where}` : ""}; prueba con un radio mayor.`,
    en: `Nothing within ${radius} km${where ? ` of ${where}` : ""}; try a wider radius.`,
  }),
  closed: {
    es: "Ningún resultado está abierto ahora; prueba sin «abierto ahora».",
    en: "Nothing is open now; try without «open now».",
  },
};

/** The typed words of a reading, without some of them. */
function wordsWithout(p: ParsedQuery, drop: string[]): string {
  return p.used.filter((w) => !drop.includes(w)).join(" ");
}

/**
 * The nearest useful question for an empty answer: the same one in a neighbouring province, then in
 * the whole country, without the 'open now', farther from the point, or without one of its words.
 */
async function suggest(
  q: SearchQuery,
  p: ParsedQuery,
  reading: SearchReading,
  lang: SearchLang,
  closedNow: boolean,
): Promise<SearchSuggestion | null> {
  if (closedNow) return { text: q.text, reason: REASONS.closed };
  if (reading.near) {
    return { text: q.text, reason: REASONS.wider(reading.near.radiusKm, reading.near.name) };
  }
  const province = p.provincia;
  if (province && !q.province) {
    const rest = wordsWithout(p, p.placeTyped);
    const from = provinceLabel(province);
    for (const neighbour of NEIGHBOUR_PROVINCES[province]) {
      if (await hasAnswer({ ...p, provincia: neighbour as ProvinceSlug })) {
        const to = provinceLabel(neighbour);
        const text = `${rest}${rest ? (lang === "en" ? " in " : " en ") : ""}${to}`;
        return { text, reason: REASONS.neighbour(from, to) };
      }
    }
    if (rest && (await hasAnswer({ ...p, provincia: undefined }))) return { text: rest, reason: REASONS.country(from) };
  }
  if (reading.openNow && (await hasAnswer(p))) {
    return { text: q.text, reason: REASONS.closed };
  }
  if (p.terms.length > 0 && (p.terms.length > 1 || p.categoria || p.industria)) {
    // The category (or one word) without the extra word.
    for (const term of [...p.terms].reverse()) {
      const others = p.terms.filter((t) => t !== term);
      if (await hasAnswer({ ...p, terms: others })) {
        const dropped = p.termWords[term] ?? [term];
        const text = wordsWithout(p, dropped);
        if (text) return { text, reason: REASONS.fewer(dropped.join(" ")) };
      }
    }
  }
  return null;
}
