/**
 * The premium gate (Amy, Roger), create-checkout and check-subscription, with the app's Stripe SDK
 * talking to the fake Stripe API and webhook events signed by the SDK's test helper.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { subscriptions } from "~/db/schema";
import * as checkSubscriptionApi from "~/routes/api/check-subscription";
import * as webhook from "~/routes/api/stripe-webhook";
import * as profilePage from "~/routes/account/profile";
import * as members from "~/routes/admin/members";
import * as rogerChat from "~/routes/marketing/roger-chat";
import * as yodda from "~/routes/marketing/yodda";
import * as assistant from "~/routes/premium/assistant";
import { db } from "~/server/platform/db.server";
import { createApiToken } from "~/server/models/api-tokens.server";
import { checkSubscription } from "~/server/models/subscriptions.server";
import { PAYMENT_PENDING } from "~/server/billing/premium.server";
import { type FakeStripe, startFakeStripe } from "../fakes/stripe";
import { makeFreePlan, makeUser, unique } from "../setup/factories";
import { call, formRequest, getRequest, ORIGIN, resetConfig } from "../setup/route";

const CHAT_AMY = "https://chat.example.test/amy-secreto";
const CHAT_ROGER = "https://chat.example.test/roger-secreto";
const DAY = 24 * 60 * 60 * 1000;
let stripe: FakeStripe;

const STRIPE_ENV = () => ({
  STRIPE_SECRET_KEY: "sk_test_fake",
  STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
  STRIPE_PRICE_ID: "price_premium",
  STRIPE_API_BASE: stripe.url,
  CHAT_URL_AMY: CHAT_AMY,
  CHAT_URL_ROGER: CHAT_ROGER,
  CHAT_URL_YODDA: "https://chat.example.test/yodda",
});

beforeAll(async () => {
  stripe = await startFakeStripe();
  resetConfig(STRIPE_ENV());
});
afterAll(async () => {
  resetConfig(Object.fromEntries(Object.keys(STRIPE_ENV()).map((k) => [k, undefined])));
  await stripe.close();
});

const uniqueEmail = (p: string) => `${unique(p)}@premium.test`;

const subscribe = (path: string, cookie: string | undefined, extra: Record<string, string> = {}) =>
  formRequest(path, { intent: "subscribe", ...extra }, cookie);

async function deliver(type: string, object: unknown) {
  const { payload, header } = stripe.signedEvent(type, object);
  return call(
    webhook.action,
    new Request(`${ORIGIN}/api/stripe/webhook`, {
      method: "POST",
      body: payload,
      headers: { "Stripe-Signature": header, "Content-Type": "application/json" },
    }),
  );
}

describe("the gate", () => {
  it("shows a visitor the paywall, with no chat URL anywhere in the loader data", async () => {
    for (const [mod, path] of [
      [assistant, "/ai-solutions/amy"],
      [assistant, "/ai-solutions/roger"],
    ] as const) {
      const res = await call(mod.loader, getRequest(path));
      expect(res.status).toBe(200);
      expect(res.data).toMatchObject({ signedIn: false, access: { subscribed: false }, chatUrl: null });
      expect(JSON.stringify(res.data)).not.toContain("chat.example.test");
    }
  });

  it("shows a signed-in user without a plan the paywall, and the checkout carries the price, the user and locale es", async () => {
    const user = await makeUser({ signedIn: true });
    const page = await call(assistant.loader, getRequest("/ai-solutions/amy", user.cookie));
    expect(page.data).toMatchObject({ signedIn: true, access: { subscribed: false, source: null }, chatUrl: null });
    expect(JSON.stringify(page.data)).not.toContain("chat.example.test");

    const res = await call(assistant.action, subscribe("/ai-solutions/amy", user.cookie, { attempt: page.data.attempt, response: "json" }));
    expect(res.status).toBe(200);
    expect(res.data.url).toMatch(new RegExp(`^${stripe.url}/checkout/cs_test_`));
    const sent = stripe.requests.findLast((r) => r.path === "/v1/checkout/sessions")!;
    expect(sent.params).toMatchObject({
      mode: "subscription",
      "line_items[0][price]": "price_premium",
      "line_items[0][quantity]": "1",
      locale: "es",
      client_reference_id: user.id,
      "metadata[user_id]": user.id,
      "subscription_data[metadata][user_id]": user.id,
      customer_email: user.email,
      cancel_url: `${ORIGIN}/ai-solutions/amy?pago=cancelado`,
      success_url: `${ORIGIN}/ai-solutions/amy?pago=exitoso&session_id={CHECKOUT_SESSION_ID}`,
    });
    expect(sent.params.customer).toBeUndefined();
    expect(sent.headers["idempotency-key"]).toBe(`checkout:${user.id}:${page.data.attempt}`);
  });

  it("redirects a plain form post (no JavaScript) to Stripe's checkout page", async () => {
    const user = await makeUser({ signedIn: true });
    const res = await call(assistant.action, subscribe("/ai-solutions/roger", user.cookie));
    expect(res.status).toBe(303);
    expect(res.location).toMatch(new RegExp(`^${stripe.url}/checkout/cs_test_`));
    expect(stripe.requests.findLast((r) => r.path === "/v1/checkout/sessions")!.params.success_url).toContain(
      "/ai-solutions/roger?pago=exitoso",
    );
  });

  it("after a completed checkout shows the chat and the account status; a deleted subscription brings the paywall back", async () => {
    const user = await makeUser({ signedIn: true });
    const start = await call(assistant.action, subscribe("/ai-solutions/amy", user.cookie, { response: "json" }));
    const sessionId = (start.data.url as string).split("/").pop()!;
    const { session, subscription } = stripe.completeCheckout(sessionId);
    expect((await deliver("checkout.session.completed", session)).status).toBe(200);

    for (const [mod, path, url] of [
      [assistant, "/ai-solutions/amy", CHAT_AMY],
      [assistant, "/ai-solutions/roger", CHAT_ROGER],
    ] as const) {
      const page = await call(mod.loader, getRequest(path, user.cookie));
      expect(page.data).toMatchObject({ access: { subscribed: true, source: "stripe" }, chatUrl: url });
      expect(new Date(page.data.access.until).getTime()).toBeGreaterThan(Date.now() + 25 * DAY);
    }
    // A subscriber who posts the form again is sent back to the page, not to a second checkout.
    const again = await call(assistant.action, subscribe("/ai-solutions/amy", user.cookie, { response: "json" }));
    expect(again).toMatchObject({ status: 303, location: "/ai-solutions/amy" });

    stripe.updateSubscription(subscription.id, { status: "canceled" });
    await deliver("customer.subscription.deleted", stripe.subscriptions.get(subscription.id));
    const after = await call(assistant.loader, getRequest("/ai-solutions/amy", user.cookie));
    expect(after.data).toMatchObject({ access: { subscribed: false }, chatUrl: null });

    // Subscribing again reuses the Stripe customer instead of the e-mail.
    await call(assistant.action, subscribe("/ai-solutions/amy", user.cookie, { response: "json" }));
    const sent = stripe.requests.findLast((r) => r.path === "/v1/checkout/sessions")!;
    expect(sent.params.customer).toBe(session.customer);
    expect(sent.params.customer_email).toBeUndefined();
  });

  it("shows the chat to an account with a 30-day free plan granted to its e-mail (other case) before it existed, once confirmed", async () => {
    const email = uniqueEmail("regalo");
    await makeFreePlan({ email: email.toUpperCase(), days_granted: 30 });
    const user = await makeUser({ signedIn: true, email, confirmed: true });
    const page = await call(assistant.loader, getRequest("/ai-solutions/roger", user.cookie));
    expect(page.data).toMatchObject({ access: { subscribed: true, source: "free_plan" }, chatUrl: CHAT_ROGER });
  });

  it("shows the paywall with an expired or a deactivated free plan", async () => {
    const expired = await makeUser({ signedIn: true, confirmed: true });
    await makeFreePlan({ email: expired.email, days_granted: 30, grantedAt: new Date(Date.now() - 40 * DAY) });
    const off = await makeUser({ signedIn: true, confirmed: true });
    await makeFreePlan({ email: off.email, days_granted: 90, is_active: false });
    for (const u of [expired, off]) {
      const page = await call(assistant.loader, getRequest("/ai-solutions/amy", u.cookie));
      expect(page.data).toMatchObject({ access: { subscribed: false }, chatUrl: null });
    }
  });
});

describe("create-checkout failures", () => {
  it("answers a broken form body with a Spanish 400, not a server error", async () => {
    const request = new Request(`${ORIGIN}/ai-solutions/roger`, {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=----fuzz", Origin: ORIGIN },
      body: '------fuzz\r\nContent-Disposition: form-data; name="intent"\r\n\r\nsubscribe\r\n',
    });
    const res = await call(assistant.action, request);
    expect(res.status).toBe(400);
    expect(res.data).toBe("Solicitud inválida: no se pudo leer el formulario.");
  });

  it("asks a visitor to sign in, with a link back to the page", async () => {
    const res = await call(assistant.action, subscribe("/ai-solutions/amy", undefined, { response: "json" }));
    expect(res.status).toBe(401);
    expect(res.data).toEqual({ error: "Debe iniciar sesión para suscribirse", loginUrl: "/auth?redirectTo=%2Fai-solutions%2Famy" });
  });

  it("answers 'Error creando sesión de pago' and logs why when Stripe is not configured or fails", async () => {
    const user = await makeUser({ signedIn: true });
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      resetConfig({ STRIPE_SECRET_KEY: undefined });
      const res = await call(assistant.action, subscribe("/ai-solutions/amy", user.cookie, { response: "json" }));
      expect(res).toMatchObject({ status: 502, data: { error: "Error creando sesión de pago" } });
      expect(log.mock.calls.flat().join(" ")).toContain("Stripe is not configured: STRIPE_SECRET_KEY is not set");

      resetConfig({ ...STRIPE_ENV(), STRIPE_API_BASE: "http://127.0.0.1:9" });
      const down = await call(assistant.action, subscribe("/ai-solutions/amy", user.cookie, { response: "json" }));
      expect(down).toMatchObject({ status: 502, data: { error: "Error creando sesión de pago" } });
      expect(log.mock.calls.at(-1)!.join(" ")).toMatch(/\[stripe\] checkout for user .* failed: /);
    } finally {
      log.mockRestore();
      resetConfig(STRIPE_ENV());
    }
  });
});

describe("check-subscription", () => {
  it("answers 401 without a session or token", async () => {
    const res = await call(checkSubscriptionApi.loader, getRequest("/api/check-subscription"));
    expect(res.status).toBe(401);
  });

  it("answers {subscribed, source, until} for the session cookie and for the user's API token", async () => {
    const email = uniqueEmail("api");
    await makeFreePlan({ email, days_granted: 60 });
    const user = await makeUser({ signedIn: true, email, confirmed: true });
    const byCookie = await call(checkSubscriptionApi.loader, getRequest("/api/check-subscription", user.cookie));
    expect(byCookie).toMatchObject({ status: 200, data: { subscribed: true, source: "free_plan" } });
    expect(new Date(byCookie.data.until).getTime()).toBeGreaterThan(Date.now() + 59 * DAY);
    const { token } = await createApiToken(user.id, "comprobar");
    const byToken = await call(
      checkSubscriptionApi.loader,
      new Request(`${ORIGIN}/api/check-subscription`, { headers: { Authorization: `Bearer ${token}` } }),
    );
    expect(byToken.data).toEqual(byCookie.data);
    const other = await makeUser({ signedIn: true });
    expect((await call(checkSubscriptionApi.loader, getRequest("/api/check-subscription", other.cookie))).data).toEqual({
      subscribed: false,
      source: null,
      until: null,
    });
    const bad = await call(
      checkSubscriptionApi.loader,
      new Request(`${ORIGIN}/api/check-subscription`, { headers: { Authorization: "Bearer pvb_falso" } }),
    );
    expect(bad.status).toBe(401);
  });
});

describe("the free and the moved pages", () => {
  it("Yodda is open to everyone", async () => {
    const res = await call(yodda.loader, getRequest("/ai-solutions/yodda"));
    expect(res.data.chatUrl).toBe("https://chat.example.test/yodda");
  });

  it("/ai-solutions/roger-chat redirects (replace) to /ai-solutions/roger", async () => {
    const res = await call(rogerChat.loader, getRequest("/ai-solutions/roger-chat"));
    expect(res.status).toBe(301);
    expect(res.location).toBe("/ai-solutions/roger");
    expect(res.headers.get("X-Remix-Replace")).toBe("true");
  });
});

/** A signed-up account whose paid checkout went through (webhook delivered). */
async function subscriber() {
  const user = await makeUser({ signedIn: true });
  const start = await call(assistant.action, subscribe("/ai-solutions/amy", user.cookie, { response: "json" }));
  const { session } = stripe.completeCheckout((start.data.url as string).split("/").pop()!);
  await deliver("checkout.session.completed", session);
  return { ...user, customer: session.customer as string };
}

