/**
 * Local AI plans bought for a listing: the Stripe price of each plan and period (environment
 * variables, like the premium price), the checkout a manager starts, the return from it (the
 * Checkout Session asked, as for premium), the Customer Portal, and what a subscription fetched from
 * Stripe means for its listing. A listing subscription carries its listing and plan in its metadata;
 * that is what tells it from a premium one.
 */
import { LISTING_KIND_IDS, type ListingKind } from "~/catalog/listing-kinds";
import { isPaidPlan, type PaidPlanType, PLAN_PERIOD_SLUGS, type PlanPeriod } from "~/catalog/plans";
import { getEnv, type Env } from "../platform/env.server";
import { log } from "../platform/logger.server";
import type { ListingRef } from "../models/listing-managers.server";
import { type ListingSubscriptionState, liveListingSubscription, recordListingSubscription } from "../models/listing-subscriptions.server";
import { stripeCustomerOf } from "../models/subscriptions.server";
import { isCheckoutSessionId } from "./checkout-confirmation.server";
import { requireStripe, type Stripe, subscriptionPeriodEnd } from "./stripe.server";
import { idOf } from "./subscription-sync.server";

export const PLAN_MESSAGES = {
  unavailable: "Este plan no se puede contratar en línea por ahora. Escríbenos y te ayudamos a activarlo.",
  alreadyPaid: "Este negocio ya tiene un plan pagado. Para cambiarlo o cancelarlo, usa «Gestionar facturación».",
  inReview: "Tu negocio aún está en revisión: podrás contratar un plan cuando lo aprobemos.",
  checkoutError: "Error creando sesión de pago",
} as const;

const PRICE_KEYS: Record<PaidPlanType, Record<PlanPeriod, keyof Env>> = {
  starter_local: { year: "STRIPE_PRICE_STARTER_LOCAL_YEAR", half_year: "STRIPE_PRICE_STARTER_LOCAL_HALF_YEAR" },
  max_local: { year: "STRIPE_PRICE_MAX_LOCAL_YEAR", half_year: "STRIPE_PRICE_MAX_LOCAL_HALF_YEAR" },
};

/** The Stripe price of a plan and period, or null when it is not configured (then it cannot be bought). */
export function listingPriceId(plan: PaidPlanType, period: PlanPeriod): string | null {
  const env = getEnv();
  if (!env.STRIPE_SECRET_KEY) return null;
  const value = env[PRICE_KEYS[plan][period]];
  return typeof value === "string" && value ? value : null;
}

/** Which plans and periods can be bought now. */
export function availablePlans(): Record<PaidPlanType, Record<PlanPeriod, boolean>> {
  const of = (plan: PaidPlanType) => ({
    year: Boolean(listingPriceId(plan, "year")),
    half_year: Boolean(listingPriceId(plan, "half_year")),
  });
  return { starter_local: of("starter_local"), max_local: of("max_local") };
}

/** The plan and period of a configured price (a plan changed in the portal keeps its new price). */
function planOfPrice(priceId: string | null | undefined): { plan: PaidPlanType; period: PlanPeriod } | null {
  if (!priceId) return null;
  for (const plan of Object.keys(PRICE_KEYS) as PaidPlanType[]) {
    for (const period of PLAN_PERIOD_SLUGS) if (listingPriceId(plan, period) === priceId) return { plan, period };
  }
  return null;
}

/** Whether a Stripe subscription is a listing's plan (by the metadata its checkout set). */
export const isListingSubscription = (subscription: Pick<Stripe.Subscription, "metadata">) => Boolean(subscription.metadata?.listing_id);

/** What a subscription fetched from Stripe says of its listing; null when its metadata names none we know. */
export function listingStateOf(subscription: Stripe.Subscription): ListingSubscriptionState | null {
  const meta = subscription.metadata ?? {};
  const kind = meta.listing_kind as ListingKind;
  if (!(LISTING_KIND_IDS as readonly string[]).includes(kind) || !meta.listing_id) return null;
  const byPrice = planOfPrice(subscription.items.data[0]?.price?.id);
  const plan = byPrice?.plan ?? meta.plan_type;
  const period = byPrice?.period ?? (meta.period as PlanPeriod);
  if (!isPaidPlan(plan) || !PLAN_PERIOD_SLUGS.includes(period)) return null;
  return {
    subscriptionId: subscription.id,
    kind,
    listingId: meta.listing_id,
    userId: meta.user_id || null,
    customerId: idOf(subscription.customer)!,
    planType: plan,
    period,
    status: subscription.status,
    currentPeriodEnd: subscriptionPeriodEnd(subscription),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
  };
}

