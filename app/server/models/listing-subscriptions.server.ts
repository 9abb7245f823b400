/**
 * Local AI plans bought through Stripe, one row per Stripe subscription, and the listing's plan they
 * lead to. The listing's plan is recomputed from its subscriptions on every change, so events that
 * arrive late, twice or out of order leave the same listing: a live subscription's plan, or (when the
 * plan came from Stripe and none is live any more) `free_local`. A plan granted by an admin is left
 * alone when no subscription is live.
 */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { ListingKind } from "~/catalog/listing-kinds";
import type { PaidPlanType, PlanPeriod } from "~/catalog/plans";
import { listing_subscriptions, stripe_customers, stripe_events, users } from "~/db/schema";
import { invalidatePublicPages } from "../http/page-cache.server";
import { db, type Db, type Tx } from "../platform/db.server";
import { recordAudit } from "./audit.server";
import type { ListingRef } from "./listing-managers.server";
import { isUuid } from "./listing-admin.server";
import { tableOf } from "./listing-tables.server";

/** Statuses in which the listing keeps its paid plan (past_due: Stripe is still retrying the renewal). */
export const PLAN_IN_FORCE_STATUSES = ["active", "trialing", "past_due"] as const;
/** Statuses that block a second checkout (the database's unique index says the same). */
export const LIVE_STATUSES = ["active", "trialing", "past_due", "unpaid", "incomplete"] as const;

/** A listing subscription as fetched from Stripe (never an event's copy). */
export type ListingSubscriptionState = {
  subscriptionId: string;
  kind: ListingKind;
  listingId: string;
  userId: string | null;
  customerId: string;
  planType: PaidPlanType;
  period: PlanPeriod;
  status: string;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
};

export type ListingSubscription = typeof listing_subscriptions.$inferSelect;

