/**
 * Coordinates of listings: Panama's bounding box (the same as the tables' CHECK constraint),
 * great-circle distance, the `cerca=lat,lng` parameter and coordinates read out of a Google Maps link.
 */
export const PANAMA_BOUNDS = { lat: [7.0, 9.8], lng: [-83.1, -77.1] } as const;
/** 'Near me' radius in km: default and maximum. */
export const DEFAULT_RADIUS_KM = 5;
export const MAX_RADIUS_KM = 50;

export type LatLng = { lat: number; lng: number };

export function inPanama(lat: number, lng: number): boolean {
  return lat >= PANAMA_BOUNDS.lat[0] && lat <= PANAMA_BOUNDS.lat[1] && lng >= PANAMA_BOUNDS.lng[0] && lng <= PANAMA_BOUNDS.lng[1];
}

const EARTH_KM = 6371.0088;
const rad = (d: number) => (d * Math.PI) / 180;

/** Haversine distance in km (the database's `listing_distance_km` computes the same). */
export function distanceKm(a: LatLng, b: LatLng): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

const NUMBER = String.raw`[-+]?\d{1,3}(?:\.\d+)?`;
const PAIR = new RegExp(String.raw`^\s*(${NUMBER})\s*,\s*(${NUMBER})\s*$`);

/** 'lat,lng' as two numbers, or null (one number, words, more than two). Panama is not checked here. */
export function parseLatLng(value: string): LatLng | null {
  const m = PAIR.exec(value);
  if (!m) return null;
  const lat = Number(m[1]);
  const lng = Number(m[2]);
  return Number.isFinite(lat) && Number.isFinite(lng) ? { lat, lng } : null;
}

/**
 * The coordinates in a Google Maps link: the place's own (`!3d…!4d…`), else the map's centre
 * (`@lat,lng,zoom`), else a query or `ll` parameter of two numbers. Null when it has none (a
 * short maps.app.goo.gl link has to be opened first).
 */
export function coordinatesFromMapsUrl(value: string): LatLng | null {
  const text = decodeURIComponentSafe(value.trim());
  const place = new RegExp(String.raw`!3d(${NUMBER})!4d(${NUMBER})`).exec(text);
  if (place) return { lat: Number(place[1]), lng: Number(place[2]) };
  const centre = new RegExp(String.raw`@(${NUMBER}),(${NUMBER})(?:,|$)`).exec(text);
  if (centre) return { lat: Number(centre[1]), lng: Number(centre[2]) };
  const param = new RegExp(String.raw`[?&](?:q|query|ll|destination|center)=(${NUMBER}),\s*(${NUMBER})(?:&|$)`).exec(text);
  if (param) return { lat: Number(param[1]), lng: Number(param[2]) };
  return parseLatLng(text);
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, " "));
  } catch {
    return s;
  }
}

/** A Google Maps directions link to the coordinates (no map on our pages, no API key). */
export function directionsUrl(p: LatLng): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${p.lat.toFixed(6)},${p.lng.toFixed(6)}`;
}
