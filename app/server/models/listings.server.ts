/**
 * Public directory queries: active restaurants by province and businesses by industry with keyset
 * cursors on (created_at desc, id desc), entries by slug (old slugs answer with the current one for
 * a 301), and the SQL pieces the search engine shares (card columns, the search document, 'near').
 *
 * Every listing query here is bounded: it reads PAGE_SIZE + 1 rows from a partial index.
 */
import { sql, type SQL } from "drizzle-orm";
import { business_open_spans, restaurant_open_spans } from "~/db/schema";
import type { ProvinceSlug } from "~/catalog/provinces";
import type { IndustrySlug } from "~/catalog/industries";
import { encodeCursor, PAGE_SIZE, type Cursor } from "~/schemas/directory";
import { queryRows } from "../platform/db.server";
import { utcMicros } from "./keyset.server";
import { DAY_MINUTES, openStatus, type WeeklyPeriod } from "~/lib/opening-hours";

import type { ListingCard, ListingKind } from "~/schemas/directory";
export type { ListingCard, ListingKind };

export type ListingPage = { items: ListingCard[]; nextCursor: string | null };

type CardRow = Omit<ListingCard, "kind" | "rating" | "abierto" | "distancia_km"> & {
  rating: number | string | null;
  imported: boolean;
  cursor_ts: string;
  horario_semanal: WeeklyPeriod[] | null;
  latitud: number | null;
  longitud: number | null;
  distancia_km?: number | null;
};
/** What toCard reads: the columns of cardColumns. */
export type CardColumnsRow = Omit<CardRow, "cursor_ts">;

// Google's terms: ratings (and reviews) of entries imported from Google are not shown publicly. The open
// status is the server's, at `now`: cached pages live 30 s at most (docs/decisions).
export function toCard(kind: ListingKind, r: CardColumnsRow, now = new Date()): ListingCard {
  return {
    kind,
    id: r.id,
    slug: r.slug,
    nombre: r.nombre,
    etiqueta: r.etiqueta,
    provincia: r.provincia,
    rating: r.imported || r.rating == null ? null : Number(r.rating),
    direccion: r.direccion,
    telefono: r.telefono,
    horario: r.horario,
    especialidades: (r.especialidades ?? []).slice(0, 8),
    is_verified: r.is_verified,
    is_active: r.is_active,
    plan_type: r.plan_type,
    imagen: r.imagen,
    abierto: openStatus(r.horario_semanal, now),
    distancia_km: r.distancia_km == null ? null : Number(r.distancia_km),
  };
}

export const cardColumns = (kind: ListingKind, alias = "t") => {
  const t = sql.raw(alias);
  return sql`${t}.id, ${t}.slug, ${t}.nombre, ${kind === "restaurant" ? sql`${t}.categoria` : sql`${t}.industria`} as etiqueta,
    ${t}.provincia, ${t}.rating::float8 as rating, ${t}.direccion, ${t}.telefono, ${t}.horario, ${t}.especialidades,
    ${t}.is_verified, ${t}.is_active, ${t}.plan_type, ${t}.imagen, (${t}.google_place_id is not null) as imported,
    ${t}.horario_semanal, ${t}.latitud::float8 as latitud, ${t}.longitud::float8 as longitud`;
};

const cursorTs = (alias = "t") => sql`${utcMicros(sql`${sql.raw(alias)}.created_at`)} as cursor_ts`;

const afterCursor = (cursor: Cursor | undefined, alias = "t") =>
  cursor
    ? sql`and (${sql.raw(alias)}.created_at, ${sql.raw(alias)}.id) < ((${cursor.ts}::timestamp at time zone 'UTC'), ${cursor.id}::uuid)`
    : sql``;

function page(kind: ListingKind, rows: CardRow[]): ListingPage {
  const more = rows.length > PAGE_SIZE;
  const shown = rows.slice(0, PAGE_SIZE);
  const last = shown[shown.length - 1];
  return {
    items: shown.map((r) => toCard(kind, r)),
    // The public cursor's time has no zone letter (it is read back as UTC).
    nextCursor: more && last ? encodeCursor({ ts: last.cursor_ts.replace(/Z$/, ""), id: last.id }) : null,
  };
}

/** Active restaurants of a province, newest first; `cursor` continues after the previous page. */
export async function listRestaurantsByProvince(provincia: ProvinceSlug, cursor?: Cursor): Promise<ListingPage> {
  return page("restaurant", await queryRows<CardRow>(provinceQuery(provincia, cursor)));
}

/** The SQL of a province page (exported for EXPLAIN ANALYZE in the benchmark). */
export function provinceQuery(provincia: ProvinceSlug, cursor?: Cursor): SQL {
  return sql`
    select ${cardColumns("restaurant")}, ${cursorTs()}
    from restaurants t
    where t.provincia = ${provincia} and t.is_active ${afterCursor(cursor)}
    order by t.created_at desc nulls last, t.id desc nulls last
    limit ${PAGE_SIZE + 1}`;
}