/** The listing's subscription with one of `statuses`, if any. */
async function subscriptionIn(ref: ListingRef, statuses: readonly string[], tx: Pick<Db, "select"> = db) {
  const [row] = await tx
    .select()
    .from(listing_subscriptions)
    .where(
      and(
        eq(listing_subscriptions.kind, ref.kind),
        eq(listing_subscriptions.listing_id, ref.listingId),
        inArray(listing_subscriptions.status, [...statuses]),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The listing's subscription that is live (paid, being paid, or being retried), if any. */
export function liveListingSubscription(ref: ListingRef): Promise<ListingSubscription | null> {
  return subscriptionIn(ref, LIVE_STATUSES);
}

export type ListingPlan = {
  id: string;
  slug: string;
  nombre: string;
  plan_type: string;
  plan_source: string | null;
  plan_renews_at: Date | null;
  plan_cancel_at_period_end: boolean;
  plan_payment_failed_at: Date | null;
  is_active: boolean;
  review_status: string | null;
};

/** The listing's name and plan columns, or null when there is no such listing. */
export async function listingPlanOf(ref: ListingRef): Promise<ListingPlan | null> {
  if (!isUuid(ref.listingId)) return null;
  const t = tableOf(ref.kind);
  const [row] = await db
    .select({
      id: t.id,
      slug: t.slug,
      nombre: t.nombre,
      plan_type: t.plan_type,
      plan_source: t.plan_source,
      plan_renews_at: t.plan_renews_at,
      plan_cancel_at_period_end: t.plan_cancel_at_period_end,
      plan_payment_failed_at: t.plan_payment_failed_at,
      is_active: t.is_active,
      review_status: t.review_status,
    })
    .from(t)
    .where(eq(t.id, ref.listingId))
    .limit(1);
  return row ?? null;
}

/**
 * Stores what Stripe says of a listing subscription and sets the listing's plan from it, in one
 * transaction with the webhook's event id (stored once: a replay changes nothing).
 * - `duplicate`: the event was already recorded;
 * - `conflict`: the listing already has another live subscription (two checkouts paid at once);
 *   nothing stored but the event, for a person to sort out at Stripe;
 * - `gone`: the listing no longer exists;
 * - `recorded`.
 */
export async function recordListingSubscription(
  event: { id: string; type: string } | null,
  state: ListingSubscriptionState,
): Promise<"recorded" | "duplicate" | "conflict" | "gone"> {
  const outcome = await db.transaction(async (tx) => {
    if (event) {
      const inserted = await tx
        .insert(stripe_events)
        .values({ id: event.id, type: event.type })
        .onConflictDoNothing()
        .returning({ id: stripe_events.id });
      if (!inserted.length) return "duplicate" as const;
    }
    const t = tableOf(state.kind);
    const [listing] = await tx.select({ id: t.id }).from(t).where(eq(t.id, state.listingId)).for("update");
    if (!listing) return "gone" as const;
    const [other] = await tx
      .select({ id: listing_subscriptions.stripe_subscription_id })
      .from(listing_subscriptions)
      .where(
        and(
          eq(listing_subscriptions.kind, state.kind),
          eq(listing_subscriptions.listing_id, state.listingId),
          inArray(listing_subscriptions.status, [...LIVE_STATUSES]),
          sql`${listing_subscriptions.stripe_subscription_id} <> ${state.subscriptionId}`,
        ),
      )
      .limit(1);
    if (other && (LIVE_STATUSES as readonly string[]).includes(state.status)) return "conflict" as const;
    // The buyer, unless the account was deleted since (the plan stays with the listing).
    const [buyer] = state.userId ? await tx.select({ id: users.id }).from(users).where(eq(users.id, state.userId)) : [];
    if (buyer) {
      // The buyer's customer, for their next checkout and the portal (an earlier one is kept).
      await tx.insert(stripe_customers).values({ user_id: buyer.id, customer_id: state.customerId }).onConflictDoNothing();
    }
    const values = {
      stripe_subscription_id: state.subscriptionId,
      kind: state.kind,
      listing_id: state.listingId,
      user_id: buyer?.id ?? null,
      stripe_customer_id: state.customerId,
      plan_type: state.planType,
      period: state.period,
      status: state.status,
      current_period_end: state.currentPeriodEnd,
      cancel_at_period_end: state.cancelAtPeriodEnd,
    };
    await tx
      .insert(listing_subscriptions)
      .values(values)
      .onConflictDoUpdate({ target: listing_subscriptions.stripe_subscription_id, set: { ...values, updated_at: sql`now()` } });
    await applyPlan(tx, state.kind, state.listingId);
    return "recorded" as const;
  });
  if (outcome === "recorded") invalidatePublicPages();
  return outcome;
}

/** The listing's plan from its subscription in force; audited when it changes (by «Stripe»). */
async function applyPlan(tx: Tx, kind: ListingKind, listingId: string): Promise<void> {
  const t = tableOf(kind);
  const [before] = await tx
    .select({
      plan_type: t.plan_type,
      plan_source: t.plan_source,
      plan_renews_at: t.plan_renews_at,
      plan_cancel_at_period_end: t.plan_cancel_at_period_end,
      plan_payment_failed_at: t.plan_payment_failed_at,
    })
    .from(t)
    .where(eq(t.id, listingId));
  if (!before) return;
  const [inForce] = await tx
    .select()
    .from(listing_subscriptions)
    .where(
      and(
        eq(listing_subscriptions.kind, kind),
        eq(listing_subscriptions.listing_id, listingId),
        inArray(listing_subscriptions.status, [...PLAN_IN_FORCE_STATUSES]),
      ),
    )
    .orderBy(desc(listing_subscriptions.current_period_end))
    .limit(1);
  let after: typeof before;
  if (inForce) {
    after = {
      plan_type: inForce.plan_type,
      plan_source: "stripe",
      plan_renews_at: inForce.current_period_end,
      plan_cancel_at_period_end: inForce.cancel_at_period_end,
      // The first failed renewal's time is kept until a renewal is paid.
      plan_payment_failed_at: inForce.status === "past_due" ? (before.plan_payment_failed_at ?? new Date()) : null,
    };
  } else if (before.plan_source === "stripe") {
    after = {
      plan_type: "free_local",
      plan_source: null,
      plan_renews_at: null,
      plan_cancel_at_period_end: false,
      plan_payment_failed_at: null,
    };
  } else {
    return;
  }
  if (JSON.stringify(before) === JSON.stringify(after)) return;
  await tx
    .update(t)
    .set({ ...after, updated_at: new Date() })
    .where(eq(t.id, listingId));
  await recordAudit({ actor: { id: null, email: "Stripe" }, action: "update", entity: kind, entityId: listingId, before, after }, tx);
}

/** The listings whose Stripe plan is kept by a live subscription (the admin form must not override it). */
export function stripePlanInForce(ref: ListingRef, tx: Pick<Db, "select"> = db): Promise<ListingSubscription | null> {
  return subscriptionIn(ref, PLAN_IN_FORCE_STATUSES, tx);
}
