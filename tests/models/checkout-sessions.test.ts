/** The Checkout Sessions remembered per account, and the two paths that record a paid one (return and webhook). */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { checkout_sessions, subscriptions } from "~/db/schema";
import { db } from "~/server/platform/db.server";
import {
  awaitingPaymentSubscriptions,
  checkoutSessionOwner,
  checkSubscription,
  recordCheckoutOutcome,
  recordStripeEvent,
  rememberCheckoutSession,
  settleCheckoutSession,
  unsettledCheckoutSessions,
} from "~/server/models/subscriptions.server";
import { makeUser, subscriptionState as state, unique } from "../setup/factories";

const DAY = 24 * 60 * 60 * 1000;
const tomorrow = () => new Date(Date.now() + DAY);

describe("checkout sessions", () => {
  it("remembers whose each session is, once, and lists the unsettled ones newest first", async () => {
    const a = await makeUser();
    const b = await makeUser();
    const [first, second] = [unique("cs_test_a1"), unique("cs_test_a2")];
    await rememberCheckoutSession({ id: first, userId: a.id, expiresAt: tomorrow() });
    await rememberCheckoutSession({ id: first, userId: a.id, expiresAt: tomorrow() });
    await rememberCheckoutSession({ id: second, userId: a.id, expiresAt: tomorrow() });
    await db
      .update(checkout_sessions)
      .set({ created_at: new Date(Date.now() - 60_000) })
      .where(eq(checkout_sessions.id, first));
    expect(await checkoutSessionOwner(first)).toBe(a.id);
    expect(await checkoutSessionOwner("cs_test_nadie")).toBeNull();
    expect(await unsettledCheckoutSessions(a.id)).toEqual([second, first]);
    expect(await unsettledCheckoutSessions(b.id)).toEqual([]);
    await settleCheckoutSession(second);
    expect(await unsettledCheckoutSessions(a.id)).toEqual([first]);
  });

  it("the return and the webhook, in either order and replayed, leave one subscription and settle the session", async () => {
    for (const order of ["return-first", "webhook-first"] as const) {
      const a = await makeUser();
      const session = unique("cs_test_pagada");
      await rememberCheckoutSession({ id: session, userId: a.id, expiresAt: tomorrow() });
      const event = { id: unique("evt_pagada"), type: "checkout.session.completed" };
      const steps = [() => recordCheckoutOutcome(session, state(a.id)), () => recordStripeEvent(event, state(a.id), session)];
      if (order === "webhook-first") steps.reverse();
      for (const step of [...steps, ...steps]) await step();
      expect(await db.select().from(subscriptions).where(eq(subscriptions.user_id, a.id)), order).toHaveLength(1);
      expect(await checkSubscription(a.id)).toMatchObject({ subscribed: true, source: "stripe" });
      expect(await unsettledCheckoutSessions(a.id)).toEqual([]);
    }
  });

  it("a subscription whose first payment is on its way is awaited for a day, then no longer", async () => {
    const a = await makeUser();
    await recordCheckoutOutcome(null, state(a.id, { status: "incomplete" }));
    expect(await awaitingPaymentSubscriptions(a.id)).toEqual([`sub_${a.id}`]);
    expect(await checkSubscription(a.id)).toMatchObject({ subscribed: false });
    expect(await awaitingPaymentSubscriptions(a.id, new Date(Date.now() + DAY + 60_000))).toEqual([]);
    await recordCheckoutOutcome(null, state(a.id, { status: "incomplete_expired" }));
    expect(await awaitingPaymentSubscriptions(a.id)).toEqual([]);
  });
});
