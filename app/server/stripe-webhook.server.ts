/**
 * Stripe's webhook. The signature of the raw body is checked by the SDK; each event id is stored
 * once. Events arrive late, twice and out of order, so an event only says *which* subscription
 * changed: its current state is fetched from Stripe and stored, never the event's copy. A failed
 * fetch answers 503 with nothing written, so that Stripe delivers the event again.
 */
import { getEnv } from "./env.server";
import {
  recordStripeEvent,
  stripeEventSeen,
  type SubscriptionState,
  userExists,
  userOfStripeCustomer,
} from "./models/subscriptions.server";
import { requireStripe, type Stripe, StripeNotConfiguredError, subscriptionPeriodEnd } from "./stripe.server";

export type WebhookAnswer = { status: number; body: Record<string, unknown> };

const HANDLED = new Set([
  "checkout.session.completed",
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
]);

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === "string" ? value : (value?.id ?? null));

export async function handleStripeWebhook(payload: string, signature: string | null): Promise<WebhookAnswer> {
  let stripe: Stripe;
  try {
    stripe = requireStripe("STRIPE_WEBHOOK_SECRET");
  } catch (error) {
    if (!(error instanceof StripeNotConfiguredError)) throw error;
    console.error(`[stripe] webhook refused: ${error.message}`);
    return { status: 503, body: { error: "Los pagos no están configurados." } };
  }
  if (!signature) return { status: 400, body: { error: "Falta la firma Stripe-Signature." } };

  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(payload, signature, getEnv().STRIPE_WEBHOOK_SECRET!);
  } catch (error) {
    console.warn(`[stripe] webhook signature rejected: ${(error as Error).message}`);
    return { status: 400, body: { error: "Firma inválida." } };
  }

  if (await stripeEventSeen(event.id)) return { status: 200, body: { received: true, duplicate: true } };
  if (!HANDLED.has(event.type)) {
    await recordStripeEvent(event, null);
    return { status: 200, body: { received: true, ignored: true } };
  }

  let subscriptionId: string | null = null;
  let referencedUser: string | null = null;
  if (event.type === "checkout.session.completed") {
    const session = event.data.object;
    subscriptionId = session.mode === "subscription" ? idOf(session.subscription) : null;
    referencedUser = session.client_reference_id ?? session.metadata?.user_id ?? null;
  } else {
    subscriptionId = (event.data.object as Stripe.Subscription).id;
  }
  if (!subscriptionId) {
    await recordStripeEvent(event, null);
    return { status: 200, body: { received: true, ignored: true } };
  }

  let subscription: Stripe.Subscription;
  try {
    subscription = await stripe.subscriptions.retrieve(subscriptionId);
  } catch (error) {
    console.error(
      `[stripe] webhook ${event.id} (${event.type}): could not fetch subscription ${subscriptionId}: ${(error as Error).message}`,
    );
    return { status: 503, body: { error: "No se pudo consultar la suscripción en Stripe; reintente." } };
  }

  const customerId = idOf(subscription.customer)!;
  const userId = await ownerOf(referencedUser, customerId, subscription.metadata?.user_id ?? null);
  if (!userId) {
    console.warn(`[stripe] webhook ${event.id} (${event.type}): customer ${customerId} belongs to no account; ignored`);
    await recordStripeEvent(event, null);
    return { status: 200, body: { received: true, unknownCustomer: true } };
  }

  const state: SubscriptionState = {
    userId,
    customerId,
    subscriptionId: subscription.id,
    status: subscription.status,
    priceId: subscription.items.data[0]?.price?.id ?? null,
    currentPeriodEnd: subscriptionPeriodEnd(subscription),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
  };
  const fresh = await recordStripeEvent(event, state);
  return { status: 200, body: { received: true, ...(fresh ? {} : { duplicate: true }) } };
}

/** The account: the one the checkout named, else the customer's known account, else the subscription's metadata. */
async function ownerOf(referenced: string | null, customerId: string, metadataUser: string | null): Promise<string | null> {
  if (referenced && (await userExists(referenced))) return referenced;
  const known = await userOfStripeCustomer(customerId);
  if (known) return known;
  if (metadataUser && (await userExists(metadataUser))) return metadataUser;
  return null;
}
