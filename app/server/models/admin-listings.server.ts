/**
 * Admin curation of the directory: keyset-paged lists with text and province filters (fast at 100k
 * rows), the restaurant search, and create/update of restaurants and businesses. Every change is
 * audited in the same transaction and invalidates the public page cache; the forms also set the
 * coordinates and the weekly hours. Toggle and delete live in listing-admin.server.ts (shared with
 * the public listing pages).
 */
import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import type { PgInsertValue, PgUpdateSetSource } from "drizzle-orm/pg-core";
import { type businesses, listing_slug_history, restaurants, type Business, type Restaurant } from "~/db/schema";
import { slugify } from "~/lib/slugify";
import type { BusinessInput, RestaurantInput } from "~/schemas/admin";
import { db, type Tx } from "../platform/db.server";
import { invalidatePublicPages } from "../http/page-cache.server";
import { recordAudit } from "./audit.server";
import { keysetPage, olderThan, pageLimit, utcMicros } from "./keyset.server";
import type { ListingKind } from "~/catalog/listing-kinds";
import { isUuid, ListingNotFoundError, PendingSubmissionError, uniqueListingSlug, type Actor } from "./listing-admin.server";
import { tableOf } from "./listing-tables.server";
import { stripePlanInForce } from "./listing-subscriptions.server";
import { isPaidPlan } from "~/catalog/plans";
import { formatDate } from "~/lib/format";
import { UserError } from "~/lib/user-error";

export const ADMIN_PAGE_SIZE = 24;

export type ListFilter = { q?: string; provincia?: string | null; cursor?: string | null; limit?: number };

/** A restaurant or a business row, by kind. */
export type ListingRow<K extends ListingKind = ListingKind> = K extends "restaurant" ? Restaurant : Business;
type ListingInput<K extends ListingKind> = K extends "restaurant" ? RestaurantInput : BusinessInput;

/** `like` pattern for an accent- and case-insensitive substring match (wildcards in the term escaped). */
function containsPattern(q: string): SQL {
  const escaped = q.replace(/[\\%_]/g, (c) => `\\${c}`);
  return sql`'%' || immutable_unaccent(lower(${escaped})) || '%'`;
}

function listingWhere(table: typeof restaurants | typeof businesses, f: ListFilter): SQL | undefined {
  const conds: SQL[] = [];
  const q = f.q?.trim();
  if (q) {
    const p = containsPattern(q);
    conds.push(sql`(immutable_unaccent(lower(${table.nombre})) like ${p} or immutable_unaccent(lower(${table.direccion})) like ${p})`);
  }
  if (f.provincia) conds.push(eq(table.provincia, f.provincia));
  const after = olderThan(table.created_at, table.id, f.cursor, "uuid");
  if (after) conds.push(after);
  return conds.length ? and(...conds) : undefined;
}

export type AdminListingRow<K extends ListingKind = ListingKind> = ListingRow<K> & { cursor: string };

/** Restaurants or businesses, newest first, keyset paged on (created_at, id). */
export async function listAdminListings<K extends ListingKind>(
  kind: K,
  f: ListFilter = {},
): Promise<{ items: AdminListingRow<K>[]; nextCursor: string | null }> {
  const table = tableOf(kind);
  const limit = pageLimit(f.limit, ADMIN_PAGE_SIZE, 100);
  const rows = await db
    .select({ item: table, at: utcMicros(table.created_at) })
    .from(table)
    .where(listingWhere(table, f))
    .orderBy(desc(table.created_at), desc(table.id))
    .limit(limit + 1);
  return keysetPage(rows as { item: ListingRow<K>; at: string }[], limit);
}

/**
 * The restaurant search: id, nombre, direccion, provincia ordered by nombre; substring on name or
 * address, province equality.
 */
export async function searchRestaurants(f: { q?: string; provincia?: string | null; limit?: number }) {
  const limit = pageLimit(f.limit, 50, 100);
  return db
    .select({
      id: restaurants.id,
      nombre: restaurants.nombre,
      direccion: restaurants.direccion,
      provincia: restaurants.provincia,
      is_active: restaurants.is_active,
    })
    .from(restaurants)
    .where(listingWhere(restaurants, { q: f.q, provincia: f.provincia }))
    .orderBy(restaurants.nombre, restaurants.id)
    .limit(limit);
}

export async function getListing<K extends ListingKind>(kind: K, id: string): Promise<ListingRow<K> | null> {
  if (!isUuid(id)) return null;
  const table = tableOf(kind);
  const [row] = await db.select().from(table).where(eq(table.id, id)).limit(1);
  return (row as ListingRow<K> | undefined) ?? null;
}

