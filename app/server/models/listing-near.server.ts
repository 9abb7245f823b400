/**
 * The SQL of 'near a point' and 'open now near a point' that the search engine shares: the box and
 * great-circle distance over the GiST point index, and the walk over the open-period boxes.
 */
import { sql } from "drizzle-orm";
import { DAY_MINUTES } from "~/lib/opening-hours";

export type Nearby = { lat: number; lng: number; radiusKm: number };

/** Degrees of latitude per km, and of longitude per km at Panama's latitudes (7-10°N, cos ≥ 0.98). */
const LAT_DEG_PER_KM = 1 / 111.0;
const LNG_DEG_PER_KM = 1 / (111.32 * 0.98);

/** The box around a point that holds its radius, in degrees. */
function boxOf({ lat, lng, radiusKm }: Nearby) {
  const dLat = radiusKm * LAT_DEG_PER_KM;
  const dLng = radiusKm * LNG_DEG_PER_KM;
  return { west: lng - dLng, south: lat - dLat, east: lng + dLng, north: lat + dLat };
}

/**
 * The SQL of 'near a point' over alias t: the great-circle distance, the condition (a box on the
 * GiST point index of migration 0007, then the exact distance) and the KNN order (nearest first).
 */
export function nearSql(near: Nearby) {
  const { lat, lng, radiusKm } = near;
  const { west, south, east, north } = boxOf(near);
  const point = sql`point(t.longitud::float8, t.latitud::float8)`;
  const distance = sql`listing_distance_km(t.latitud::float8, t.longitud::float8, ${lat}::float8, ${lng}::float8)`;
  return {
    distance,
    within: sql`t.latitud is not null
      and ${point} <@ box(point(${west}::float8, ${south}::float8), point(${east}::float8, ${north}::float8))
      and ${distance} <= ${radiusKm}::float8`,
    knn: sql`${point} <-> point(${lng}::float8, ${lat}::float8)`,
  };
}

/**
 * 'Open at minute m of the week, near a point' over the boxes of migration 0008 (alias h): the
 * condition (that day's boxes open at m around the point) and the KNN order, both on one GiST index,
 * so that the walk meets only entries open at that minute, nearest first.
 */
export function openNearSql(near: Nearby, minute: number) {
  const { west, south, east, north } = boxOf(near);
  const at = sql`listing_week_coord(${minute}::int)`;
  return {
    overlaps: sql`h.day = ${Math.floor(minute / DAY_MINUTES)}::smallint and h.span && cube(array[${west}::float8, ${south}::float8, ${at}], array[${east}::float8, ${north}::float8, ${at}])`,
    knn: sql`h.span <-> cube(array[${near.lng}::float8, ${near.lat}::float8, ${at}])`,
  };
}
