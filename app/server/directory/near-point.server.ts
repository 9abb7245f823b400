import { DEFAULT_RADIUS_KM, inPanama, type LatLng, parseLatLng } from "~/lib/geo";
import { type NearPoint, radiusText, withoutNear } from "~/lib/near-query";
import { searchParamsObject } from "~/schemas/directory";
import type { SearchReading } from "../search/query";

/**
 * A listing or search page's query string, for its schema. A well-formed `cerca` outside Panama (a
 * tourist's location) is taken out (with its `radio`, unless a place by name uses it): the page lists
 * as it would without a point and says why (`nearOutside`), where the API answers such a point with a
 * 400. A malformed point stays in, for the schema to refuse as a bad link.
 */
export function pageQuery(url: URL): { params: Record<string, string>; nearOutside: boolean } {
  const params = searchParamsObject(url);
  const point = params.cerca ? parseLatLng(params.cerca) : null;
  if (!point || inPanama(point.lat, point.lng)) return { params, nearOutside: false };
  const { cerca: _cerca, radio, ...rest } = params;
  return { params: params.cerca_de?.trim() && radio !== undefined ? { ...rest, radio } : rest, nearOutside: true };
}

/** The page's point from its checked `cerca` and `radio`, or null without one. */
export function nearPoint(url: URL, cerca: LatLng | undefined, radio: number | undefined): NearPoint | null {
  if (!cerca) return null;
  const radiusKm = radio ?? DEFAULT_RADIUS_KM;
  return {
    ...cerca,
    radiusKm,
    radius: radiusText(radiusKm),
    point: `${cerca.lat},${cerca.lng}`,
    name: null,
    clearHref: `${url.pathname}${withoutNear(url.search)}`,
  };
}

/** Where the search engine ordered a page from: the visitor's point, or the place it recognised. */
export function nearOfReading(url: URL, reading: SearchReading): NearPoint | null {
  const near = reading.near;
  if (!near) return null;
  return {
    lat: near.lat,
    lng: near.lng,
    radiusKm: near.radiusKm,
    radius: radiusText(near.radiusKm),
    point: near.name ? null : `${near.lat},${near.lng}`,
    name: near.name,
    clearHref: `${url.pathname}${withoutNear(url.search)}`,
  };
}
