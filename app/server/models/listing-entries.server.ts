/**
 * Directory entries by slug for entry pages, their Markdown twins and the API: active entries only,
 * and an old slug (listing_slug_history) answers with the current one for a 301.
 */
import { sql, type SQL } from "drizzle-orm";
import { LISTING_KINDS, type ListingKind } from "~/catalog/listing-kinds";
import type { WeeklyPeriod } from "~/lib/opening-hours";
import type { ListingCard } from "~/schemas/directory";
import { queryRows } from "../platform/db.server";
import { cardColumns, type CardColumnsRow, type CardRow, cursorTs, toCard } from "./listings.server";

/** Where the entry is and when it opens, on entry pages, JSON-LD and the API. */
export type EntryPlace = { latitud: number | null; longitud: number | null; horario_semanal: WeeklyPeriod[] | null };

/** What every entry adds to its card: the owner's WhatsApp, social links and last confirmation. */
type EntryOwned = {
  whatsapp: string | null;
  facebook_url: string | null;
  instagram_url: string | null;
  /** When a manager last confirmed the information (ISO), or null. */
  info_confirmed_at: string | null;
};

export type RestaurantEntry = ListingCard &
  EntryPlace &
  EntryOwned & {
    kind: "restaurant";
    descripcion: string | null;
    website_url: string | null;
    maps_url: string | null;
    special_dish: string | null;
    customer_reviews: string | null;
    updated_at: string;
  };

export type BusinessEntry = ListingCard &
  EntryPlace &
  EntryOwned & {
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
  const table = sql.identifier(LISTING_KINDS[kind].table);
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
  const table = sql.identifier(LISTING_KINDS[kind].table);
  const rows = await queryRows<CardRow & Record<string, unknown>>(sql`
    select ${cardColumns(kind)}, ${cursorTs()}, t.descripcion, t.customer_reviews, t.updated_at::text as updated_at,
      t.whatsapp, t.facebook_url, t.instagram_url, t.info_confirmed_at, ${columns}
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
    whatsapp: row.whatsapp as string | null,
    facebook_url: row.facebook_url as string | null,
    instagram_url: row.instagram_url as string | null,
    info_confirmed_at: row.info_confirmed_at == null ? null : new Date(row.info_confirmed_at as string | Date).toISOString(),
    ...fields(row),
  };
  return { entry: entry as E };
}

export function getRestaurantBySlug(slug: string): Promise<EntryLookup<RestaurantEntry>> {
  return entryBySlug<RestaurantEntry>("restaurant", slug, sql`t.website_url, t.maps_url, t.special_dish`, (row) => ({
    descripcion: row.descripcion as string | null,
    website_url: row.website_url as string | null,
    maps_url: row.maps_url as string | null,
    special_dish: row.special_dish as string | null,
  }));
}

export function getBusinessBySlug(slug: string): Promise<EntryLookup<BusinessEntry>> {
  return entryBySlug<BusinessEntry>("business", slug, sql`t.website, t.special_service`, (row) => ({
    descripcion: row.descripcion as string,
    website: row.website as string | null,
    special_service: row.special_service as string | null,
  }));
}

const ENTRY_BY_SLUG = { restaurant: getRestaurantBySlug, business: getBusinessBySlug } satisfies Record<
  ListingKind,
  (slug: string) => Promise<EntryLookup<RestaurantEntry | BusinessEntry>>
>;

/** An active entry of `kind` by slug: `{ entry }`, `{ redirectTo }` for an old slug (301), or null (404). */
export function getEntryBySlug(kind: ListingKind, slug: string): Promise<EntryLookup<RestaurantEntry | BusinessEntry>> {
  return ENTRY_BY_SLUG[kind](slug);
}
