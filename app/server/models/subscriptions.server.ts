/**
 * Premium entitlement: an active Stripe subscription kept current by the webhook, or an active,
 * unexpired free plan linked to the account (granted to an address it confirmed).
 * The gate, check-subscription, /profile and /admin-members all ask `checkSubscription`.
 */
import { and, desc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { checkout_sessions, free_plan_subscriptions, stripe_customers, stripe_events, subscriptions, users } from "~/db/schema";
import { db, type Db } from "../platform/db.server";

export type PremiumSource = "stripe" | "free_plan";
export type PremiumStatus = { subscribed: boolean; source: PremiumSource | null; until: Date | null };

/** Stripe statuses that give access while the paid period lasts. */
const ENTITLED_STATUSES = ["active", "trialing"] as const;

const NOT_SUBSCRIBED: PremiumStatus = { subscribed: false, source: null, until: null };

/** A free plan that gives access at `now`: switched on and not yet expired. */
export function freePlanInForce(now: Date) {
  return and(eq(free_plan_subscriptions.is_active, true), gt(free_plan_subscriptions.expires_at, now));
}

/** The account's premium status now. A paid subscription wins over a free plan when both apply. */
export async function checkSubscription(userId: string, now = new Date()): Promise<PremiumStatus> {
  const statuses = await premiumStatuses([userId], now);
  return statuses.get(userId) ?? NOT_SUBSCRIBED;
}

/** The premium status of many accounts in three queries (the admin members list). */
export async function premiumStatuses(userIds: string[], now = new Date()): Promise<Map<string, PremiumStatus>> {
  const result = new Map<string, PremiumStatus>();
  if (!userIds.length) return result;
  const accounts = await db.select({ id: users.id }).from(users).where(inArray(users.id, userIds));
  if (!accounts.length) return result;
  const ids = accounts.map((a) => a.id);

  const paid = await db
    .select({ user_id: subscriptions.user_id, until: subscriptions.current_period_end })
    .from(subscriptions)
    .where(
      and(
        inArray(subscriptions.user_id, ids),
        inArray(subscriptions.status, [...ENTITLED_STATUSES]),
        gt(subscriptions.current_period_end, now),
      ),
    )
    .orderBy(desc(subscriptions.current_period_end));
  for (const row of paid) {
    if (!result.has(row.user_id)) result.set(row.user_id, { subscribed: true, source: "stripe", until: row.until });
  }

  const plans = await db
    .select({ user_id: free_plan_subscriptions.user_id, email: free_plan_subscriptions.email, until: free_plan_subscriptions.expires_at })
    .from(free_plan_subscriptions)
    .where(and(freePlanInForce(now), inArray(free_plan_subscriptions.user_id, ids)))
    .orderBy(desc(free_plan_subscriptions.expires_at));
  for (const account of accounts) {
    if (result.has(account.id)) continue;
    // A plan counts once linked: the address was confirmed by its holder (typing it proves nothing).
    const plan = plans.find((p) => p.user_id === account.id);
    if (plan) result.set(account.id, { subscribed: true, source: "free_plan", until: plan.until });
  }
  for (const account of accounts) if (!result.has(account.id)) result.set(account.id, NOT_SUBSCRIBED);
  return result;
}

/** The Stripe customer of an account, if it ever completed a checkout. */
export async function stripeCustomerOf(userId: string): Promise<string | null> {
  const [row] = await db.select({ id: stripe_customers.customer_id }).from(stripe_customers).where(eq(stripe_customers.user_id, userId));
  return row?.id ?? null;
}

/** The account a Stripe customer belongs to. */
export async function userOfStripeCustomer(customerId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: stripe_customers.user_id })
    .from(stripe_customers)
    .where(eq(stripe_customers.customer_id, customerId));
  return row?.id ?? null;
}

export async function userExists(userId: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  return Boolean(row);
}

/** The current state of one Stripe subscription, as fetched from Stripe (never an event's copy). */
export type SubscriptionState = {
  userId: string;
  customerId: string;
  subscriptionId: string;
  status: string;
  priceId: string | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
};

/**
 * Records a webhook event and the state it led to in one transaction: the event id is stored once,
 * so a replay (or a concurrent second delivery) changes nothing. Returns false for a replay.
 * `checkoutSessionId`, for a completed checkout, is settled in the same transaction.
 */