/** The admin's plan change would be undone by Stripe: the listing's plan is paid and live there. */
export class StripePlanLockedError extends UserError {}

/**
 * The plan columns after the admin sets `plan` by hand: a paid plan is 'granted' (no Stripe dates),
 * free_local has no source. Null when the plan does not change (its source and dates stay).
 */
function grantedPlan(plan: string, before: { plan_type: string } | null) {
  if (before && before.plan_type === plan) return null;
  return {
    plan_source: isPaidPlan(plan) ? ("granted" as const) : null,
    plan_renews_at: null,
    plan_cancel_at_period_end: false,
    plan_payment_failed_at: null,
  };
}

/** The form's location (one field) as the two columns; no location clears both. */
function listingColumns<T extends { ubicacion: { lat: number; lng: number } | null }>({ ubicacion, ...rest }: T) {
  return { ...rest, latitud: ubicacion?.lat ?? null, longitud: ubicacion?.lng ?? null };
}

/**
 * The slug after an edit: unchanged unless the name's slug changed, then a new free one.
 * Computed before the transaction (PGlite runs one connection: no outside query inside a transaction).
 */
export async function slugAfterEdit(kind: ListingKind, current: { slug: string; nombre: string }, newName: string): Promise<string> {
  if (current.nombre === newName) return current.slug;
  const base = slugify(newName);
  const suffix = current.slug.slice(base.length + 1);
  if (!base || current.slug === base || (current.slug.startsWith(`${base}-`) && /^\d+$/.test(suffix))) return current.slug;
  return uniqueListingSlug(kind, newName);
}

export async function rememberOldSlug(tx: Tx, kind: ListingKind, oldSlug: string, newSlug: string, id: string) {
  if (oldSlug === newSlug) return;
  await tx.insert(listing_slug_history).values({ kind, old_slug: oldSlug, listing_id: id }).onConflictDoNothing();
}

export async function createListing<K extends ListingKind>(kind: K, input: ListingInput<K>, actor: Actor): Promise<ListingRow<K>> {
  const table = tableOf(kind);
  const slug = await uniqueListingSlug(kind, input.nombre);
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(table)
      .values({ ...listingColumns(input), ...grantedPlan(input.plan_type, null), slug } as PgInsertValue<typeof table>)
      .returning();
    await recordAudit({ actor, action: "create", entity: kind, entityId: created!.id, before: null, after: created }, tx);
    return created!;
  });
  invalidatePublicPages();
  return row as ListingRow<K>;
}

/** Throws ListingNotFoundError when the entry was deleted meanwhile (or the id is forged). */
export async function updateListing<K extends ListingKind>(
  kind: K,
  id: string,
  input: ListingInput<K>,
  actor: Actor,
): Promise<ListingRow<K>> {
  if (!isUuid(id)) throw new ListingNotFoundError();
  const table = tableOf(kind);
  const [current] = await db.select({ slug: table.slug, nombre: table.nombre }).from(table).where(eq(table.id, id)).limit(1);
  if (!current) throw new ListingNotFoundError();
  const slug = await slugAfterEdit(kind, current, input.nombre);
  const row = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(table).where(eq(table.id, id)).for("update");
    if (!before) throw new ListingNotFoundError();
    if (before.review_status === "pending" && input.is_active) throw new PendingSubmissionError();
    const plan = grantedPlan(input.plan_type, before);
    if (plan && before.plan_source === "stripe") {
      // Stripe would set it back on its next event: the plan is changed or cancelled where it is paid.
      const live = await stripePlanInForce({ kind, listingId: id }, tx);
      if (live) {
        const until = live.current_period_end ? ` (pagado hasta el ${formatDate(live.current_period_end)})` : "";
        throw new StripePlanLockedError(
          `Este plan lo paga el negocio con Stripe${until}. Para cambiarlo, cancela o modifica su suscripción en Stripe; aquí no se puede reemplazar.`,
        );
      }
    }
    const [after] = await tx
      .update(table)
      .set({ ...listingColumns(input), ...plan, slug, updated_at: new Date() } as PgUpdateSetSource<typeof table>)
      .where(eq(table.id, id))
      .returning();
    await rememberOldSlug(tx, kind, before.slug, slug, id);
    await recordAudit({ actor, action: "update", entity: kind, entityId: id, before, after }, tx);
    return after!;
  });
  invalidatePublicPages();
  return row as ListingRow<K>;
}
