/**
 * The 'near' and 'open now' parameters of listing and search pages, as the pages link to them:
 * `cerca` (the visitor's point), `cerca_de` (a town or neighbourhood by name), `radio` (km) and
 * `abierto` (1: open now).
 */

/** The place in the list (`cursor`, `paginas`), which another filter makes meaningless. */
const PLACE_IN_LIST = ["cursor", "paginas"];

/** A query string without `keys` and the place in the list: '' or '?…'. */
export function withoutParams(search: string, keys: readonly string[]): string {
  const params = new URLSearchParams(search);
  for (const key of [...keys, ...PLACE_IN_LIST]) params.delete(key);
  const rest = params.toString();
  return rest ? `?${rest}` : "";
}

/** A query string without the 'near' parameters (a point or a place, and its radius). */
export function withoutNear(search: string): string {
  return withoutParams(search, ["cerca", "cerca_de", "radio"]);
}

/** A query string without 'open now'. */
export function withoutOpen(search: string): string {
  return withoutParams(search, ["abierto"]);
}

/** The radius choices of the pages' 'Cerca de' box, in km; the default is DEFAULT_RADIUS_KM (5). */
export const RADIUS_CHOICES = [1, 2, 5, 10, 25] as const;

/** A radius as the pages write it: '5 km', '2,5 km'. */
export function radiusText(km: number): string {
  return `${String(km).replace(".", ",")} km`;
}

/** Where a listing or search page orders from: the visitor's point or a named place. */
export type NearPoint = {
  lat: number;
  lng: number;
  radiusKm: number;
  /** The radius as the page writes it: '5 km', '2,5 km'. */
  radius: string;
  /** `cerca` as typed back into a form ('lat,lng'), for the visitor's point; null for a named place. */
  point: string | null;
  /** The town or neighbourhood, as the catalog names it, when the page is near a place; null for the visitor's point. */
  name: string | null;
  /** The same page without the point or place; null when the place came from the search words. */
  clearHref: string | null;
};
