/**
 * The admin's 'google-business-profile' search: Google Places API (New) Text Search over plain
 * fetch. Answers `{ results }` or `{ error }` with a Spanish message; it never throws.
 */
import { formatPhone } from "~/lib/phone";
import { getEnv } from "../platform/env.server";

const PLACES_DEFAULT_BASE = "https://places.googleapis.com";
const PLACES_PAGE_SIZE = 10;
export const PLACES_TIMEOUT_MS = 10_000;

/** Only what the mapping reads: Google bills by the fields asked for. */
export const PLACES_FIELD_MASK = [
  "places.id",
  "places.displayName",
  "places.formattedAddress",
  "places.nationalPhoneNumber",
  "places.internationalPhoneNumber",
  "places.websiteUri",
  "places.rating",
  "places.userRatingCount",
  "places.regularOpeningHours",
  "places.types",
  "places.primaryType",
  "places.location",
  "places.googleMapsUri",
  "places.reviews",
  "nextPageToken",
].join(",");

/** A point of Google's `regularOpeningHours.periods`: day 0 is Sunday. */
type PlacePoint = { day: number; hour: number; minute: number };
type PlacePeriod = { open: PlacePoint; close?: PlacePoint };

/** A business-profile search result, plus what the insert keeps (place id, coordinates, weekly periods). */
export type PlaceResult = {
  place_id: string;
  name: string;
  address: string | null;
  phone: string | null;
  website: string | null;
  rating: number | null;
  user_ratings_total: number | null;
  opening_hours: string[];
  opening_periods: PlacePeriod[] | null;
  types: string[];
  /** Google's main type for the place (one of `types`), when it has a supported one. */
  primary_type: string | null;
  reviews: { author_name: string; rating: number | null; text: string }[];
  maps_url: string | null;
  latitude: number | null;
  longitude: number | null;
};

/**
 * `nextOffset`: the offset that asks for the page after this one; `more`: whether Google has one
 * (it sent a page token).
 */
export type PlacesAnswer = { results: PlaceResult[]; nextOffset: number; more: boolean } | { error: string };
export type PlacesSearch = { query: string; location: string; offset: number };

export const PLACES_MESSAGES = {
  notConfigured: "La búsqueda de Google no está configurada (falta GOOGLE_PLACES_API_KEY).",
  badKey: "Google rechazó la clave de API de Places.",
  quota: "Se agotó la cuota de Google Places; inténtalo más tarde.",
  rejected: "Google rechazó la búsqueda",
  unavailable: "Google Places no está disponible en este momento; inténtalo más tarde.",
  timeout: "Google Places no respondió a tiempo (10 segundos).",
  unreadable: "Google Places devolvió una respuesta ilegible.",
  network: "No se pudo conectar con Google Places.",
} as const;

/**
 * Our endpoint pages by offset, Google by token: the token that follows each answer is kept here under
 * (query, location, offset reached). Losing it (restart, another process) only asks for a new search.
 */
const TOKEN_TTL_MS = 10 * 60_000;
const tokens = new Map<string, { token: string; at: number }>();
function tokenKey(s: PlacesSearch, offset: number) {
  return JSON.stringify([s.query.trim().toLowerCase(), s.location.trim().toLowerCase(), offset]);
}
function rememberToken(key: string, token: string) {
  const now = Date.now();
  for (const [k, v] of tokens) if (now - v.at > TOKEN_TTL_MS || tokens.size > 500) tokens.delete(k);
  tokens.set(key, { token, at: now });
}

type GooglePlace = {
  id?: string;
  displayName?: { text?: string };
  formattedAddress?: string;
  nationalPhoneNumber?: string;
  internationalPhoneNumber?: string;
  websiteUri?: string;
  rating?: number;
  userRatingCount?: number;
  regularOpeningHours?: { weekdayDescriptions?: string[]; periods?: { open?: Partial<PlacePoint>; close?: Partial<PlacePoint> }[] };
  types?: string[];
  primaryType?: string;
  location?: { latitude?: number; longitude?: number };
  googleMapsUri?: string;
  reviews?: { rating?: number; text?: { text?: string }; originalText?: { text?: string }; authorAttribution?: { displayName?: string } }[];
};

function point(p: Partial<PlacePoint> | undefined): PlacePoint | null {
  if (!p || typeof p.day !== "number") return null;
  return { day: p.day, hour: p.hour ?? 0, minute: p.minute ?? 0 };
}

function str(v: unknown): string | null {
  return typeof v === "string" && v.trim() !== "" ? v.trim() : null;
}
function num(v: unknown): number | null {
  return typeof v === "number" && Number.isFinite(v) ? v : null;
}

