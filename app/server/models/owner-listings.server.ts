/**
 * A manager's changes to a listing they run: the details they own apply at once (audited, the public
 * pages' cache emptied, and counting as confirming the information); name, category or industry and
 * province wait for an admin as one pending change request per listing, which a later save replaces
 * (or withdraws, when the fields are back to what is published).
 */
import { and, desc, eq } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { ListingKind } from "~/catalog/listing-kinds";
import { listing_change_requests } from "~/db/schema";
import { REVIEWED_FIELDS, type OwnerListingInput, type ReviewedField } from "~/schemas/owner-listing";
import { db } from "../platform/db.server";
import { invalidatePublicPages } from "../http/page-cache.server";
import { recordAudit } from "./audit.server";
import { getListing, type ListingRow } from "./admin-listings.server";
import { isUuid, ListingNotFoundError, type Actor } from "./listing-admin.server";
import { tableOf } from "./listing-tables.server";

export type ReviewedChanges = Partial<Record<ReviewedField, string>>;

/** The listing's row for its manager's form (null for an unknown id). */
export function getOwnerListing<K extends ListingKind>(kind: K, id: string): Promise<ListingRow<K> | null> {
  return getListing(kind, id);
}

/** Where: the listing's pending change request. */
const pendingChangeWhere = (kind: ListingKind, listingId: string) =>
  and(
    eq(listing_change_requests.kind, kind),
    eq(listing_change_requests.listing_id, listingId),
    eq(listing_change_requests.status, "pending"),
  );

/** The listing's pending change request, if any. */
export async function pendingChangeOf(kind: ListingKind, listingId: string): Promise<{ id: string; changes: ReviewedChanges } | null> {
  if (!isUuid(listingId)) return null;
  const [row] = await db
    .select({ id: listing_change_requests.id, changes: listing_change_requests.changes })
    .from(listing_change_requests)
    .where(pendingChangeWhere(kind, listingId))
    .orderBy(desc(listing_change_requests.created_at))
    .limit(1);
  return row ? { id: row.id, changes: row.changes as ReviewedChanges } : null;
}

/** The reviewed fields that differ from the published row. */
function reviewedChanges(before: Record<string, unknown>, input: Record<string, unknown>): ReviewedChanges {
  const out: ReviewedChanges = {};
  for (const f of REVIEWED_FIELDS) {
    if (!(f in input)) continue;
    const next = (input[f] as string | null) ?? "";
    const now = (before[f] as string | null) ?? "";
    if (next !== now) out[f] = next;
  }
  return out;
}

export type OwnerSaveResult = { queued: ReviewedChanges | null };

/**
 * Applies the manager's own fields and queues the reviewed ones. Throws ListingNotFoundError when the
 * listing is gone. Saving also confirms the information (info_confirmed_at).
 */
export async function saveOwnerListing(kind: ListingKind, id: string, input: OwnerListingInput, actor: Actor): Promise<OwnerSaveResult> {
  if (!isUuid(id)) throw new ListingNotFoundError();
  const table = tableOf(kind);
  const { ubicacion, ...rest } = input as OwnerListingInput & Record<string, unknown>;
  const direct: Record<string, unknown> = { latitud: ubicacion?.lat ?? null, longitud: ubicacion?.lng ?? null };
  for (const [k, v] of Object.entries(rest)) if (!(REVIEWED_FIELDS as readonly string[]).includes(k)) direct[k] = v;
  const now = new Date();
  const queued = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(table).where(eq(table.id, id)).for("update");
    if (!before) throw new ListingNotFoundError();
    const [after] = await tx
      .update(table)
      .set({ ...direct, info_confirmed_at: now, updated_at: now } as PgUpdateSetSource<typeof table>)
      .where(eq(table.id, id))
      .returning();
    await recordAudit({ actor, action: "update", entity: kind, entityId: id, before, after }, tx);

    const changes = reviewedChanges(before, rest);
    const [pending] = await tx
      .select({ id: listing_change_requests.id, changes: listing_change_requests.changes })
      .from(listing_change_requests)
      .where(pendingChangeWhere(kind, id))
      .for("update");
    const asked = Object.keys(changes).length > 0;
    if (pending && !asked) {
      // Back to what is published: nothing left to review.
      await tx.delete(listing_change_requests).where(eq(listing_change_requests.id, pending.id));
      await recordAudit({ actor, action: "delete", entity: "change_request", entityId: pending.id, before: pending, after: null }, tx);
    } else if (pending) {
      await tx
        .update(listing_change_requests)
        .set({ changes: changes as Record<string, string>, user_id: actor.id, created_at: now })
        .where(eq(listing_change_requests.id, pending.id));
      await recordAudit(
        { actor, action: "update", entity: "change_request", entityId: pending.id, before: pending, after: { id: pending.id, changes } },
        tx,
      );
    } else if (asked) {
      const [created] = await tx
        .insert(listing_change_requests)
        .values({ kind, listing_id: id, user_id: actor.id, changes: changes as Record<string, string> })
        .returning();
      await recordAudit({ actor, action: "create", entity: "change_request", entityId: created!.id, before: null, after: created }, tx);
    }
    return asked ? changes : null;
  });
  invalidatePublicPages();
  return { queued };
}

/** «Confirmar que la información está al día»: stamps info_confirmed_at, audited. */
export async function confirmOwnerListing(kind: ListingKind, id: string, actor: Actor): Promise<Date> {
  if (!isUuid(id)) throw new ListingNotFoundError();
  const table = tableOf(kind);
  const now = new Date();
  await db.transaction(async (tx) => {
    const [before] = await tx.select({ info_confirmed_at: table.info_confirmed_at }).from(table).where(eq(table.id, id)).for("update");
    if (!before) throw new ListingNotFoundError();
    await tx.update(table).set({ info_confirmed_at: now }).where(eq(table.id, id));
    await recordAudit({ actor, action: "confirm", entity: kind, entityId: id, before, after: { info_confirmed_at: now } }, tx);
  });
  invalidatePublicPages();
  return now;
}
