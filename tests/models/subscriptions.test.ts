/** Premium entitlement: paid subscriptions, free plans by id or e-mail, webhook event ids. */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { stripe_customers, subscriptions, users } from "~/db/schema";
import { db } from "~/server/platform/db.server";
import { setFreePlanActive } from "~/server/models/admin-free-plans.server";
import { afterAccountUpdate } from "~/server/models/profiles.server";
import {
  checkSubscription,
  premiumStatuses,
  recordStripeEvent,
  stripeCustomerOf,
  userOfStripeCustomer,
} from "~/server/models/subscriptions.server";
import { makeFreePlan, makeUser, subscriptionState as state } from "../setup/factories";

const DAY = 24 * 60 * 60 * 1000;

describe("checkSubscription", () => {
  it("is not subscribed without a plan or a subscription", async () => {
    const a = await makeUser();
    expect(await checkSubscription(a.id)).toEqual({ subscribed: false, source: null, until: null });
  });

  it("counts active and trialing subscriptions until the paid period ends", async () => {
    for (const status of ["active", "trialing"]) {
      const a = await makeUser();
      const end = new Date(Date.now() + 10 * DAY);
      await recordStripeEvent({ id: `evt_${a.id}`, type: "customer.subscription.updated" }, state(a.id, { status, currentPeriodEnd: end }));
      expect(await checkSubscription(a.id)).toEqual({ subscribed: true, source: "stripe", until: end });
      expect(await checkSubscription(a.id, new Date(end.getTime() + 1000))).toMatchObject({ subscribed: false });
    }
  });

  it("does not count canceled, past_due, incomplete or unpaid subscriptions", async () => {
    for (const status of ["canceled", "past_due", "incomplete", "unpaid", "incomplete_expired", "paused"]) {
      const a = await makeUser();
      await recordStripeEvent({ id: `evt_${a.id}`, type: "customer.subscription.updated" }, state(a.id, { status }));
      expect(await checkSubscription(a.id), status).toMatchObject({ subscribed: false, source: null });
    }
  });

  it("honours a free plan granted by e-mail before the account existed, whatever the case of the address", async () => {
    const plan = await makeFreePlan({ email: "Futura.Socia@Ejemplo.test", days_granted: 30 });
    expect(plan.user_id).toBeNull();
    const a = await makeUser({ email: "FUTURA.socia@ejemplo.test" });
    // Holding the address unconfirmed proves nothing; confirming it attaches the plan.
    expect(await checkSubscription(a.id)).toMatchObject({ subscribed: false });
    await afterAccountUpdate({ id: a.id, email: "FUTURA.socia@ejemplo.test", emailVerified: true });
    const status = await checkSubscription(a.id);
    expect(status).toEqual({ subscribed: true, source: "free_plan", until: plan.expires_at });
  });

  it("honours a free plan linked by user id even after the account's e-mail changed", async () => {
    const a = await makeUser({ emailVerified: true });
    const plan = await makeFreePlan({ email: a.email, days_granted: 60 });
    expect(plan.user_id).toBe(a.id);
    await db
      .update(users)
      .set({ email: `otra-${a.id}@x.test` })
      .where(eq(users.id, a.id));
    expect(await checkSubscription(a.id)).toMatchObject({ subscribed: true, source: "free_plan" });
  });

  it("ignores an expired or a deactivated free plan", async () => {
    const admin = await makeUser();
    const expired = await makeUser({ emailVerified: true });
    await makeFreePlan({ email: expired.email, days_granted: 30, grantedAt: new Date(Date.now() - 31 * DAY) });
    expect(await checkSubscription(expired.id)).toMatchObject({ subscribed: false });

    const off = await makeUser({ emailVerified: true });
    const plan = await makeFreePlan({ email: off.email, days_granted: 30, grantedBy: admin });
    expect(await checkSubscription(off.id)).toMatchObject({ subscribed: true });
    await setFreePlanActive(admin, plan.id, false);
    expect(await checkSubscription(off.id)).toMatchObject({ subscribed: false });
  });

  it("prefers the paid subscription when both apply, and answers many accounts at once", async () => {
    const both = await makeUser({ emailVerified: true });
    const none = await makeUser();
    await makeFreePlan({ email: both.email, days_granted: 90 });
    await recordStripeEvent({ id: `evt_${both.id}`, type: "checkout.session.completed" }, state(both.id));
    const map = await premiumStatuses([both.id, none.id]);
    expect(map.get(both.id)).toMatchObject({ subscribed: true, source: "stripe" });
    expect(map.get(none.id)).toEqual({ subscribed: false, source: null, until: null });
  });
});

describe("recordStripeEvent", () => {
  it("stores each event id once: a replay changes nothing", async () => {
    const a = await makeUser();
    expect(await recordStripeEvent({ id: "evt_once", type: "customer.subscription.updated" }, state(a.id))).toBe(true);
    expect(await recordStripeEvent({ id: "evt_once", type: "customer.subscription.updated" }, state(a.id, { status: "canceled" }))).toBe(
      false,
    );
    const [row] = await db.select().from(subscriptions).where(eq(subscriptions.user_id, a.id));
    expect(row!.status).toBe("active");
  });

  it("keeps one row per Stripe subscription, updated to the newest state, and links the customer", async () => {
    const a = await makeUser();
    await recordStripeEvent({ id: "evt_a1", type: "customer.subscription.created" }, state(a.id));
    await recordStripeEvent({ id: "evt_a2", type: "customer.subscription.deleted" }, state(a.id, { status: "canceled" }));
    const rows = await db.select().from(subscriptions).where(eq(subscriptions.user_id, a.id));
    expect(rows.map((r) => r.status)).toEqual(["canceled"]);
    expect(await stripeCustomerOf(a.id)).toBe(`cus_${a.id}`);
    expect(await userOfStripeCustomer(`cus_${a.id}`)).toBe(a.id);
    expect(await db.select().from(stripe_customers).where(eq(stripe_customers.user_id, a.id))).toHaveLength(1);
  });

  it("writes nothing when the state cannot be stored (the event stays unprocessed for Stripe's retry)", async () => {
    const bad = state("no-such-user");
    await expect(recordStripeEvent({ id: "evt_orphan", type: "customer.subscription.updated" }, bad)).rejects.toThrow();
    // The same event, once the account exists, is processed: the failed attempt left no event id behind.
    await makeUser({ id: "no-such-user" });
    expect(await recordStripeEvent({ id: "evt_orphan", type: "customer.subscription.updated" }, bad)).toBe(true);
  });
});
