/**
 * Buying a Local AI plan for a listing, against the fake Stripe API: the chooser and the plan
 * section (managers only), checkout of both periods, the signed webhook and the return setting the
 * listing's plan, renewal, a failed renewal, cancellation at the period's end, replays, a second
 * paid plan refused, a price that is not configured, and the bought plan ranking first in the API.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { audit_log, businesses, listing_subscriptions, restaurants } from "~/db/schema";
import * as listingForm from "~/routes/admin/listing-form";
import * as webhook from "~/routes/api/stripe-webhook";
import * as buscar from "~/routes/api/v1/buscar";
import * as choose from "~/routes/owners/plans-choose";
import * as section from "~/routes/owners/plans-listing";
import { addManager } from "~/server/models/listing-managers.server";
import { db } from "~/server/platform/db.server";
import { type FakeStripe, startFakeStripe } from "../fakes/stripe";
import { makeBusiness, makeRestaurant, makeUser, type SignedInUser } from "../setup/factories";
import { call, formRequest, getRequest, ORIGIN, renderPage, resetConfig } from "../setup/route";

const PRICES = {
  STRIPE_PRICE_STARTER_LOCAL_YEAR: "price_starter_year",
  STRIPE_PRICE_STARTER_LOCAL_HALF_YEAR: "price_starter_half",
  STRIPE_PRICE_MAX_LOCAL_YEAR: "price_max_year",
  STRIPE_PRICE_MAX_LOCAL_HALF_YEAR: "price_max_half",
};

let stripe: FakeStripe;

beforeAll(async () => {
  stripe = await startFakeStripe({
    prices: {
      price_starter_year: { amount: 75_000, months: 12 },
      price_starter_half: { amount: 45_000, months: 6 },
      price_max_year: { amount: 90_000, months: 12 },
      price_max_half: { amount: 60_000, months: 6 },
    },
  });
  resetConfig({
    STRIPE_SECRET_KEY: "sk_test_fake",
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_PRICE_ID: "price_premium",
    STRIPE_API_BASE: stripe.url,
    ...PRICES,
  });
});
afterAll(async () => {
  resetConfig({
    STRIPE_SECRET_KEY: undefined,
    STRIPE_WEBHOOK_SECRET: undefined,
    STRIPE_PRICE_ID: undefined,
    STRIPE_API_BASE: undefined,
    ...Object.fromEntries(Object.keys(PRICES).map((k) => [k, undefined])),
  });
  await stripe.close();
});

async function send(type: string, object: unknown, opts: { id?: string } = {}) {
  const { payload, header, event } = stripe.signedEvent(type, object, opts);
  const res = await call(
    webhook.action,
    new Request(`${ORIGIN}/api/stripe/webhook`, {
      method: "POST",
      body: payload,
      headers: { "Content-Type": "application/json", "Stripe-Signature": header },
    }),
  );
  return { ...res, event };
}

/** A confirmed, signed-in manager of a new business (or of `listing`). */
async function managerOf(kind: "restaurant" | "business" = "business", overrides: { nombre?: string; descripcion?: string } = {}) {
  const user = await makeUser({ signedIn: true, confirmed: true });
  const listing = kind === "business" ? await makeBusiness(overrides) : await makeRestaurant(overrides);
  await addManager({ kind, listingId: listing.id, userId: user.id, source: "assignment" });
  return { user, listing, kind };
}

const sectionPath = (kind: "restaurant" | "business", id: string) =>
  `/mi-negocio/${kind === "business" ? "negocio" : "restaurante"}/${id}/plan`;
const paramsOf = (kind: "restaurant" | "business", id: string) => ({ tipo: kind === "business" ? "negocio" : "restaurante", id });

