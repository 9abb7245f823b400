/**
 * A listing's plan from its Stripe subscriptions (recomputed on every change, so any order of events
 * leaves the same listing), and the admin's plan by hand: 'granted', and refused over a live Stripe plan.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { businesses, listing_subscriptions } from "~/db/schema";
import { businessSchema } from "~/schemas/admin";
import { db } from "~/server/platform/db.server";
import { StripePlanLockedError, updateListing } from "~/server/models/admin-listings.server";
import {
  type ListingSubscriptionState,
  liveListingSubscription,
  recordListingSubscription,
} from "~/server/models/listing-subscriptions.server";
import { makeBusiness, makeUser, unique } from "../setup/factories";

const DAY = 24 * 60 * 60 * 1000;

function state(listingId: string, over: Partial<ListingSubscriptionState> = {}): ListingSubscriptionState {
  return {
    subscriptionId: unique("sub"),
    kind: "business",
    listingId,
    userId: null,
    customerId: unique("cus"),
    planType: "starter_local",
    period: "year",
    status: "active",
    currentPeriodEnd: new Date(Date.now() + 365 * DAY),
    cancelAtPeriodEnd: false,
    ...over,
  };
}

const row = async (id: string) => (await db.select().from(businesses).where(eq(businesses.id, id)))[0]!;

describe("recordListingSubscription", () => {
  it("an active subscription sets the plan from Stripe; a replayed event id changes nothing", async () => {
    const b = await makeBusiness();
    const s = state(b.id, { planType: "max_local", period: "half_year" });
    expect(await recordListingSubscription({ id: unique("evt"), type: "customer.subscription.created" }, s)).toBe("recorded");
    expect(await row(b.id)).toMatchObject({ plan_type: "max_local", plan_source: "stripe", plan_renews_at: s.currentPeriodEnd });
    const event = { id: unique("evt"), type: "customer.subscription.updated" };
    expect(await recordListingSubscription(event, { ...s, status: "past_due" })).toBe("recorded");
    const flagged = (await row(b.id)).plan_payment_failed_at;
    expect(flagged).toBeInstanceOf(Date);
    expect(await recordListingSubscription(event, { ...s, status: "active" })).toBe("duplicate");
    expect((await row(b.id)).plan_payment_failed_at).toEqual(flagged);
    // Still past_due on the next event: the first failure's time is kept.
    await recordListingSubscription(null, { ...s, status: "past_due" });
    expect((await row(b.id)).plan_payment_failed_at).toEqual(flagged);
  });

  it("an ended Stripe plan goes back to free_local; an admin's granted plan is left alone", async () => {
    const paid = await makeBusiness();
    const s = state(paid.id);
    await recordListingSubscription(null, s);
    await recordListingSubscription(null, { ...s, status: "canceled" });
    expect(await row(paid.id)).toMatchObject({ plan_type: "free_local", plan_source: null, plan_renews_at: null });
    expect(await liveListingSubscription({ kind: "business", listingId: paid.id })).toBeNull();

    const granted = await makeBusiness({ plan_type: "max_local", plan_source: "granted" });
    const g = state(granted.id, { status: "incomplete" });
    await recordListingSubscription(null, g);
    await recordListingSubscription(null, { ...g, status: "incomplete_expired" });
    expect(await row(granted.id)).toMatchObject({ plan_type: "max_local", plan_source: "granted" });
  });

  it("a buyer whose account is gone leaves the plan on the listing, without a buyer", async () => {
    const b = await makeBusiness();
    expect(await recordListingSubscription(null, state(b.id, { userId: "cuenta-borrada" }))).toBe("recorded");
    expect((await row(b.id)).plan_type).toBe("starter_local");
    expect((await liveListingSubscription({ kind: "business", listingId: b.id }))?.user_id).toBeNull();
  });

  it("a second live subscription for the same listing is not applied (one paid plan at a time)", async () => {
    const b = await makeBusiness();
    await recordListingSubscription(null, state(b.id));
    const second = state(b.id, { planType: "max_local" });
    expect(await recordListingSubscription(null, second)).toBe("conflict");
    expect((await row(b.id)).plan_type).toBe("starter_local");
    const stored = await db.select().from(listing_subscriptions).where(eq(listing_subscriptions.listing_id, b.id));
    expect(stored).toHaveLength(1);
    // An ended one is history, whatever the order it comes in.
    expect(await recordListingSubscription(null, { ...second, status: "canceled" })).toBe("recorded");
    expect((await row(b.id)).plan_type).toBe("starter_local");
  });
});

describe("the admin's plan by hand", () => {
  const input = (over: Record<string, unknown> = {}) =>
    businessSchema.parse({
      nombre: "Imprenta Cocle",
      descripcion: "Impresión",
      direccion: "Calle 2",
      provincia: "cocle",
      industria: "servicios",
      is_active: "on",
      ...over,
    });

  it("a paid plan set by hand is 'granted', free_local has no source", async () => {
    const actor = await makeUser();
    const b = await makeBusiness({ nombre: "Imprenta Cocle", provincia: "cocle" });
    await updateListing("business", b.id, input({ plan_type: "starter_local" }), actor);
    expect(await row(b.id)).toMatchObject({ plan_type: "starter_local", plan_source: "granted" });
    await updateListing("business", b.id, input({ plan_type: "free_local" }), actor);
    expect(await row(b.id)).toMatchObject({ plan_type: "free_local", plan_source: null });
  });

  it("cannot replace a plan paid and live at Stripe (it says so); other edits keep the Stripe plan", async () => {
    const actor = await makeUser();
    const b = await makeBusiness({ nombre: "Imprenta Cocle", provincia: "cocle" });
    const s = state(b.id, { planType: "max_local" });
    await recordListingSubscription(null, s);
    await expect(updateListing("business", b.id, input({ plan_type: "starter_local" }), actor)).rejects.toBeInstanceOf(
      StripePlanLockedError,
    );
    await expect(updateListing("business", b.id, input({ plan_type: "free_local" }), actor)).rejects.toThrow(
      /lo paga el negocio con Stripe/,
    );
    await updateListing("business", b.id, input({ plan_type: "max_local", descripcion: "Impresión digital" }), actor);
    expect(await row(b.id)).toMatchObject({ plan_type: "max_local", plan_source: "stripe", descripcion: "Impresión digital" });
    // Once the subscription has ended, the admin may grant a plan.
    await recordListingSubscription(null, { ...s, status: "canceled" });
    await updateListing("business", b.id, input({ plan_type: "starter_local" }), actor);
    expect(await row(b.id)).toMatchObject({ plan_type: "starter_local", plan_source: "granted" });
  });
});
