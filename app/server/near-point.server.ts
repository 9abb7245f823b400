import { DEFAULT_RADIUS_KM, type LatLng } from "~/lib/geo";
import { type NearPoint, withoutNear } from "~/lib/near-query";

/** The page's point from its checked `cerca` and `radio`, or null without one. */
export function nearPoint(url: URL, cerca: LatLng | undefined, radio: number | undefined): NearPoint | null {
  if (!cerca) return null;
  const radiusKm = radio ?? DEFAULT_RADIUS_KM;
  return {
    ...cerca,
    radiusKm,
    radius: `${String(radiusKm).replace(".", ",")} km`,
    point: `${cerca.lat},${cerca.lng}`,
    clearHref: `${url.pathname}${withoutNear(url.search)}`,
  };
}
