/**
 * POST /api/stripe/webhook against the fake Stripe API: signatures checked by the SDK, each event
 * once, the subscription's current state fetched from Stripe whatever the event carried.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stripe_events, subscriptions } from "~/db/schema";
import * as webhook from "~/routes/api/stripe-webhook";
import { db } from "~/server/platform/db.server";
import { checkSubscription } from "~/server/models/subscriptions.server";
import { type FakeStripe, startFakeStripe } from "../fakes/stripe";
import { makeUser } from "../setup/factories";
import { call, ORIGIN, resetConfig } from "../setup/route";

let stripe: FakeStripe;

beforeAll(async () => {
  stripe = await startFakeStripe();
  resetConfig({
    STRIPE_SECRET_KEY: "sk_test_fake",
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_PRICE_ID: "price_premium",
    STRIPE_API_BASE: stripe.url,
  });
});
afterAll(async () => {
  resetConfig({ STRIPE_SECRET_KEY: undefined, STRIPE_WEBHOOK_SECRET: undefined, STRIPE_PRICE_ID: undefined, STRIPE_API_BASE: undefined });
  await stripe.close();
});

function deliver(payload: string, header: string | null) {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (header !== null) headers["Stripe-Signature"] = header;
  return call(webhook.action, new Request(`${ORIGIN}/api/stripe/webhook`, { method: "POST", body: payload, headers }));
}
function send(type: string, object: unknown, opts: { id?: string } = {}) {
  const { payload, header, event } = stripe.signedEvent(type, object, opts);
  return deliver(payload, header).then((r) => ({ ...r, event }));
}

/** A paid checkout for `userId`, as Stripe reports it in checkout.session.completed. */
const paidCheckout = (userId: string) =>
  stripe.paidCheckout(userId, { email: `${userId}@x.test`, returnUrl: `${ORIGIN}/ai-solutions/amy` });

const eventCount = async () => (await db.select().from(stripe_events)).length;

describe("signature", () => {
  it("refuses a missing, malformed, wrongly signed or stale signature with 400 and changes nothing", async () => {
    const { id: userId } = await makeUser();
    const { session } = paidCheckout(userId);
    const before = await eventCount();
    const good = stripe.signedEvent("checkout.session.completed", session);
    const wrongSecret = stripe.signedEvent("checkout.session.completed", session, { secret: "whsec_otro" });
    const stale = stripe.signedEvent("checkout.session.completed", session, { timestamp: Math.floor(Date.now() / 1000) - 600 });
    expect((await deliver(good.payload, null)).status).toBe(400);
    expect((await deliver(good.payload, "basura")).status).toBe(400);
    expect((await deliver(wrongSecret.payload, wrongSecret.header)).status).toBe(400);
    expect((await deliver(stale.payload, stale.header)).status).toBe(400);
    // The right signature over a different body (tampered amount, other user…) is refused too.
    expect((await deliver(good.payload.replace(userId, "otra-cuenta"), good.header)).status).toBe(400);
    expect(await eventCount()).toBe(before);
    expect(await checkSubscription(userId)).toMatchObject({ subscribed: false });
  });

  it("answers 503 and logs why when the webhook secret is not configured", async () => {
    resetConfig({ STRIPE_WEBHOOK_SECRET: undefined });
    try {
      const { payload, header } = stripe.signedEvent("invoice.paid", { id: "in_1" });
      const res = await deliver(payload, header);
      expect(res.status).toBe(503);
    } finally {
      resetConfig({ STRIPE_WEBHOOK_SECRET: stripe.webhookSecret });
    }
  });
});