/** Starts a checkout from the plan section; the fake's session. */
async function checkout(user: SignedInUser, kind: "restaurant" | "business", id: string, plan: string, period: string) {
  const res = await call(
    section.action,
    formRequest(sectionPath(kind, id), { intent: "checkout", plan, period, attempt: crypto.randomUUID() }, user.cookie),
    { params: paramsOf(kind, id) },
  );
  expect(res.status, JSON.stringify(res.data)).toBe(303);
  const sessionId = res.location!.split("/").pop()!;
  return { res, sessionId, session: stripe.sessions.get(sessionId)! };
}

/** Pays the session at the fake and delivers checkout.session.completed. */
async function payAndNotify(sessionId: string) {
  const { session, subscription } = stripe.completeCheckout(sessionId);
  const delivered = await send("checkout.session.completed", session);
  expect(delivered.status).toBe(200);
  return subscription;
}

async function listingRow(kind: "restaurant" | "business", id: string) {
  const table = kind === "business" ? businesses : restaurants;
  const [row] = await db.select().from(table).where(eq(table.id, id));
  return row!;
}

describe("checkout", () => {
  it("a manager starts Stripe Checkout for a year: the price, locale es, the listing and plan in both metadata, back to the plan section", async () => {
    const { user, listing, kind } = await managerOf();
    const { session } = await checkout(user, kind, listing.id, "starter_local", "year");
    const sent = stripe.requests.findLast((r) => r.path === "/v1/checkout/sessions")!;
    expect(sent.params).toMatchObject({
      mode: "subscription",
      locale: "es",
      "line_items[0][price]": "price_starter_year",
      client_reference_id: user.id,
      "metadata[listing_id]": listing.id,
      "metadata[listing_kind]": "business",
      "metadata[plan_type]": "starter_local",
      "metadata[period]": "year",
      "subscription_data[metadata][listing_id]": listing.id,
      "subscription_data[metadata][plan_type]": "starter_local",
      customer_email: user.email,
    });
    expect(sent.params.success_url).toBe(`${ORIGIN}${sectionPath(kind, listing.id)}?pago=exitoso&session_id={CHECKOUT_SESSION_ID}`);
    expect(sent.params.cancel_url).toBe(`${ORIGIN}${sectionPath(kind, listing.id)}?pago=cancelado`);
    expect(session.amount_total).toBe(75_000);
  });

  it("6 months of Max Local from the chooser: the half-year price; paying sets the plan and a renewal 6 months away", async () => {
    const { user, listing, kind } = await managerOf("restaurant");
    const res = await call(
      choose.action,
      formRequest("/mi-negocio/plan", { listing: `restaurant:${listing.id}`, plan: "max_local", period: "half_year" }, user.cookie),
    );
    expect(res.status).toBe(303);
    const sessionId = res.location!.split("/").pop()!;
    expect(stripe.requests.findLast((r) => r.path === "/v1/checkout/sessions")!.params["line_items[0][price]"]).toBe("price_max_half");
    const sub = await payAndNotify(sessionId);
    const row = await listingRow(kind, listing.id);
    expect(row).toMatchObject({
      plan_type: "max_local",
      plan_source: "stripe",
      plan_cancel_at_period_end: false,
      plan_payment_failed_at: null,
    });
    const months = (row.plan_renews_at!.getTime() - Date.now()) / (30.4 * 24 * 3600 * 1000);
    expect(months).toBeGreaterThan(5.8);
    expect(months).toBeLessThan(6.2);
    const [stored] = await db.select().from(listing_subscriptions).where(eq(listing_subscriptions.stripe_subscription_id, sub.id));
    expect(stored).toMatchObject({ period: "half_year", plan_type: "max_local", status: "active", user_id: user.id });
    // Audited, by Stripe.
    const audits = await db.select().from(audit_log).where(eq(audit_log.entity_id, listing.id));
    expect(audits.some((a) => a.actor_email === "Stripe" && (a.after as { plan_type?: string }).plan_type === "max_local")).toBe(true);
  });

  it("someone who does not manage the listing cannot start its checkout, see or bill its plan", async () => {
    const { listing, kind } = await managerOf();
    const stranger = await makeUser({ signedIn: true, confirmed: true });
    const before = stripe.requests.filter((r) => r.path === "/v1/checkout/sessions").length;
    const viaSection = await call(
      section.action,
      formRequest(sectionPath(kind, listing.id), { intent: "checkout", plan: "starter_local", period: "year" }, stranger.cookie),
      { params: paramsOf(kind, listing.id) },
    );
    const viaChooser = await call(
      choose.action,
      formRequest("/mi-negocio/plan", { listing: `business:${listing.id}`, plan: "starter_local", period: "year" }, stranger.cookie),
    );
    const portal = await call(section.action, formRequest(sectionPath(kind, listing.id), { intent: "portal" }, stranger.cookie), {
      params: paramsOf(kind, listing.id),
    });
    const page = await call(section.loader, getRequest(sectionPath(kind, listing.id), stranger.cookie), {
      params: paramsOf(kind, listing.id),
    });
    for (const r of [viaSection, viaChooser, portal, page]) {
      expect(r.status).toBe(302);
      expect(r.location).toBe("/mi-negocio");
    }
    expect(stripe.requests.filter((r) => r.path === "/v1/checkout/sessions")).toHaveLength(before);
    // Signed out: to sign in, and back to the chooser with its plan.
    const signedOut = await call(choose.loader, getRequest("/mi-negocio/plan?plan=max_local"));
    expect(signedOut.status).toBe(302);
    expect(decodeURIComponent(signedOut.location!)).toContain("/mi-negocio/plan?plan=max_local");
  });

  it("bad input gets a Spanish error and no checkout", async () => {
    const { user, listing, kind } = await managerOf();
    const noPeriod = await call(
      section.action,
      formRequest(sectionPath(kind, listing.id), { intent: "checkout", plan: "starter_local" }, user.cookie),
      { params: paramsOf(kind, listing.id) },
    );
    expect(noPeriod.status).toBe(400);
    expect(noPeriod.data.error).toBe("Elige un periodo: un año o 6 meses.");
    const freePlan = await call(
      section.action,
      formRequest(sectionPath(kind, listing.id), { intent: "checkout", plan: "free_local", period: "year" }, user.cookie),
      { params: paramsOf(kind, listing.id) },
    );
    expect(freePlan.status).toBe(400);
    expect(freePlan.data.error).toBe("Elige un plan: Starter Local o Max Local.");
    const noListing = await call(
      choose.action,
      formRequest("/mi-negocio/plan", { listing: "business:nada", plan: "starter_local", period: "year" }, user.cookie),
    );
    expect(noListing.status).toBe(400);
    expect(noListing.data.error).toBe("Elige el negocio para el que contratas el plan.");
    const badKind = await call(section.loader, getRequest("/mi-negocio/hotel/x/plan", user.cookie), {
      params: { tipo: "hotel", id: listing.id },
    });
    expect(badKind.status).toBe(404);
  });

  it("a plan whose Stripe price is not configured cannot be bought: the page says so in Spanish, no 500", async () => {
    const { user, listing, kind } = await managerOf();
    resetConfig({ STRIPE_PRICE_MAX_LOCAL_HALF_YEAR: undefined });
    try {
      const page = await call(section.loader, getRequest(sectionPath(kind, listing.id), user.cookie), {
        params: paramsOf(kind, listing.id),
      });
      expect(page.data.available.max_local).toEqual({ year: true, half_year: false });
      const res = await call(
        section.action,
        formRequest(sectionPath(kind, listing.id), { intent: "checkout", plan: "max_local", period: "half_year" }, user.cookie),
        { params: paramsOf(kind, listing.id) },
      );
      expect(res.status).toBe(503);
      expect(res.data.error).toBe("Este plan no se puede contratar en línea por ahora. Escríbenos y te ayudamos a activarlo.");
    } finally {
      resetConfig({ ...PRICES, STRIPE_API_BASE: stripe.url });
    }
  });

  it("a listing with a paid plan cannot start a second one; its buyer is offered the portal", async () => {
    const { user, listing, kind } = await managerOf();
    const { sessionId } = await checkout(user, kind, listing.id, "starter_local", "year");
    await payAndNotify(sessionId);
    const second = await call(
      section.action,
      formRequest(sectionPath(kind, listing.id), { intent: "checkout", plan: "max_local", period: "year" }, user.cookie),
      { params: paramsOf(kind, listing.id) },
    );
    expect(second.status).toBe(409);
    expect(second.data.error).toBe("Este negocio ya tiene un plan pagado. Para cambiarlo o cancelarlo, usa «Gestionar facturación».");
    const page = await call(section.loader, getRequest(sectionPath(kind, listing.id), user.cookie), { params: paramsOf(kind, listing.id) });
    expect(page.data.subscription).toMatchObject({ paidByMe: true, period: "year" });
    const portal = await call(section.action, formRequest(sectionPath(kind, listing.id), { intent: "portal" }, user.cookie), {
      params: paramsOf(kind, listing.id),
    });
    expect(portal.status).toBe(303);
    expect(portal.location).toMatch(/\/portal\/bps_/);
    // Another manager of the same listing sees the plan but not the buyer's billing.
    const other = await makeUser({ signedIn: true, confirmed: true });
    await addManager({ kind, listingId: listing.id, userId: other.id, source: "approval" });
    const otherPage = await call(section.loader, getRequest(sectionPath(kind, listing.id), other.cookie), {
      params: paramsOf(kind, listing.id),
    });
    expect(otherPage.data.subscription).toMatchObject({ paidByMe: false });
    const otherPortal = await call(section.action, formRequest(sectionPath(kind, listing.id), { intent: "portal" }, other.cookie), {
      params: paramsOf(kind, listing.id),
    });
    expect(otherPortal.status).toBe(302);
    expect(otherPortal.location).toBe(sectionPath(kind, listing.id));
  });
});