describe("managing it", () => {
  it("/profile shows the premium status and 'Gestionar suscripción' opens the Customer Portal of the account's customer", async () => {
    const user = await subscriber();
    const page = await call(profilePage.loader, getRequest("/profile", user.cookie));
    expect(page.data.premium).toMatchObject({ subscribed: true, source: "stripe", canManage: true });
    const res = await call(profilePage.action, formRequest("/profile", { intent: "manage-subscription" }, user.cookie));
    expect(res.status).toBe(303);
    expect(res.location).toMatch(new RegExp(`^${stripe.url}/portal/bps_`));
    const sent = stripe.requests.findLast((r) => r.path === "/v1/billing_portal/sessions")!;
    expect(sent.params).toMatchObject({ customer: user.customer, return_url: `${ORIGIN}/profile` });
  });

  it("/profile of an account without a Stripe customer offers no portal, and a forged request gets an error toast", async () => {
    const user = await makeUser({ signedIn: true });
    const page = await call(profilePage.loader, getRequest("/profile", user.cookie));
    expect(page.data.premium).toEqual({ subscribed: false, source: null, until: null, canManage: false });
    const portals = stripe.requests.filter((r) => r.path === "/v1/billing_portal/sessions").length;
    const res = await call(profilePage.action, formRequest("/profile", { intent: "manage-subscription" }, user.cookie));
    expect(res).toMatchObject({ status: 302, location: "/profile" });
    expect(stripe.requests.filter((r) => r.path === "/v1/billing_portal/sessions")).toHaveLength(portals);
  });

  it("/admin-members shows each member's premium status and its source", async () => {
    const boss = await makeUser({ signedIn: true, admin: true });
    const paid = await subscriber();
    const giftEmail = uniqueEmail("miembro-regalo");
    await makeFreePlan({ email: giftEmail, days_granted: 30 });
    const gift = await makeUser({ signedIn: true, email: giftEmail, confirmed: true });
    for (const u of [paid, gift]) await call(profilePage.loader, getRequest("/profile", u.cookie));
    const list = await call(members.loader, getRequest("/admin-members", boss.cookie));
    const byId = new Map((list.data.members as { id: string; premium: unknown }[]).map((m) => [m.id, m.premium]));
    expect(byId.get(paid.id)).toMatchObject({ source: "stripe" });
    expect(byId.get(gift.id)).toMatchObject({ source: "free_plan" });
    expect(byId.get(boss.id)).toBeNull();
  });
});