describe("events", () => {
  it("checkout.session.completed links the customer and the subscription to the account", async () => {
    const { id: userId } = await makeUser();
    const { session, customer, sub } = paidCheckout(userId);
    const res = await send("checkout.session.completed", session);
    expect(res.status).toBe(200);
    const status = await checkSubscription(userId);
    expect(status).toMatchObject({ subscribed: true, source: "stripe" });
    const [row] = await db.select().from(subscriptions).where(eq(subscriptions.user_id, userId));
    expect(row).toMatchObject({ stripe_customer_id: customer.id, stripe_subscription_id: sub.id, status: "active" });
  });

  it("customer.subscription.deleted ends access", async () => {
    const { id: userId } = await makeUser();
    const { session, sub } = paidCheckout(userId);
    await send("checkout.session.completed", session);
    stripe.updateSubscription(sub.id, { status: "canceled" });
    expect((await send("customer.subscription.deleted", stripe.subscriptions.get(sub.id))).status).toBe(200);
    expect(await checkSubscription(userId)).toMatchObject({ subscribed: false });
  });

  it("a replayed event has no second effect", async () => {
    const { id: userId } = await makeUser();
    const { session, sub } = paidCheckout(userId);
    const first = stripe.signedEvent("checkout.session.completed", session);
    expect((await deliver(first.payload, first.header)).status).toBe(200);
    // Stripe's state changes meanwhile; a replay of the old event must not fetch and store it.
    stripe.updateSubscription(sub.id, { status: "canceled" });
    const fetches = stripe.requests.filter((r) => r.path === `/v1/subscriptions/${sub.id}`).length;
    const replay = await deliver(first.payload, first.header);
    expect(replay).toMatchObject({ status: 200, data: { duplicate: true } });
    expect(stripe.requests.filter((r) => r.path === `/v1/subscriptions/${sub.id}`)).toHaveLength(fetches);
    expect(await checkSubscription(userId)).toMatchObject({ subscribed: true });
  });

  it("an 'updated' arriving after 'deleted' stores Stripe's current state, not the event's stale copy", async () => {
    const { id: userId } = await makeUser();
    const { session, sub } = paidCheckout(userId);
    await send("checkout.session.completed", session);
    const staleActive = structuredClone(stripe.subscriptions.get(sub.id));
    stripe.updateSubscription(sub.id, { status: "canceled" });
    await send("customer.subscription.deleted", stripe.subscriptions.get(sub.id));
    const late = await send("customer.subscription.updated", staleActive);
    expect(late.status).toBe(200);
    expect(await checkSubscription(userId)).toMatchObject({ subscribed: false });
    const [row] = await db.select().from(subscriptions).where(eq(subscriptions.stripe_subscription_id, sub.id));
    expect(row!.status).toBe("canceled");
  });

  it("a subscription created before the checkout event is linked through its metadata", async () => {
    const { id: userId } = await makeUser();
    const { sub } = paidCheckout(userId);
    expect((await send("customer.subscription.created", sub)).status).toBe(200);
    expect(await checkSubscription(userId)).toMatchObject({ subscribed: true, source: "stripe" });
  });

  it("an event for an unknown customer is acknowledged and stores nothing", async () => {
    const customer = stripe.createCustomer("nadie@x.test");
    const sub = stripe.createSubscription({ customer: customer.id });
    const before = (await db.select().from(subscriptions)).length;
    const res = await send("customer.subscription.updated", sub);
    expect(res).toMatchObject({ status: 200, data: { unknownCustomer: true } });
    expect((await db.select().from(subscriptions)).length).toBe(before);
  });

  it("an event type it does not handle gets a 2xx", async () => {
    const res = await send("invoice.paid", { id: "in_123", object: "invoice" });
    expect(res).toMatchObject({ status: 200, data: { ignored: true } });
  });

  it("a failed subscription fetch answers 5xx with nothing written, and Stripe's retry then succeeds", async () => {
    const { id: userId } = await makeUser();
    const { session } = paidCheckout(userId);
    const { payload, header, event } = stripe.signedEvent("checkout.session.completed", session);
    stripe.state.failSubscriptionFetch = 500;
    try {
      const res = await deliver(payload, header);
      expect(res.status).toBe(503);
    } finally {
      stripe.state.failSubscriptionFetch = null;
    }
    expect(await db.select().from(stripe_events).where(eq(stripe_events.id, event.id))).toHaveLength(0);
    expect(await db.select().from(subscriptions).where(eq(subscriptions.user_id, userId))).toHaveLength(0);
    expect((await deliver(payload, header)).status).toBe(200);
    expect(await checkSubscription(userId)).toMatchObject({ subscribed: true });
  });
});