export async function recordStripeEvent(
  event: { id: string; type: string },
  state: SubscriptionState | null,
  checkoutSessionId: string | null = null,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(stripe_events)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: stripe_events.id });
    if (!inserted.length) return false;
    if (state) await storeSubscriptionState(tx, state);
    if (checkoutSessionId) await settle(tx, checkoutSessionId);
    return true;
  });
}

/**
 * What the return from Checkout learnt from Stripe, stored as the webhook stores it: the
 * subscription upserted by its Stripe id (so the return and the webhook, in any order and any number
 * of times, leave one row) and the session settled, in one transaction.
 */
export async function recordCheckoutOutcome(checkoutSessionId: string | null, state: SubscriptionState | null): Promise<void> {
  await db.transaction(async (tx) => {
    if (state) await storeSubscriptionState(tx, state);
    if (checkoutSessionId) await settle(tx, checkoutSessionId);
  });
}

/** A Checkout Session just started for an account (the same session again, by idempotency key, is kept once). */
export async function rememberCheckoutSession(input: { id: string; userId: string; expiresAt: Date }): Promise<void> {
  await db
    .insert(checkout_sessions)
    .values({ id: input.id, user_id: input.userId, expires_at: input.expiresAt })
    .onConflictDoNothing({ target: checkout_sessions.id });
}

/** The account a Checkout Session was started for, or null when it was not started here. */
export async function checkoutSessionOwner(sessionId: string): Promise<string | null> {
  const [row] = await db.select({ userId: checkout_sessions.user_id }).from(checkout_sessions).where(eq(checkout_sessions.id, sessionId));
  return row?.userId ?? null;
}

/** The account's newest Checkout Sessions that Stripe may still complete, or completed without us knowing. */
export async function unsettledCheckoutSessions(userId: string, limit = 3): Promise<string[]> {
  const rows = await db
    .select({ id: checkout_sessions.id })
    .from(checkout_sessions)
    .where(and(eq(checkout_sessions.user_id, userId), isNull(checkout_sessions.settled_at)))
    .orderBy(desc(checkout_sessions.created_at))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Marks a Checkout Session as one Stripe will not change any more (completed and recorded, or expired). */
export async function settleCheckoutSession(sessionId: string): Promise<void> {
  await settle(db, sessionId);
}

async function settle(tx: Pick<Db, "update">, sessionId: string): Promise<void> {
  await tx
    .update(checkout_sessions)
    .set({ settled_at: sql`now()` })
    .where(and(eq(checkout_sessions.id, sessionId), isNull(checkout_sessions.settled_at)));
}

/** How long Stripe keeps a subscription `incomplete` before it expires it (23 h), with an hour's margin. */
const AWAITING_PAYMENT_MS = 24 * 60 * 60 * 1000;

/**
 * Stripe's subscriptions of the account whose first payment is still on its way (`incomplete`; Stripe
 * ends them as `incomplete_expired` after 23 hours): a payment being confirmed.
 */
export async function awaitingPaymentSubscriptions(userId: string, now = new Date()): Promise<string[]> {
  const rows = await db
    .select({ id: subscriptions.stripe_subscription_id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.user_id, userId),
        eq(subscriptions.status, "incomplete"),
        gt(subscriptions.created_at, new Date(now.getTime() - AWAITING_PAYMENT_MS)),
      ),
    );
  return rows.map((r) => r.id).filter((id): id is string => Boolean(id));
}

export async function stripeEventSeen(eventId: string): Promise<boolean> {
  const [row] = await db.select({ id: stripe_events.id }).from(stripe_events).where(eq(stripe_events.id, eventId));
  return Boolean(row);
}

async function storeSubscriptionState(tx: Pick<Db, "insert">, state: SubscriptionState): Promise<void> {
  await tx
    .insert(stripe_customers)
    .values({ user_id: state.userId, customer_id: state.customerId })
    .onConflictDoUpdate({ target: stripe_customers.user_id, set: { customer_id: state.customerId } });
  const values = {
    user_id: state.userId,
    stripe_customer_id: state.customerId,
    stripe_subscription_id: state.subscriptionId,
    status: state.status,
    price_id: state.priceId,
    current_period_end: state.currentPeriodEnd,
    cancel_at_period_end: state.cancelAtPeriodEnd,
  };
  await tx
    .insert(subscriptions)
    .values(values)
    .onConflictDoUpdate({ target: subscriptions.stripe_subscription_id, set: { ...values, updated_at: sql`now()` } });
}