/**
 * Active businesses of an industry, optionally of one province, newest first. Admins also see
 * inactive ones (dimmed) so that they can reactivate them from the same page.
 */
export async function listBusinessesByIndustry(
  industria: IndustrySlug,
  opts: { provincia?: ProvinceSlug; cursor?: Cursor; includeInactive?: boolean } = {},
): Promise<ListingPage> {
  return page("business", await queryRows<CardRow>(industryQuery(industria, opts)));
}

/** The SQL of an industry page (exported for EXPLAIN ANALYZE in the benchmark). */
export function industryQuery(
  industria: IndustrySlug,
  opts: { provincia?: ProvinceSlug; cursor?: Cursor; includeInactive?: boolean } = {},
): SQL {
  return sql`
    select ${cardColumns("business")}, ${cursorTs()}
    from businesses t
    where t.industria = ${industria}
      ${opts.includeInactive ? sql`` : sql`and t.is_active`}
      ${opts.provincia ? sql`and t.provincia = ${opts.provincia}` : sql``}
      ${afterCursor(opts.cursor)}
    order by t.created_at desc nulls last, t.id desc nulls last
    limit ${PAGE_SIZE + 1}`;
}

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

/** The open-period boxes of each kind (migration 0008). */
export const openSpansOf = (kind: ListingKind) => (kind === "restaurant" ? restaurant_open_spans : business_open_spans);

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

// ---------------------------------------------------------------- entries

/** Where the entry is and when it opens, on entry pages, JSON-LD and the API. */
export type EntryPlace = { latitud: number | null; longitud: number | null; horario_semanal: WeeklyPeriod[] | null };

export type RestaurantEntry = ListingCard &
  EntryPlace & {
    kind: "restaurant";
    descripcion: string | null;
    website_url: string | null;
    facebook_url: string | null;
    instagram_url: string | null;
    maps_url: string | null;
    special_dish: string | null;
    customer_reviews: string | null;
    updated_at: string;
  };

export type BusinessEntry = ListingCard &
  EntryPlace & {
    kind: "business";
    descripcion: string;
    website: string | null;
    special_service: string | null;
    customer_reviews: string | null;
    updated_at: string;
  };

function placeOf(row: CardColumnsRow): EntryPlace {
  return {
    latitud: row.latitud == null ? null : Number(row.latitud),
    longitud: row.longitud == null ? null : Number(row.longitud),
    horario_semanal: row.horario_semanal ?? null,
  };
}

export type EntryLookup<T> = { entry: T } | { redirectTo: string } | null;

async function slugFromHistory(kind: ListingKind, oldSlug: string): Promise<string | null> {
  const table = sql.identifier(kind === "restaurant" ? "restaurants" : "businesses");
  const rows = await queryRows<{ slug: string }>(sql`
    select t.slug from listing_slug_history h join ${table} t on t.id = h.listing_id
    where h.kind = ${kind} and h.old_slug = ${oldSlug} and t.is_active
    limit 1`);
  return rows[0]?.slug ?? null;
}

/**
 * An active entry of `kind` by slug, with the kind's own `columns` read by `fields`; an old slug gives
 * `{ redirectTo }` (301); otherwise null (404). Reviews of imported entries stay out (Google's terms).
 */
async function entryBySlug<E>(kind: ListingKind, slug: string, columns: SQL, fields: (row: Record<string, unknown>) => object) {
  // PostgreSQL text holds no NUL (the query would fail): such a slug names nothing.
  if (!slug || slug.length > 200 || slug.includes("\u0000")) return null;
  const table = sql.identifier(kind === "restaurant" ? "restaurants" : "businesses");
  const rows = await queryRows<CardRow & Record<string, unknown>>(sql`
    select ${cardColumns(kind)}, ${cursorTs()}, t.descripcion, t.customer_reviews, t.updated_at::text as updated_at, ${columns}
    from ${table} t where t.slug = ${slug} and t.is_active limit 1`);
  const row = rows[0];
  if (!row) {
    const current = await slugFromHistory(kind, slug);
    return current && current !== slug ? { redirectTo: current } : null;
  }
  const entry = {
    ...toCard(kind, row),
    ...placeOf(row),
    kind,
    customer_reviews: row.imported ? null : (row.customer_reviews as string | null),
    updated_at: row.updated_at as string,
    ...fields(row),
  };
  return { entry: entry as E };
}

export function getRestaurantBySlug(slug: string): Promise<EntryLookup<RestaurantEntry>> {
  return entryBySlug<RestaurantEntry>(
    "restaurant",
    slug,
    sql`t.website_url, t.facebook_url, t.instagram_url, t.maps_url, t.special_dish`,
    (row) => ({
      descripcion: row.descripcion as string | null,
      website_url: row.website_url as string | null,
      facebook_url: row.facebook_url as string | null,
      instagram_url: row.instagram_url as string | null,
      maps_url: row.maps_url as string | null,
      special_dish: row.special_dish as string | null,
    }),
  );
}

