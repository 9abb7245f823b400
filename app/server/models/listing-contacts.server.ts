/**
 * What the counted contact links need of a listing: its stored contact data by id (the redirect's
 * target is computed from it, never taken from the request) and an entry's id by its current slug
 * (visits are counted by id). Active listings only: visitors never see another.
 */
import { sql } from "drizzle-orm";
import { LISTING_KINDS, type ListingKind } from "~/catalog/listing-kinds";
import { isUuid } from "~/lib/uuid";
import { queryRows } from "../platform/db.server";

export type ListingContact = {
  id: string;
  nombre: string;
  direccion: string;
  telefono: string | null;
  whatsapp: string | null;
  website: string | null;
  maps_url: string | null;
  latitud: number | null;
  longitud: number | null;
};

/** An active listing's contact data, or null (not a uuid, unknown or inactive). */
export async function listingContact(kind: ListingKind, id: string): Promise<ListingContact | null> {
  if (!isUuid(id)) return null;
  const table = sql.identifier(LISTING_KINDS[kind].table);
  const own = kind === "restaurant" ? sql`t.website_url as website, t.maps_url` : sql`t.website, null::text as maps_url`;
  const [row] = await queryRows<ListingContact>(sql`
    select t.id::text as id, t.nombre, t.direccion, t.telefono, t.whatsapp, ${own},
      t.latitud::float8 as latitud, t.longitud::float8 as longitud
    from ${table} t where t.id = ${id}::uuid and t.is_active limit 1`);
  return row ?? null;
}

/** The id of the active entry whose current slug is `slug`, or null. */
export async function listingIdBySlug(kind: ListingKind, slug: string): Promise<string | null> {
  if (!slug || slug.length > 200 || slug.includes("\u0000")) return null;
  const table = sql.identifier(LISTING_KINDS[kind].table);
  const [row] = await queryRows<{ id: string }>(
    sql`select t.id::text as id from ${table} t where t.slug = ${slug} and t.is_active limit 1`,
  );
  return row?.id ?? null;
}