export class PlanCheckoutRefused extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/**
 * A Stripe Checkout for a listing's plan, started by one of its managers (the caller checked that).
 * `attempt` makes a double submit reuse one session. Refused (PlanCheckoutRefused) when the price is
 * not configured or the listing already has a live subscription; Stripe's failures are thrown.
 */
export async function startListingCheckout(input: {
  userId: string;
  email: string;
  ref: ListingRef;
  plan: PaidPlanType;
  period: PlanPeriod;
  attempt: string;
  returnPath: string;
}): Promise<string> {
  const price = listingPriceId(input.plan, input.period);
  if (!price) throw new PlanCheckoutRefused(PLAN_MESSAGES.unavailable, 503);
  if (await liveListingSubscription(input.ref)) throw new PlanCheckoutRefused(PLAN_MESSAGES.alreadyPaid, 409);
  const stripe = requireStripe();
  const customer = await stripeCustomerOf(input.userId);
  const metadata = {
    user_id: input.userId,
    listing_kind: input.ref.kind,
    listing_id: input.ref.listingId,
    plan_type: input.plan,
    period: input.period,
  };
  const back = `${getEnv().PUBLIC_URL}${input.returnPath}`;
  const session = await stripe.checkout.sessions.create(
    {
      mode: "subscription",
      line_items: [{ price, quantity: 1 }],
      locale: "es",
      client_reference_id: input.userId,
      metadata,
      subscription_data: { metadata },
      ...(customer ? { customer } : { customer_email: input.email }),
      success_url: `${back}?pago=exitoso&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${back}?pago=cancelado`,
    },
    { idempotencyKey: `listing-checkout:${input.ref.kind}:${input.ref.listingId}:${input.userId}:${input.attempt}` },
  );
  if (!session.url) throw new Error(`Stripe answered checkout session ${session.id} without a url`);
  return session.url;
}

/** confirmed / pending (paid, the payment on its way) / unpaid (still open) / failed / unverified / unknown. */
export type PlanPaymentCheck = "confirmed" | "pending" | "unpaid" | "failed" | "unverified" | "unknown";

/**
 * Back from Stripe: the Checkout Session named in the address, accepted only when it was started by
 * this account for this listing; a complete one stores its subscription exactly as the webhook does.
 */
export async function confirmListingCheckout(userId: string, ref: ListingRef, sessionId: unknown): Promise<PlanPaymentCheck> {
  if (!isCheckoutSessionId(sessionId)) return "unknown";
  let session: Stripe.Checkout.Session;
  let stripe: Stripe;
  try {
    stripe = requireStripe();
    session = await stripe.checkout.sessions.retrieve(sessionId);
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 404) return "unknown";
    log.error(`[stripe] listing checkout ${sessionId}: could not ask Stripe: ${(error as Error).message}`);
    return "unverified";
  }
  const meta = session.metadata ?? {};
  if (session.client_reference_id !== userId || meta.listing_id !== ref.listingId || meta.listing_kind !== ref.kind) {
    log.warn(`[stripe] user ${userId} came back with checkout session ${sessionId} of another account or listing; refused`);
    return "unknown";
  }
  if (session.status === "expired") return "failed";
  if (session.status !== "complete") return "unpaid";
  const subscriptionId = idOf(session.subscription);
  if (!subscriptionId) return "failed";
  let state: ListingSubscriptionState | null;
  try {
    state = listingStateOf(await stripe.subscriptions.retrieve(subscriptionId));
  } catch (error) {
    log.error(`[stripe] listing subscription ${subscriptionId}: could not ask Stripe: ${(error as Error).message}`);
    return "unverified";
  }
  if (!state) return "failed";
  const outcome = await recordListingSubscription(null, state);
  if (outcome !== "recorded") return "failed";
  if (state.status === "active" || state.status === "trialing") return "confirmed";
  return state.status === "incomplete" ? "pending" : "failed";
}

/**
 * The Customer Portal for the listing's live subscription, only for the account that pays it (the
 * portal shows that customer's cards and invoices); null otherwise.
 */
export async function listingPortalUrl(userId: string, ref: ListingRef, returnPath: string): Promise<string | null> {
  const live = await liveListingSubscription(ref);
  if (!live?.stripe_customer_id || live.user_id !== userId) return null;
  const portal = await requireStripe().billingPortal.sessions.create({
    customer: live.stripe_customer_id,
    return_url: `${getEnv().PUBLIC_URL}${returnPath}`,
    locale: "es",
  });
  return portal.url;
}
