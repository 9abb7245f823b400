/**
 * Who runs which listing: managers come from a claim confirmed at the website's domain, an admin's
 * approval of a claim, an approved submission of their own, or the admin's owner assignment. Any
 * number per listing; the server checks this link on every owner page and action.
 */
import { and, eq, sql } from "drizzle-orm";
import type { ListingKind } from "~/catalog/listing-kinds";
import { listing_managers, users } from "~/db/schema";
import { db, queryRows } from "../platform/db.server";

export type ManagerSource = "domain" | "approval" | "submission" | "assignment";
export type ListingRef = { kind: ListingKind; listingId: string };
type Tx = Pick<typeof db, "insert" | "delete" | "select">;

/** Makes `userId` a manager of the listing (idempotent: a second source of the same person is not stored twice). */
export async function addManager(ref: ListingRef & { userId: string; source: ManagerSource }, tx: Tx = db): Promise<void> {
  await tx
    .insert(listing_managers)
    .values({ kind: ref.kind, listing_id: ref.listingId, user_id: ref.userId, source: ref.source })
    .onConflictDoNothing();
}

/** Ends a manager's link; with `source`, only a link made that way. */
export async function removeManager(ref: ListingRef & { userId: string; source?: ManagerSource }, tx: Tx = db): Promise<void> {
  await tx
    .delete(listing_managers)
    .where(
      and(
        eq(listing_managers.kind, ref.kind),
        eq(listing_managers.listing_id, ref.listingId),
        eq(listing_managers.user_id, ref.userId),
        ref.source ? eq(listing_managers.source, ref.source) : undefined,
      ),
    );
}

/** Whether `userId` manages the listing. */
export async function isManager(userId: string, ref: ListingRef): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(listing_managers)
    .where(and(eq(listing_managers.kind, ref.kind), eq(listing_managers.listing_id, ref.listingId), eq(listing_managers.user_id, userId)))
    .limit(1);
  return rows.length > 0;
}

/** Whether the listing has any manager (a claim on such a listing always goes to the admins). */
export async function hasManagers(ref: ListingRef): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(listing_managers)
    .where(and(eq(listing_managers.kind, ref.kind), eq(listing_managers.listing_id, ref.listingId)))
    .limit(1);
  return rows.length > 0;
}

export type ManagedListing = {
  kind: ListingKind;
  id: string;
  slug: string;
  nombre: string;
  provincia: string;
  plan_type: string;
  is_active: boolean;
  review_status: string | null;
};

/** The listings `userId` manages, both kinds, by name. */
export async function listManagedListings(userId: string): Promise<ManagedListing[]> {
  return queryRows<ManagedListing>(sql`
    select m.kind, l.id, l.slug, l.nombre, l.provincia, l.plan_type, l.is_active, l.review_status
    from listing_managers m
    join lateral (
      select id, slug, nombre, provincia, plan_type, is_active, review_status from restaurants where m.kind = 'restaurant' and id = m.listing_id
      union all
      select id, slug, nombre, provincia, plan_type, is_active, review_status from businesses where m.kind = 'business' and id = m.listing_id
    ) l on true
    where m.user_id = ${userId}
    order by l.nombre, l.id`);
}

/** The managers' addresses (confirmed accounts only), for the mails about a listing. */
export async function managerEmails(ref: ListingRef): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(listing_managers)
    .innerJoin(users, eq(users.id, listing_managers.user_id))
    .where(and(eq(listing_managers.kind, ref.kind), eq(listing_managers.listing_id, ref.listingId), eq(users.emailVerified, true)));
  return rows.map((r) => r.email);
}