describe("the return from Stripe", () => {
  it("before the webhook, the Checkout Session confirms the plan; the late webhook changes nothing", async () => {
    const { user, listing, kind } = await managerOf();
    const { sessionId } = await checkout(user, kind, listing.id, "starter_local", "half_year");
    const { session } = stripe.completeCheckout(sessionId);
    const back = await call(
      section.loader,
      getRequest(`${sectionPath(kind, listing.id)}?pago=exitoso&session_id=${sessionId}`, user.cookie),
      {
        params: paramsOf(kind, listing.id),
      },
    );
    expect(back.data.confirmation).toBe("confirmed");
    expect(back.data.listing).toMatchObject({ plan_type: "starter_local", plan_source: "stripe" });
    expect((await send("checkout.session.completed", session)).status).toBe(200);
    const rows = await db.select().from(listing_subscriptions).where(eq(listing_subscriptions.listing_id, listing.id));
    expect(rows).toHaveLength(1);
  });

  it("without Stripe configured, the return says it could not ask, with no 500", async () => {
    const { user, listing, kind } = await managerOf();
    resetConfig({ STRIPE_SECRET_KEY: undefined });
    try {
      const back = await call(
        section.loader,
        getRequest(`${sectionPath(kind, listing.id)}?pago=exitoso&session_id=cs_test_x`, user.cookie),
        {
          params: paramsOf(kind, listing.id),
        },
      );
      expect(back.status).toBe(200);
      expect(back.data.confirmation).toBe("unverified");
      expect(back.data.available).toEqual({
        starter_local: { year: false, half_year: false },
        max_local: { year: false, half_year: false },
      });
    } finally {
      resetConfig({ STRIPE_SECRET_KEY: "sk_test_fake", STRIPE_API_BASE: stripe.url });
    }
  });

  it("another listing's or account's session is not taken for this one", async () => {
    const a = await managerOf();
    const b = await managerOf();
    const { sessionId } = await checkout(a.user, a.kind, a.listing.id, "starter_local", "year");
    stripe.completeCheckout(sessionId);
    const wrongListing = await call(
      section.loader,
      getRequest(`${sectionPath(b.kind, b.listing.id)}?pago=exitoso&session_id=${sessionId}`, b.user.cookie),
      {
        params: paramsOf(b.kind, b.listing.id),
      },
    );
    expect(wrongListing.data.confirmation).toBe("unknown");
    expect((await listingRow(b.kind, b.listing.id)).plan_type).toBe("free_local");
  });
});

