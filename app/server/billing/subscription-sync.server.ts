/**
 * A subscription's current state, fetched from Stripe and tied to its account: what the webhook and
 * the return from Checkout both store (never an event's or a page's copy).
 */
import type { SubscriptionState } from "../models/subscriptions.server";
import { userExists, userOfStripeCustomer } from "../models/subscriptions.server";
import { type Stripe, subscriptionPeriodEnd } from "./stripe.server";

export const idOf = (value: string | { id: string } | null | undefined) => (typeof value === "string" ? value : (value?.id ?? null));

/**
 * Fetches the subscription (a failed fetch throws, for the caller to retry) and finds its account:
 * `referencedUser` (the checkout's), else the customer's known account, else the subscription's
 * metadata. Null when it belongs to no account here.
 */
export async function subscriptionStateFromStripe(
  stripe: Stripe,
  subscriptionId: string,
  referencedUser: string | null,
): Promise<{ state: SubscriptionState | null; customerId: string }> {
  return subscriptionStateOf(await stripe.subscriptions.retrieve(subscriptionId), referencedUser);
}

/** The premium state of a subscription just fetched from Stripe, tied to its account (see above). */
export async function subscriptionStateOf(
  subscription: Stripe.Subscription,
  referencedUser: string | null,
): Promise<{ state: SubscriptionState | null; customerId: string }> {
  const customerId = idOf(subscription.customer)!;
  const userId = await ownerOf(referencedUser, customerId, subscription.metadata?.user_id ?? null);
  if (!userId) return { state: null, customerId };
  return {
    customerId,
    state: {
      userId,
      customerId,
      subscriptionId: subscription.id,
      status: subscription.status,
      priceId: subscription.items.data[0]?.price?.id ?? null,
      currentPeriodEnd: subscriptionPeriodEnd(subscription),
      cancelAtPeriodEnd: subscription.cancel_at_period_end,
    },
  };
}

async function ownerOf(referenced: string | null, customerId: string, metadataUser: string | null): Promise<string | null> {
  if (referenced && (await userExists(referenced))) return referenced;
  const known = await userOfStripeCustomer(customerId);
  if (known) return known;
  if (metadataUser && (await userExists(metadataUser))) return metadataUser;
  return null;
}
