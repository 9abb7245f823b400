/**
 * Stripe's webhook. The signature of the raw body is checked by the SDK; each event id is stored
 * once. Events arrive late, twice and out of order, so an event only says *which* subscription
 * changed: its current state is fetched from Stripe and stored, never the event's copy. A failed
 * fetch answers 503 with nothing written, so that Stripe delivers the event again.
 */
import { getEnv } from "../platform/env.server";
import { log } from "../platform/logger.server";
import { stripeWebhooks } from "../platform/metrics.server";
import { recordStripeEvent, stripeEventSeen } from "../models/subscriptions.server";
import { requireStripe, type Stripe, StripeNotConfiguredError } from "./stripe.server";
import { idOf, subscriptionStateOf } from "./subscription-sync.server";
import { isListingSubscription, listingStateOf } from "./listing-plans.server";
import { recordListingSubscription } from "../models/listing-subscriptions.server";

export type WebhookAnswer = { status: number; body: Record<string, unknown> };

const HANDLED = new Set([
  "checkout.session.completed",
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  // A renewal paid or failed: the subscription's status says which (active, past_due).
  "invoice.paid",
  "invoice.payment_failed",
]);

/** The webhook's answer, counted in the metrics by outcome (processed, duplicate, ignored, rejected…). */
export async function handleStripeWebhook(payload: string, signature: string | null): Promise<WebhookAnswer> {
  try {
    const answer = await answerWebhook(payload, signature);
    stripeWebhooks.inc({ outcome: outcomeOf(answer) });
    return answer;
  } catch (error) {
    stripeWebhooks.inc({ outcome: "error" });
    throw error;
  }
}

function outcomeOf({ status, body }: WebhookAnswer): string {
  if (status === 400) return "rejected";
  if (status === 503) return body.error === "Los pagos no están configurados." ? "not_configured" : "stripe_unavailable";
  if (body.duplicate) return "duplicate";
  if (body.ignored) return "ignored";
  if (body.unknownCustomer) return "unknown_customer";
  return "processed";
}

async function answerWebhook(payload: string, signature: string | null): Promise<WebhookAnswer> {
  let stripe: Stripe;
  try {
    stripe = requireStripe("STRIPE_WEBHOOK_SECRET");
  } catch (error) {
    if (!(error instanceof StripeNotConfiguredError)) throw error;
    log.error(`[stripe] webhook refused: ${error.message}`);
    return { status: 503, body: { error: "Los pagos no están configurados." } };
  }
  if (!signature) return { status: 400, body: { error: "Falta la firma Stripe-Signature." } };

  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(payload, signature, getEnv().STRIPE_WEBHOOK_SECRET!);
  } catch (error) {
    log.warn(`[stripe] webhook signature rejected: ${(error as Error).message}`);
    return { status: 400, body: { error: "Firma inválida." } };
  }

  if (await stripeEventSeen(event.id)) return { status: 200, body: { received: true, duplicate: true } };
  if (!HANDLED.has(event.type)) {
    await recordStripeEvent(event, null);
    return { status: 200, body: { received: true, ignored: true } };
  }

  let subscriptionId: string | null = null;
  let referencedUser: string | null = null;
  let checkoutSessionId: string | null = null;
  if (event.type === "checkout.session.completed") {
    const session = event.data.object;
    checkoutSessionId = session.id;
    subscriptionId = session.mode === "subscription" ? idOf(session.subscription) : null;
    referencedUser = session.client_reference_id ?? session.metadata?.user_id ?? null;
  } else if (event.type === "invoice.paid" || event.type === "invoice.payment_failed") {
    subscriptionId = idOf(event.data.object.parent?.subscription_details?.subscription);
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
    log.error(`[stripe] webhook ${event.id} (${event.type}): could not fetch subscription ${subscriptionId}: ${(error as Error).message}`);
    return { status: 503, body: { error: "No se pudo consultar la suscripción en Stripe; reintente." } };
  }
  if (isListingSubscription(subscription)) return answerListingEvent(event, subscription);

  const synced = await subscriptionStateOf(subscription, referencedUser);

  if (!synced.state) {
    log.warn(`[stripe] webhook ${event.id} (${event.type}): customer ${synced.customerId} belongs to no account; ignored`);
    await recordStripeEvent(event, null);
    return { status: 200, body: { received: true, unknownCustomer: true } };
  }

  const fresh = await recordStripeEvent(event, synced.state, checkoutSessionId);
  return { status: 200, body: { received: true, ...(fresh ? {} : { duplicate: true }) } };
}

/** A Local AI plan's subscription: its listing's plan follows what Stripe says of it. */
async function answerListingEvent(event: Stripe.Event, subscription: Stripe.Subscription): Promise<WebhookAnswer> {
  const state = listingStateOf(subscription);
  if (!state) {
    log.warn(`[stripe] webhook ${event.id} (${event.type}): subscription ${subscription.id} names no known listing plan; ignored`);
    await recordStripeEvent(event, null);
    return { status: 200, body: { received: true, ignored: true } };
  }
  const outcome = await recordListingSubscription(event, state);
  if (outcome === "duplicate") return { status: 200, body: { received: true, duplicate: true } };
  if (outcome === "conflict" || outcome === "gone") {
    // Nothing a retry would change: acknowledged, and logged for a person to sort out at Stripe.
    log.error(
      `[stripe] webhook ${event.id}: subscription ${subscription.id} for ${state.kind} ${state.listingId}: ${outcome}; not applied`,
    );
    return { status: 200, body: { received: true, ignored: true } };
  }
  return { status: 200, body: { received: true } };
}
