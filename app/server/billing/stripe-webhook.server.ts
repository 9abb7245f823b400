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
import { idOf, subscriptionStateFromStripe } from "./subscription-sync.server";

export type WebhookAnswer = { status: number; body: Record<string, unknown> };

const HANDLED = new Set([
  "checkout.session.completed",
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
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
  } else {
    subscriptionId = (event.data.object as Stripe.Subscription).id;
  }
  if (!subscriptionId) {
    await recordStripeEvent(event, null);
    return { status: 200, body: { received: true, ignored: true } };
  }

  let synced: Awaited<ReturnType<typeof subscriptionStateFromStripe>>;
  try {
    synced = await subscriptionStateFromStripe(stripe, subscriptionId, referencedUser);
  } catch (error) {
    log.error(`[stripe] webhook ${event.id} (${event.type}): could not fetch subscription ${subscriptionId}: ${(error as Error).message}`);
    return { status: 503, body: { error: "No se pudo consultar la suscripción en Stripe; reintente." } };
  }

  if (!synced.state) {
    log.warn(`[stripe] webhook ${event.id} (${event.type}): customer ${synced.customerId} belongs to no account; ignored`);
    await recordStripeEvent(event, null);
    return { status: 200, body: { received: true, unknownCustomer: true } };
  }

  const fresh = await recordStripeEvent(event, synced.state, checkoutSessionId);
  return { status: 200, body: { received: true, ...(fresh ? {} : { duplicate: true }) } };
}