describe("keeping the plan", () => {
  it("a paid renewal moves the renewal date; a failed one is flagged until a renewal is paid", async () => {
    const { user, listing, kind } = await managerOf();
    const { sessionId } = await checkout(user, kind, listing.id, "starter_local", "year");
    const sub = await payAndNotify(sessionId);
    const firstEnd = (await listingRow(kind, listing.id)).plan_renews_at!;

    const failed = stripe.failRenewal(sub.id);
    expect((await send("invoice.payment_failed", failed.invoice)).status).toBe(200);
    let row = await listingRow(kind, listing.id);
    expect(row.plan_type).toBe("starter_local");
    expect(row.plan_payment_failed_at).toBeInstanceOf(Date);
    const page = await call(section.loader, getRequest(sectionPath(kind, listing.id), user.cookie), { params: paramsOf(kind, listing.id) });
    expect(page.data.listing.payment_failed_at).toBe(row.plan_payment_failed_at!.toISOString());

    const renewed = stripe.renewSubscription(sub.id);
    expect((await send("invoice.paid", renewed.invoice)).status).toBe(200);
    row = await listingRow(kind, listing.id);
    expect(row.plan_payment_failed_at).toBeNull();
    const years = (row.plan_renews_at!.getTime() - firstEnd.getTime()) / (365 * 24 * 3600 * 1000);
    expect(years).toBeGreaterThan(0.99);
    expect(years).toBeLessThan(1.01);
  });

  it("cancelled: the plan stays until the period ends, then free_local", async () => {
    const { user, listing, kind } = await managerOf();
    const { sessionId } = await checkout(user, kind, listing.id, "max_local", "year");
    const sub = await payAndNotify(sessionId);
    const end = (await listingRow(kind, listing.id)).plan_renews_at;

    const cancelled = stripe.cancelAtPeriodEnd(sub.id);
    expect((await send("customer.subscription.updated", cancelled)).status).toBe(200);
    expect(await listingRow(kind, listing.id)).toMatchObject({
      plan_type: "max_local",
      plan_cancel_at_period_end: true,
      plan_renews_at: end,
    });

    const ended = stripe.endSubscription(sub.id);
    expect((await send("customer.subscription.deleted", ended)).status).toBe(200);
    expect(await listingRow(kind, listing.id)).toMatchObject({
      plan_type: "free_local",
      plan_source: null,
      plan_renews_at: null,
      plan_cancel_at_period_end: false,
    });
    // Free again: a new plan can be bought.
    await checkout(user, kind, listing.id, "starter_local", "half_year");
  });

  it("events are applied once, and what is stored is Stripe's current state, not the event's copy", async () => {
    const { user, listing, kind } = await managerOf();
    const { sessionId } = await checkout(user, kind, listing.id, "starter_local", "year");
    const sub = await payAndNotify(sessionId);
    const failed = stripe.failRenewal(sub.id);
    const first = await send("invoice.payment_failed", failed.invoice, { id: "evt_plan_replay" });
    const flaggedAt = (await listingRow(kind, listing.id)).plan_payment_failed_at;
    // Stripe retried and the payment went through; the old event, delivered again, is a duplicate.
    stripe.renewSubscription(sub.id);
    const replay = await send("invoice.payment_failed", failed.invoice, { id: "evt_plan_replay" });
    expect(first.data).toEqual({ received: true });
    expect(replay.data).toMatchObject({ duplicate: true });
    expect((await listingRow(kind, listing.id)).plan_payment_failed_at).toEqual(flaggedAt);
    // A stale 'deleted' copy of an active subscription: the fetched state (active) wins.
    const stale = { ...stripe.subscriptions.get(sub.id)!, status: "canceled" };
    await send("customer.subscription.deleted", stale);
    expect(await listingRow(kind, listing.id)).toMatchObject({ plan_type: "starter_local", plan_payment_failed_at: null });
  });

  it("a plan bought through the webhook ranks the listing above a free one for the same words in /api/v1/buscar", async () => {
    const words = `Ferretería Zafiro ${Date.now().toString(36)}`;
    const { user, listing, kind } = await managerOf("business", { nombre: `${words} Norte`, descripcion: "Herramientas y pintura" });
    const free = await makeBusiness({ nombre: `${words} Centro`, descripcion: "Herramientas y pintura" });
    const search = async () => {
      const r = await call(buscar.loader, new Request(`${ORIGIN}/api/v1/buscar?q=${encodeURIComponent(words)}&tipo=negocios`), {
        ip: "198.51.100.40",
      });
      return (r.data.resultados as { slug: string }[]).map((x) => x.slug);
    };
    // Free, the two are equal but for their age: the newer one comes first.
    expect(await search()).toEqual([free.slug, listing.slug]);
    const { sessionId } = await checkout(user, kind, listing.id, "starter_local", "year");
    await payAndNotify(sessionId);
    expect((await search())[0]).toBe(listing.slug);
  });
});

