/**
 * Admin changes shared by the directory's listing pages and the admin area: activate/deactivate and
 * delete a restaurant or business, each recorded in the audit trail and invalidating public pages.
 */
import { and, eq, sql } from "drizzle-orm";
import { listing_change_requests, listing_claims, listing_closures, listing_managers } from "~/db/schema";
import { LISTING_KINDS, type ListingKind } from "~/catalog/listing-kinds";
import { nextFreeSlug, slugify } from "~/lib/slugify";
import { db, queryRows } from "../platform/db.server";
import { invalidatePublicPages } from "../http/page-cache.server";
import { recordAudit } from "./audit.server";
import { tableOf } from "./listing-tables.server";
import { UserError } from "~/lib/user-error";

export type Actor = { id: string; email?: string | null };

/** A free slug for a new listing: transliterated name, numeric suffix when taken. */
export async function uniqueListingSlug(kind: ListingKind, name: string): Promise<string> {
  const base = slugify(name) || LISTING_KINDS[kind].singular;
  const table = LISTING_KINDS[kind].table;
  const rows = await queryRows<{ slug: string }>(
    sql`select slug from ${sql.identifier(table)} where slug = ${base} or slug ~ ${`^${base.replace(/[-]/g, "\\-")}-[0-9]+$`}
        union select old_slug as slug from listing_slug_history where kind = ${kind} and (old_slug = ${base} or old_slug ~ ${`^${base.replace(/[-]/g, "\\-")}-[0-9]+$`})`,
  );
  return nextFreeSlug(
    base,
    rows.map((r) => r.slug),
  );
}

/** What the admin is told when the entry they act on is gone: a fixed text, safe to show. */
export const LISTING_GONE = "El registro ya no existe (pudo ser eliminado).";

export class ListingNotFoundError extends UserError {
  constructor() {
    super(LISTING_GONE);
  }
}

/**
 * A member's submission is published by approving it in the queue (which also makes them its
 * manager), never by switching it on.
 */
export class PendingSubmissionError extends UserError {
  constructor() {
    super("Este negocio lo envió un miembro y espera revisión: apruébalo en Solicitudes para publicarlo.");
  }
}

/** Sets is_active; throws ListingNotFoundError for an unknown id. */
export async function setListingActive(kind: ListingKind, id: string, active: boolean, actor: Actor): Promise<void> {
  const table = tableOf(kind);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ is_active: table.is_active, review_status: table.review_status })
      .from(table)
      .where(eq(table.id, id))
      .for("update");
    if (!row) throw new ListingNotFoundError();
    if (active && row.review_status === "pending") throw new PendingSubmissionError();
    const before = { is_active: row.is_active };
    await tx.update(table).set({ is_active: active, updated_at: new Date() }).where(eq(table.id, id));
    await recordAudit({ actor, action: "toggle", entity: kind, entityId: id, before, after: { is_active: active } }, tx);
  });
  invalidatePublicPages();
}

/** Deletes permanently (the caller has asked for confirmation); the deleted row goes to the audit trail. */
export async function deleteListing(kind: ListingKind, id: string, actor: Actor): Promise<void> {
  const table = tableOf(kind);
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(table).where(eq(table.id, id)).returning();
    if (!row) throw new ListingNotFoundError();
    // The owners' rows name the listing by kind and id (no foreign key across two tables): they go
    // with it. Its Stripe subscriptions stay, as the record of what was paid.
    for (const owned of [listing_managers, listing_claims, listing_change_requests, listing_closures]) {
      await tx.delete(owned).where(and(eq(owned.kind, kind), eq(owned.listing_id, id)));
    }
    await recordAudit({ actor, action: "delete", entity: kind, entityId: id, before: row, after: null }, tx);
  });
  invalidatePublicPages();
}

export { isUuid } from "~/lib/uuid";
