/**
 * Confirming a payment from the Checkout Session itself, as Stripe recommends for the success page:
 * the return (`?pago=exitoso&session_id=…`) and a second subscribe ask Stripe instead of waiting for
 * the webhook. What is learnt is stored exactly as the webhook stores it (the subscription fetched
 * from Stripe, upserted by its id), so either path, in any order and any number of times, leaves
 * one subscription.
 */
import {
  awaitingPaymentSubscriptions,
  checkoutSessionOwner,
  checkSubscription,
  recordCheckoutOutcome,
  settleCheckoutSession,
  stripeCustomerOf,
  unsettledCheckoutSessions,
} from "../models/subscriptions.server";
import { requireStripe, type Stripe } from "./stripe.server";
import { idOf, subscriptionStateFromStripe } from "./subscription-sync.server";

/**
 * - `confirmed`: the subscription is in force.
 * - `pending`: paid for at Stripe, the payment itself not through yet (Stripe: session complete, payment
 *   unpaid; subscription incomplete).
 * - `unverified`: Stripe could not be asked; nothing is known either way.
 * - `unpaid`: the session is still open: nothing was paid.
 * - `failed`: the session expired, or its subscription ended before its first payment.
 * - `unknown`: no such session for this account.
 */
export type PaymentCheck = "confirmed" | "pending" | "unverified" | "unpaid" | "failed" | "unknown";

/** Stripe's Checkout Session ids: `cs_test_…` / `cs_live_…`. */
const SESSION_ID = /^cs_[A-Za-z0-9_]{1,250}$/;

export const isCheckoutSessionId = (value: unknown): value is string => typeof value === "string" && SESSION_ID.test(value);

/** Subscription statuses that end before any payment: the checkout failed. */
const FAILED_STATUSES = new Set(["incomplete_expired", "canceled", "unpaid"]);

/** The Checkout Session `sessionId`, checked with Stripe for the signed-in `userId`. */
export async function confirmCheckoutSession(userId: string, sessionId: string): Promise<PaymentCheck> {
  if (!isCheckoutSessionId(sessionId)) return "unknown";
  const owner = await checkoutSessionOwner(sessionId);
  if (owner && owner !== userId) {
    console.warn(`[stripe] user ${userId} came back with checkout session ${sessionId} of another account; refused`);
    return "unknown";
  }
  let session: Stripe.Checkout.Session;
  try {
    session = await requireStripe().checkout.sessions.retrieve(sessionId);
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 404) {
      // Stripe does not know it (another account's keys, a mistyped address): nothing to ask again.
      if (owner) await settleCheckoutSession(sessionId);
      return "unknown";
    }
    console.error(`[stripe] checkout session ${sessionId} of user ${userId}: could not ask Stripe: ${(error as Error).message}`);
    return "unverified";
  }
  if (!(await belongsTo(session, userId))) {
    console.warn(`[stripe] user ${userId} came back with checkout session ${sessionId} of another account; refused`);
    return "unknown";
  }
  return settleFromStripe(session, userId);
}

/**
 * Before a second checkout (or back from Stripe without a session id): asks Stripe about the account's
 * sessions that may have completed unnoticed and its subscriptions still awaiting their first
 * payment, and stores what it says. `none` when there is nothing to wait for.
 */
export async function confirmPendingPayments(userId: string): Promise<PaymentCheck | "none"> {
  const results: PaymentCheck[] = [];
  for (const id of await unsettledCheckoutSessions(userId)) results.push(await confirmCheckoutSession(userId, id));
  for (const id of await awaitingPaymentSubscriptions(userId)) results.push(await refreshSubscription(userId, id, null));
  if ((await checkSubscription(userId)).subscribed) return "confirmed";
  if (results.includes("unverified")) return "unverified";
  if (results.includes("pending")) return "pending";
  return "none";
}

/** Whose the session is, by what the checkout set: client_reference_id and metadata, else the customer. */
async function belongsTo(session: Stripe.Checkout.Session, userId: string): Promise<boolean> {
  if (session.mode !== "subscription") return false;
  const named = [session.client_reference_id, session.metadata?.user_id].filter(Boolean);
  if (named.length) return named.every((id) => id === userId);
  const customer = idOf(session.customer);
  return Boolean(customer) && customer === (await stripeCustomerOf(userId));
}

async function settleFromStripe(session: Stripe.Checkout.Session, userId: string): Promise<PaymentCheck> {
  if (session.status === "expired") {
    await settleCheckoutSession(session.id);
    return "failed";
  }
  if (session.status !== "complete") return "unpaid";
  const subscriptionId = idOf(session.subscription);
  if (!subscriptionId) {
    console.error(`[stripe] checkout session ${session.id} is complete without a subscription`);
    await settleCheckoutSession(session.id);
    return "failed";
  }
  return refreshSubscription(userId, subscriptionId, session);
}

/** Fetches the subscription and stores it as the webhook would; what that means for the account. */
async function refreshSubscription(userId: string, subscriptionId: string, session: Stripe.Checkout.Session | null): Promise<PaymentCheck> {
  let state: Awaited<ReturnType<typeof subscriptionStateFromStripe>>["state"];
  try {
    ({ state } = await subscriptionStateFromStripe(requireStripe(), subscriptionId, userId));
  } catch (error) {
    console.error(`[stripe] subscription ${subscriptionId} of user ${userId}: could not ask Stripe: ${(error as Error).message}`);
    return "unverified";
  }
  await recordCheckoutOutcome(session?.id ?? null, state);
  if ((await checkSubscription(userId)).subscribed) return "confirmed";
  if (!state || FAILED_STATUSES.has(state.status)) return "failed";
  // Complete at Stripe, its payment still on its way (a bank debit, a 3-D Secure step).
  return state.status === "incomplete" || session?.payment_status === "unpaid" ? "pending" : "failed";
}