describe("the admin's form", () => {
  it("refuses to replace a plan paid at Stripe, with a field error on the plan; grants one by hand otherwise", async () => {
    const admin = await makeUser({ signedIn: true, admin: true });
    const { user, listing, kind } = await managerOf("business", { nombre: "Taller Jade" });
    const { sessionId } = await checkout(user, kind, listing.id, "starter_local", "year");
    await payAndNotify(sessionId);
    const fields = (plan: string) => ({
      nombre: "Taller Jade",
      descripcion: "Servicios",
      direccion: "Vía España",
      provincia: "panama",
      industria: "servicios",
      is_active: "on",
      plan_type: plan,
    });
    const path = `/admin/business/edit/${listing.id}`;
    const refused = await call(listingForm.action, formRequest(path, fields("max_local"), admin.cookie), { params: { id: listing.id } });
    expect(refused.status).toBe(409);
    expect(refused.data.result.error.plan_type[0]).toMatch(
      /^Este plan lo paga el negocio con Stripe \(pagado hasta el .+\)\. Para cambiarlo/,
    );
    expect(await listingRow(kind, listing.id)).toMatchObject({ plan_type: "starter_local", plan_source: "stripe" });

    const other = await makeBusiness({ nombre: "Taller Jade" });
    const granted = await call(listingForm.action, formRequest(`/admin/business/edit/${other.id}`, fields("max_local"), admin.cookie), {
      params: { id: other.id },
    });
    expect(granted.status).toBe(302);
    expect(await listingRow("business", other.id)).toMatchObject({ plan_type: "max_local", plan_source: "granted" });

    // Its manager is told that buying replaces the granted plan, and the picker starts at that plan.
    const manager = await makeUser({ signedIn: true, confirmed: true });
    await addManager({ kind: "business", listingId: other.id, userId: manager.id, source: "assignment" });
    const page = await call(section.loader, getRequest(sectionPath("business", other.id), manager.cookie), {
      params: paramsOf("business", other.id),
    });
    const html = renderPage(section.default as never, sectionPath("business", other.id), page.data).replace(/<!-- -->/g, "");
    expect(html).toContain("Otorgado por Panama VIP IA");
    expect(html).toContain("reemplaza a Max Local, otorgado por Panama VIP IA: elige Max Local para conservar lo que tienes.");
    const radios = html.match(/<input[^>]*name="plan"[^>]*>/g) ?? [];
    expect(radios.filter((r) => r.includes('checked=""')).map((r) => /value="(\w+)"/.exec(r)?.[1])).toEqual(["max_local"]);
  });
});
