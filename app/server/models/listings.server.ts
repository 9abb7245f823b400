/**
 * Listing cards: active restaurants by province and businesses by industry with keyset cursors on
 * (created_at desc, id desc), and the card's SQL pieces that entry pages and the search share.
 *
 * Every listing query here is bounded: it reads PAGE_SIZE + 1 rows from a partial index.
 */
import { sql, type SQL } from "drizzle-orm";
import { LISTING_KINDS, type ListingKind } from "~/catalog/listing-kinds";
import type { ProvinceSlug } from "~/catalog/provinces";
import type { IndustrySlug } from "~/catalog/industries";
import { encodeCursor, PAGE_SIZE, type Cursor, type ListingCard } from "~/schemas/directory";
import { queryRows } from "../platform/db.server";
import { utcMicros } from "./keyset.server";
import { CLOSED_TODAY, openStatus, type WeeklyPeriod } from "~/lib/opening-hours";
import { closedTodaySql, type PanamaToday, panamaTodayAt } from "./listing-closures.server";

export type ListingPage = { items: ListingCard[]; nextCursor: string | null };

export type CardRow = Omit<ListingCard, "kind" | "rating" | "abierto" | "distancia_km"> & {
  rating: number | string | null;
  imported: boolean;
  cursor_ts: string;
  horario_semanal: WeeklyPeriod[] | null;
  latitud: number | null;
  longitud: number | null;
  distancia_km?: number | null;
  /** A special closure or a holiday it closes on today (cardColumns' `closed_today`). */
  closed_today?: boolean;
};
/** What toCard reads: the columns of cardColumns. */
export type CardColumnsRow = Omit<CardRow, "cursor_ts">;

// Google's terms: ratings (and reviews) of entries imported from Google are not shown publicly. The open
// status is the server's, at `now`: cached pages live 30 s at most (docs/decisions). A listing closed
// today (a special closure or a holiday it closes on) is closed whatever its hours say.
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
    abierto: r.closed_today ? { ...CLOSED_TODAY } : openStatus(r.horario_semanal, now),
    distancia_km: r.distancia_km == null ? null : Number(r.distancia_km),
  };
}

/** The card's columns over alias `alias`; `today` is Panama's day the open status is read for. */
export const cardColumns = (kind: ListingKind, alias = "t", today: PanamaToday = panamaTodayAt()) => {
  const t = sql.raw(alias);
  return sql`${t}.id, ${t}.slug, ${t}.nombre, ${t}.${sql.raw(LISTING_KINDS[kind].etiquetaColumn)} as etiqueta,
    ${t}.provincia, ${t}.rating::float8 as rating, ${t}.direccion, ${t}.telefono, ${t}.horario, ${t}.especialidades,
    ${t}.is_verified, ${t}.is_active, ${t}.plan_type, ${t}.imagen, (${t}.google_place_id is not null) as imported,
    ${t}.horario_semanal, ${t}.latitud::float8 as latitud, ${t}.longitud::float8 as longitud,
    ${closedTodaySql(kind, alias, today)} as closed_today`;
};

export const cursorTs = (alias = "t") => sql`${utcMicros(sql`${sql.raw(alias)}.created_at`)} as cursor_ts`;

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