export function getBusinessBySlug(slug: string): Promise<EntryLookup<BusinessEntry>> {
  return entryBySlug<BusinessEntry>("business", slug, sql`t.website, t.special_service`, (row) => ({
    descripcion: row.descripcion as string,
    website: row.website as string | null,
    special_service: row.special_service as string | null,
  }));
}

// ---------------------------------------------------------------- search

/** The text a search matches in an entry (alias `t`): the expression its full-text index is built on (migration 0001). */
export const searchDoc = (kind: ListingKind, alias = "t") => {
  const a = sql.raw(alias);
  return kind === "restaurant"
    ? sql`listing_search_text(${a}.nombre, ${a}.descripcion, ${a}.direccion, ${a}.especialidades, ${a}.categoria)`
    : sql`listing_search_text(${a}.nombre, ${a}.descripcion, ${a}.direccion, ${a}.especialidades, ${a}.industria)`;
};

// ---------------------------------------------------------------- sitemap

export type SitemapListing = { kind: ListingKind; slug: string; updated_at: Date };

export type ListingLastChanges = { provinces: Map<string, Date>; industries: Map<string, Date> };

/**
 * The newest change (updated_at) among the active entries of each province and each industry
 * listing, for the sitemap's lastmod of the 20 listing pages. One grouped pass over each table: the
 * sitemap is read by crawlers, rarely, and cached by them.
 */
export async function listingLastChanges(): Promise<ListingLastChanges> {
  const rows = await queryRows<{ kind: ListingKind; key: string; at: string | Date }>(sql`
    select 'restaurant' as kind, provincia as key, max(updated_at) as at from restaurants where is_active group by provincia
    union all
    select 'business' as kind, industria as key, max(updated_at) as at from businesses where is_active group by industria`);
  const out: ListingLastChanges = { provinces: new Map(), industries: new Map() };
  for (const r of rows) (r.kind === "restaurant" ? out.provinces : out.industries).set(r.key, new Date(r.at));
  return out;
}

/** Whether more than `n` entries are active in all (a capped count: it reads at most n + 1 rows). */
export async function activeListingsExceed(n: number): Promise<boolean> {
  const [row] = await queryRows<{ c: number }>(sql`
    select count(*)::int as c from (
      (select 1 from restaurants where is_active limit ${n + 1})
      union all
      (select 1 from businesses where is_active limit ${n + 1})
    ) capped`);
  return Number(row?.c ?? 0) > n;
}

/**
 * Where each sitemap chunk of `size` active entries of one kind starts (the slug it comes after; null
 * for the first). Each step skips `size` rows along the slug index, so the cost grows with the
 * directory, not with the number of visitors: the sitemap is cached and crawlers read it rarely.
 */
export async function activeSlugChunkStarts(kind: ListingKind, size: number): Promise<(string | null)[]> {
  const table = sql.raw(kind === "restaurant" ? "restaurants" : "businesses");
  const starts: (string | null)[] = [];
  let after: string | null = null;
  for (;;) {
    const firstRows: { slug: string }[] = await queryRows<{ slug: string }>(sql`
      select slug from ${table} where is_active ${after ? sql`and slug > ${after}` : sql``} order by slug limit 1`);
    if (!firstRows.length) break;
    starts.push(after);
    const lastRows: { slug: string }[] = await queryRows<{ slug: string }>(sql`
      select slug from ${table} where is_active ${after ? sql`and slug > ${after}` : sql``}
      order by slug offset ${size - 1} limit 1`);
    if (!lastRows.length) break;
    after = lastRows[0]!.slug;
  }
  return starts;
}

/** One sitemap chunk: up to `size` active entries of one kind after the slug `after`, by slug. */
export async function activeListingSlugsAfter(kind: ListingKind, after: string | null, size: number): Promise<SitemapListing[]> {
  const table = sql.raw(kind === "restaurant" ? "restaurants" : "businesses");
  const rows = await queryRows<{ slug: string; updated_at: string | Date }>(sql`
    select slug, updated_at from ${table} where is_active ${after ? sql`and slug > ${after}` : sql``}
    order by slug limit ${size}`);
  return rows.map((r) => ({ kind, slug: r.slug, updated_at: new Date(r.updated_at) }));
}

/** Every active entry, for /sitemap.xml (streams in keyset batches so 1M rows never sit in one query). */
export async function* activeListingSlugs(batch = 5000): AsyncGenerator<SitemapListing[]> {
  for (const kind of ["restaurant", "business"] as const) {
    const table = sql.raw(kind === "restaurant" ? "restaurants" : "businesses");
    let after: string | null = null;
    for (;;) {
      const rows: { slug: string; updated_at: string | Date }[] = await queryRows(sql`
        select slug, updated_at from ${table} where is_active ${after ? sql`and slug > ${after}` : sql``}
        order by slug limit ${batch}`);
      if (!rows.length) break;
      yield rows.map((r) => ({ kind, slug: r.slug, updated_at: new Date(r.updated_at) }));
      if (rows.length < batch) break;
      after = rows[rows.length - 1]!.slug;
    }
  }
}