/** A checkout started on the page by `user`; its Checkout Session id (nothing paid yet). */
async function startCheckout(user: { cookie: string }, path = "/ai-solutions/roger") {
  const start = await call(assistant.action, subscribe(path, user.cookie, { response: "json" }));
  expect(start.status).toBe(200);
  return (start.data.url as string).split("/").pop()!;
}
const back = (sessionId: string, path = "/ai-solutions/roger") => `${path}?pago=exitoso&session_id=${sessionId}`;
const subscriptionRows = (userId: string) => db.select().from(subscriptions).where(eq(subscriptions.user_id, userId));
const checkoutsStarted = () => stripe.requests.filter((r) => r.method === "POST" && r.path === "/v1/checkout/sessions").length;
const sessionFetches = (id: string) => stripe.requests.filter((r) => r.method === "GET" && r.path === `/v1/checkout/sessions/${id}`).length;

describe("back from Stripe before the webhook", () => {
  it("confirms a paid Checkout Session from Stripe itself: the chat shows at once", async () => {
    const user = await makeUser({ signedIn: true });
    const id = await startCheckout(user);
    stripe.completeCheckout(id); // paid; the webhook has not come
    const page = await call(assistant.loader, getRequest(back(id), user.cookie));
    expect(page.data).toMatchObject({
      payment: "exitoso",
      confirmation: "confirmed",
      access: { subscribed: true, source: "stripe" },
      chatUrl: CHAT_ROGER,
    });
    expect(sessionFetches(id)).toBe(1);
    // Already confirmed: a reload asks Stripe nothing more.
    const again = await call(assistant.loader, getRequest(back(id), user.cookie));
    expect(again.data).toMatchObject({ confirmation: "confirmed", access: { subscribed: true } });
    expect(sessionFetches(id)).toBe(1);
  });

  it("the return, its replay and the webhook (and its replay), in any order, record one subscription", async () => {
    const user = await makeUser({ signedIn: true });
    const id = await startCheckout(user);
    const { session, subscription } = stripe.completeCheckout(id);
    const { payload, header } = stripe.signedEvent("checkout.session.completed", session);
    const webhookOnce = () =>
      call(
        webhook.action,
        new Request(`${ORIGIN}/api/stripe/webhook`, {
          method: "POST",
          body: payload,
          headers: { "Stripe-Signature": header, "Content-Type": "application/json" },
        }),
      );
    expect((await call(assistant.loader, getRequest(back(id), user.cookie))).data.confirmation).toBe("confirmed");
    expect((await webhookOnce()).status).toBe(200);
    expect((await call(assistant.loader, getRequest(back(id, "/ai-solutions/amy"), user.cookie))).data.confirmation).toBe("confirmed");
    expect((await webhookOnce()).data).toMatchObject({ duplicate: true });
    const rows = await subscriptionRows(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ stripe_subscription_id: subscription.id, status: "active" });
  });

  it("refuses another account's session id: nothing is granted to whoever brings it", async () => {
    const payer = await makeUser({ signedIn: true });
    const other = await makeUser({ signedIn: true });
    const id = await startCheckout(payer);
    stripe.completeCheckout(id);
    const log = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      const page = await call(assistant.loader, getRequest(back(id), other.cookie));
      expect(page.data).toMatchObject({ confirmation: "unknown", access: { subscribed: false }, chatUrl: null });
      // A session started elsewhere for the payer (not remembered here) is refused by what Stripe says of it.
      const elsewhere = stripe.paidCheckout(payer.id, { email: payer.email, returnUrl: `${ORIGIN}/ai-solutions/roger` });
      const page2 = await call(assistant.loader, getRequest(back(elsewhere.session.id), other.cookie));
      expect(page2.data).toMatchObject({ confirmation: "unknown", access: { subscribed: false } });
      // A made-up id is no better.
      const page3 = await call(assistant.loader, getRequest(back("cs_test_inventado"), other.cookie));
      expect(page3.data).toMatchObject({ confirmation: "unknown", access: { subscribed: false } });
    } finally {
      log.mockRestore();
    }
    expect(await subscriptionRows(other.id)).toHaveLength(0);
    expect(await checkSubscription(other.id)).toMatchObject({ subscribed: false });
  });

  it("a payment still on its way: the page says so on every view, a second checkout is refused, and it confirms once paid", async () => {
    const user = await makeUser({ signedIn: true });
    const id = await startCheckout(user);
    stripe.completeCheckout(id, { pending: true });
    const page = await call(assistant.loader, getRequest(back(id), user.cookie));
    expect(page.data).toMatchObject({ confirmation: "pending", access: { subscribed: false }, chatUrl: null });

    // The same page without the return's address (a reload elsewhere, the other assistant) still knows.
    const plain = await call(assistant.loader, getRequest("/ai-solutions/amy", user.cookie));
    expect(plain.data).toMatchObject({ payment: null, confirmation: "pending", access: { subscribed: false } });

    const started = checkoutsStarted();
    const second = await call(assistant.action, subscribe("/ai-solutions/roger", user.cookie, { response: "json" }));
    expect(second).toMatchObject({ status: 409, data: { error: PAYMENT_PENDING } });
    const noJs = await call(assistant.action, subscribe("/ai-solutions/roger", user.cookie));
    expect(noJs.status).toBe(409);
    expect(checkoutsStarted()).toBe(started);

    stripe.settlePayment(id);
    const later = await call(assistant.loader, getRequest(back(id), user.cookie));
    expect(later.data).toMatchObject({ confirmation: "confirmed", access: { subscribed: true }, chatUrl: CHAT_ROGER });
    expect(await subscriptionRows(user.id)).toHaveLength(1);
  });

  it("a second subscribe after a payment nobody heard of (no return, no webhook) confirms it instead of charging twice", async () => {
    const user = await makeUser({ signedIn: true });
    const id = await startCheckout(user);
    stripe.completeCheckout(id);
    const started = checkoutsStarted();
    const again = await call(assistant.action, subscribe("/ai-solutions/roger", user.cookie, { response: "json" }));
    expect(again).toMatchObject({ status: 303, location: "/ai-solutions/roger" });
    expect(checkoutsStarted()).toBe(started);
    expect(await checkSubscription(user.id)).toMatchObject({ subscribed: true, source: "stripe" });
  });

  it("says so when Stripe cannot be asked, grants nothing, and confirms on the next check", async () => {
    const user = await makeUser({ signedIn: true });
    const id = await startCheckout(user);
    stripe.completeCheckout(id);
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    stripe.state.failSessionFetch = 500;
    try {
      const page = await call(assistant.loader, getRequest(back(id), user.cookie));
      expect(page.data).toMatchObject({ confirmation: "unverified", access: { subscribed: false }, chatUrl: null });
      const started = checkoutsStarted();
      const second = await call(assistant.action, subscribe("/ai-solutions/roger", user.cookie, { response: "json" }));
      expect(second).toMatchObject({ status: 502, data: { error: "Error creando sesión de pago" } });
      expect(checkoutsStarted()).toBe(started);
    } finally {
      stripe.state.failSessionFetch = null;
      log.mockRestore();
    }
    const retry = await call(assistant.loader, getRequest(back(id), user.cookie));
    expect(retry.data).toMatchObject({ confirmation: "confirmed", access: { subscribed: true } });
  });

  it("a session left unpaid says so and lets the person subscribe; without a session id, recent checkouts are asked", async () => {
    const user = await makeUser({ signedIn: true });
    const id = await startCheckout(user);
    const open = await call(assistant.loader, getRequest(back(id), user.cookie));
    expect(open.data).toMatchObject({ confirmation: "unpaid", access: { subscribed: false } });
    const noId = await call(assistant.loader, getRequest("/ai-solutions/roger?pago=exitoso", user.cookie));
    expect(noId.data).toMatchObject({ confirmation: "unknown", access: { subscribed: false } });
    stripe.completeCheckout(id);
    const paid = await call(assistant.loader, getRequest("/ai-solutions/roger?pago=exitoso", user.cookie));
    expect(paid.data).toMatchObject({ confirmation: "confirmed", access: { subscribed: true } });
  });
});
