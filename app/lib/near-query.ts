/**
 * A query string without the 'near me' parameters (`cerca`, `radio`) and the place in the list
 * (`cursor`, `paginas`), which another order makes meaningless: '' or '?…'.
 */
export function withoutNear(search: string): string {
  const params = new URLSearchParams(search);
  for (const key of ["cerca", "radio", "cursor", "paginas"]) params.delete(key);
  const rest = params.toString();
  return rest ? `?${rest}` : "";
}

/** The visitor's point on a listing or search page, and what the page shows of it. */
export type NearPoint = {
  lat: number;
  lng: number;
  radiusKm: number;
  /** The radius as the page writes it: '5 km', '2,5 km'. */
  radius: string;
  /** `cerca` as typed back into a form: 'lat,lng'. */
  point: string;
  /** The same page without the point. */
  clearHref: string;
};