/** One Google place as our search result; null when it has no id or name to import. */
export function mapPlace(p: GooglePlace): PlaceResult | null {
  const id = str(p.id);
  const name = str(p.displayName?.text);
  if (!id || !name) return null;
  const periods = (p.regularOpeningHours?.periods ?? []).flatMap((x) => {
    const open = point(x.open);
    if (!open) return [];
    const close = point(x.close);
    return [close ? { open, close } : { open }];
  });
  const lat = num(p.location?.latitude);
  const lng = num(p.location?.longitude);
  return {
    place_id: id,
    name,
    address: str(p.formattedAddress),
    // As the directory writes phones: '+507 6000-0001'.
    phone: formatPhone(str(p.internationalPhoneNumber) ?? str(p.nationalPhoneNumber)),
    website: str(p.websiteUri),
    rating: num(p.rating),
    user_ratings_total: num(p.userRatingCount),
    opening_hours: (p.regularOpeningHours?.weekdayDescriptions ?? []).filter((d) => typeof d === "string"),
    opening_periods: periods.length > 0 ? periods : null,
    types: (p.types ?? []).filter((t) => typeof t === "string"),
    primary_type: str(p.primaryType),
    reviews: (p.reviews ?? []).map((r) => ({
      author_name: str(r.authorAttribution?.displayName) ?? "Anónimo",
      rating: num(r.rating),
      text: str(r.text?.text) ?? str(r.originalText?.text) ?? "",
    })),
    maps_url: str(p.googleMapsUri),
    latitude: lat !== null && lng !== null ? lat : null,
    longitude: lat !== null && lng !== null ? lng : null,
  };
}

/** Google's error JSON (`{ error: { code, message, status } }`) to a Spanish message. */
function describeFailure(status: number, body: unknown): string {
  const err = (body as { error?: { message?: unknown; status?: unknown } } | null)?.error;
  const googleStatus = typeof err?.status === "string" ? err.status : "";
  const message = typeof err?.message === "string" ? err.message : "";
  if (status === 429 || googleStatus === "RESOURCE_EXHAUSTED") return PLACES_MESSAGES.quota;
  if (status >= 500) return PLACES_MESSAGES.unavailable;
  if (
    status === 401 ||
    status === 403 ||
    /api key/i.test(message) ||
    googleStatus === "PERMISSION_DENIED" ||
    googleStatus === "UNAUTHENTICATED"
  ) {
    return PLACES_MESSAGES.badKey;
  }
  return `${PLACES_MESSAGES.rejected} (HTTP ${status}${googleStatus ? ` ${googleStatus}` : ""}).`;
}

type Deps = { fetch?: typeof fetch; apiKey?: string; base?: string; timeoutMs?: number };

export async function searchPlaces(search: PlacesSearch, deps: Deps = {}): Promise<PlacesAnswer> {
  const env = getEnv();
  const apiKey = deps.apiKey ?? env.GOOGLE_PLACES_API_KEY;
  if (!apiKey) return { error: PLACES_MESSAGES.notConfigured };
  const base = (deps.base ?? env.GOOGLE_PLACES_API_BASE ?? PLACES_DEFAULT_BASE).replace(/\/$/, "");
  const offset = Math.max(0, Math.trunc(search.offset));
  let pageToken: string | undefined;
  if (offset > 0) {
    const kept = tokens.get(tokenKey(search, offset));
    // No token for this offset: Google had no further page (or it expired): nothing more to show.
    if (!kept) return { results: [], nextOffset: offset, more: false };
    pageToken = kept.token;
  }
  const body = {
    textQuery: `${search.query.trim()}, ${search.location.trim()}`,
    languageCode: "es",
    regionCode: "PA",
    pageSize: PLACES_PAGE_SIZE,
    ...(pageToken ? { pageToken } : {}),
  };
  let res: Response;
  try {
    res = await (deps.fetch ?? fetch)(`${base}/v1/places:searchText`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Goog-Api-Key": apiKey, "X-Goog-FieldMask": PLACES_FIELD_MASK },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(deps.timeoutMs ?? PLACES_TIMEOUT_MS),
    });
  } catch (e) {
    const name = (e as { name?: string } | null)?.name;
    return { error: name === "TimeoutError" || name === "AbortError" ? PLACES_MESSAGES.timeout : PLACES_MESSAGES.network };
  }
  let json: unknown;
  try {
    json = JSON.parse(await res.text());
  } catch (e) {
    const name = (e as { name?: string } | null)?.name;
    if (name === "TimeoutError" || name === "AbortError") return { error: PLACES_MESSAGES.timeout };
    return { error: res.ok ? PLACES_MESSAGES.unreadable : describeFailure(res.status, null) };
  }
  if (!res.ok) return { error: describeFailure(res.status, json) };
  if (typeof json !== "object" || json === null || Array.isArray(json)) return { error: PLACES_MESSAGES.unreadable };
  const { places, nextPageToken } = json as { places?: unknown; nextPageToken?: unknown };
  if (places !== undefined && !Array.isArray(places)) return { error: PLACES_MESSAGES.unreadable };
  const results = ((places ?? []) as GooglePlace[]).flatMap((p) => {
    const r = p && typeof p === "object" ? mapPlace(p) : null;
    return r ? [r] : [];
  });
  const nextOffset = offset + results.length;
  const token = typeof nextPageToken === "string" ? nextPageToken : "";
  const more = token !== "";
  if (more) rememberToken(tokenKey(search, nextOffset), token);
  return { results, nextOffset, more };
}

/** For tests: forget kept page tokens. */
export function forgetPageTokens() {
  tokens.clear();
}
