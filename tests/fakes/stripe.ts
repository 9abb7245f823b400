/**
 * A fake Stripe API over real HTTP, for the tests: the app's own `stripe` SDK talks to it
 * through STRIPE_API_BASE. It answers customers, checkout sessions, subscriptions and portal sessions
 * in Stripe's JSON format (every field typed with the SDK's own types; only the fields the app can
 * read are filled), records what the app sent, and signs webhook events with the SDK's test helper.
 * For the browser test it also serves a checkout page, a portal page and a chat page; its webhook
 * can be held back (a slow Stripe) and a payment can stay on its way (a bank debit) until settled.
 * A subscription's period follows its price (`prices`: a year or 6 months; a month otherwise), and
 * it can be renewed, fail a renewal, be cancelled at its period's end and end, with the invoice
 * events Stripe sends for each.
 */
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

type Sub = Stripe.Subscription;
type Item = Stripe.SubscriptionItem;
export type FakeSubscription = Pick<
  Sub,
  | "id"
  | "object"
  | "status"
  | "customer"
  | "metadata"
  | "cancel_at_period_end"
  | "created"
  | "currency"
  | "livemode"
  | "start_date"
  | "ended_at"
  | "canceled_at"
  | "cancel_at"
> & {
  items: {
    object: "list";
    url: string;
    has_more: boolean;
    data: (Pick<Item, "id" | "object" | "current_period_start" | "current_period_end" | "subscription" | "metadata" | "created"> & {
      price: FakePrice;
    })[];
  };
};
export type FakePrice = Pick<Stripe.Price, "id" | "object" | "active" | "currency" | "unit_amount" | "type" | "livemode" | "created"> & {
  recurring: Pick<Stripe.Price.Recurring, "interval" | "interval_count"> | null;
};
export type FakeInvoice = Pick<
  Stripe.Invoice,
  | "id"
  | "object"
  | "customer"
  | "status"
  | "billing_reason"
  | "amount_due"
  | "amount_paid"
  | "currency"
  | "created"
  | "livemode"
  | "attempt_count"
> & {
  parent: {
    type: "subscription_details";
    quote_details: null;
    subscription_details: Pick<Stripe.Invoice.Parent.SubscriptionDetails, "metadata" | "subscription">;
  };
};
export type FakeCheckoutSession = Pick<
  Stripe.Checkout.Session,
  | "id"
  | "object"
  | "url"
  | "mode"
  | "status"
  | "payment_status"
  | "customer"
  | "customer_email"
  | "client_reference_id"
  | "metadata"
  | "subscription"
  | "success_url"
  | "cancel_url"
  | "locale"
  | "livemode"
  | "created"
  | "expires_at"
  | "currency"
  | "amount_subtotal"
  | "amount_total"
  | "customer_creation"
  | "customer_details"
  | "invoice"
  | "payment_intent"
  | "payment_link"
  | "payment_method_collection"
  | "payment_method_types"
  | "setup_intent"
  | "ui_mode"
  | "total_details"
>;
export type FakeCustomer = Pick<Stripe.Customer, "id" | "object" | "email" | "metadata" | "created" | "livemode">;
export type FakePortalSession = Pick<
  Stripe.BillingPortal.Session,
  "id" | "object" | "url" | "customer" | "return_url" | "created" | "livemode"
>;
export type FakeEvent = Pick<
  Stripe.Event,
  "id" | "object" | "type" | "created" | "api_version" | "livemode" | "pending_webhooks" | "request"
> & {
  data: { object: unknown };
};

export type RecordedRequest = { method: string; path: string; params: Record<string, string>; headers: http.IncomingHttpHeaders };

const now = () => Math.floor(Date.now() / 1000);
const newId = (prefix: string) => `${prefix}_${crypto.randomBytes(8).toString("hex")}`;
const DAY = 24 * 60 * 60;

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

/** A price the fake knows: its amount in cents and how many months it pays for. */
export type FakePriceSpec = { amount: number; months: number };

export async function startFakeStripe(
  opts: { port?: number; webhookSecret?: string; webhookUrl?: string; prices?: Record<string, FakePriceSpec> } = {},
) {
  const webhookSecret = opts.webhookSecret ?? "whsec_test_fake";
  const signer = new Stripe("sk_test_signer");
  const requests: RecordedRequest[] = [];
  const customers = new Map<string, FakeCustomer>();
  const sessions = new Map<string, FakeCheckoutSession>();
  const subscriptions = new Map<string, FakeSubscription>();
  const portals = new Map<string, FakePortalSession>();
  const state = {
    /** When set, GET /v1/subscriptions/:id answers this HTTP status with a Stripe error. */
    failSubscriptionFetch: null as number | null,
    /** When set, GET /v1/checkout/sessions/:id answers this HTTP status with a Stripe error. */
    failSessionFetch: null as number | null,
    /** Where the checkout page posts `checkout.session.completed` (the browser test). */
    webhookUrl: opts.webhookUrl ?? null,
    /** A slow Stripe: the checkout page does not post its event, `releaseWebhooks` does. */
    holdWebhooks: false,
    /** The checkout page's payments stay on their way (session complete but unpaid) until `settlePayment`. */
    paymentsPending: false,
  };
  const heldWebhooks: { payload: string; header: string }[] = [];
  let base = "";

  function createCustomer(email: string | null, metadata: Record<string, string> = {}): FakeCustomer {
    const customer: FakeCustomer = { id: newId("cus"), object: "customer", email, metadata, created: now(), livemode: false };
    customers.set(customer.id, customer);
    return customer;
  }

  const prices = opts.prices ?? {};
  const monthsOf = (priceId: string | null | undefined) => (priceId && prices[priceId]?.months) || 1;
  /** The end of a period of `months` from `start` (in seconds), as Stripe counts calendar months. */
  function periodEndFrom(start: number, months: number) {
    const end = new Date(start * 1000);
    end.setUTCMonth(end.getUTCMonth() + months);
    return Math.floor(end.getTime() / 1000);
  }
  function priceObject(priceId: string): FakePrice {
    const months = monthsOf(priceId);
    return {
      id: priceId,
      object: "price",
      active: true,
      currency: "usd",
      unit_amount: prices[priceId]?.amount ?? 999,
      type: "recurring",
      livemode: false,
      created: now(),
      recurring: months % 12 === 0 ? { interval: "year", interval_count: months / 12 } : { interval: "month", interval_count: months },
    };
  }

  function createSubscription(input: {
    customer: string;
    metadata?: Record<string, string>;
    status?: Sub["status"];
    periodEnd?: Date;
    price?: string;
  }): FakeSubscription {
    const id = newId("sub");
    const start = now();
    const price = input.price ?? "price_fake_premium";
    const end = input.periodEnd
      ? Math.floor(input.periodEnd.getTime() / 1000)
      : input.price
        ? periodEndFrom(start, monthsOf(price))
        : start + 30 * DAY;
    const sub: FakeSubscription = {
      id,
      object: "subscription",
      status: input.status ?? "active",
      customer: input.customer,
      metadata: input.metadata ?? {},
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      created: start,
      start_date: start,
      currency: "usd",
      livemode: false,
      items: {
        object: "list",
        url: `/v1/subscription_items?subscription=${id}`,
        has_more: false,
        data: [
          {
            id: newId("si"),
            object: "subscription_item",
            current_period_start: start,
            current_period_end: end,
            subscription: id,
            metadata: {},
            created: start,
            price: priceObject(price),
          },
        ],
      },
    };
    subscriptions.set(id, sub);
    return sub;
  }

  /** Changes a subscription the way Stripe would (e.g. cancelled: status canceled, ended_at set). */
  function updateSubscription(
    id: string,
    patch: Partial<Pick<FakeSubscription, "status" | "cancel_at_period_end">> & { periodEnd?: Date },
  ) {
    const sub = subscriptions.get(id);
    if (!sub) throw new Error(`no subscription ${id}`);
    if (patch.status) sub.status = patch.status;
    if (patch.status === "canceled") sub.ended_at = sub.canceled_at = now();
    if (patch.cancel_at_period_end !== undefined) sub.cancel_at_period_end = patch.cancel_at_period_end;
    if (patch.periodEnd) for (const item of sub.items.data) item.current_period_end = Math.floor(patch.periodEnd.getTime() / 1000);
    return sub;
  }

  /**
   * What Stripe does when the customer pays: a customer (if none), a subscription and a complete
   * session. With `pending`, the payment is still on its way: the session is complete but unpaid and
   * the subscription incomplete, as Stripe reports a payment that takes time to confirm.
   */
  function completeCheckout(sessionId: string, options: { pending?: boolean } = {}) {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    const customerId = typeof session.customer === "string" ? session.customer : createCustomer(session.customer_email).id;
    const email = customers.get(customerId)?.email ?? session.customer_email;
    const own = session as { _subscriptionMetadata?: Record<string, string>; _price?: string };
    const sub = createSubscription({
      customer: customerId,
      metadata: own._subscriptionMetadata ?? {},
      status: options.pending ? "incomplete" : "active",
      ...(own._price ? { price: own._price } : {}),
    });
    Object.assign(session, {
      customer: customerId,
      subscription: sub.id,
      invoice: newId("in"),
      status: "complete",
      payment_status: options.pending ? "unpaid" : "paid",
      url: null,
      customer_details: customerDetails(email),
    } satisfies Partial<FakeCheckoutSession>);
    return { session, subscription: sub };
  }

  /** A payment that was on its way goes through: the session paid, the subscription active. */
  function settlePayment(sessionId: string) {
    const session = sessions.get(sessionId);
    if (!session?.subscription) throw new Error(`no completed session ${sessionId}`);
    session.payment_status = "paid";
    return updateSubscription(session.subscription as string, { status: "active" });
  }

  /** The invoice Stripe makes for a subscription's period, paid or failed. */
  function invoiceFor(sub: FakeSubscription, outcome: "paid" | "failed", reason: Stripe.Invoice.BillingReason): FakeInvoice {
    const amount = sub.items.data[0]?.price.unit_amount ?? 0;
    return {
      id: newId("in"),
      object: "invoice",
      customer: sub.customer,
      status: outcome === "paid" ? "paid" : "open",
      billing_reason: reason,
      amount_due: amount,
      amount_paid: outcome === "paid" ? amount : 0,
      currency: "usd",
      created: now(),
      livemode: false,
      attempt_count: 1,
      parent: { type: "subscription_details", quote_details: null, subscription_details: { metadata: sub.metadata, subscription: sub.id } },
    };
  }

  /** The period ends and Stripe charges the next one: paid, the subscription active for another period. */
  function renewSubscription(id: string) {
    const sub = subscriptions.get(id);
    if (!sub) throw new Error(`no subscription ${id}`);
    for (const item of sub.items.data) {
      item.current_period_start = item.current_period_end;
      item.current_period_end = periodEndFrom(item.current_period_end, monthsOf(item.price.id));
    }
    sub.status = "active";
    return { subscription: sub, invoice: invoiceFor(sub, "paid", "subscription_cycle") };
  }

  /** The renewal's charge is declined: the subscription past_due while Stripe retries. */
  function failRenewal(id: string) {
    const sub = subscriptions.get(id);
    if (!sub) throw new Error(`no subscription ${id}`);
    sub.status = "past_due";
    return { subscription: sub, invoice: invoiceFor(sub, "failed", "subscription_cycle") };
  }

  /** Cancelled in the portal: kept until the period ends (cancel_at then), then `endSubscription`. */
  function cancelAtPeriodEnd(id: string) {
    const sub = subscriptions.get(id);
    if (!sub) throw new Error(`no subscription ${id}`);
    sub.cancel_at_period_end = true;
    sub.cancel_at = sub.items.data[0]?.current_period_end ?? null;
    sub.canceled_at = now();
    return sub;
  }

  /** The period of a cancelled subscription is over (or Stripe gave up retrying): it ends. */
  function endSubscription(id: string) {
    return updateSubscription(id, { status: "canceled" });
  }

  /** Sends the events held back while `holdWebhooks` was on, in order. */
  async function releaseWebhooks() {
    const answers: number[] = [];
    for (const { payload, header } of heldWebhooks.splice(0)) {
      const res = await fetch(state.webhookUrl!, {
        method: "POST",
        body: payload,
        headers: { "Content-Type": "application/json", "Stripe-Signature": header },
      });
      answers.push(res.status);
    }
    return answers;
  }

  /**
   * A checkout already paid by `userId` (started elsewhere than the app), as Stripe reports it in
   * checkout.session.completed and to GET /v1/checkout/sessions/:id: its customer, active
   * subscription and complete session.
   */
  function paidCheckout(userId: string, input: { email: string; returnUrl: string }) {
    const customer = createCustomer(input.email);
    const sub = createSubscription({ customer: customer.id, metadata: { user_id: userId } });
    const session: FakeCheckoutSession = {
      id: `cs_test_${userId}`,
      object: "checkout.session",
      url: null,
      mode: "subscription",
      status: "complete",
      payment_status: "paid",
      customer: customer.id,
      customer_email: null,
      client_reference_id: userId,
      metadata: { user_id: userId },
      subscription: sub.id,
      success_url: input.returnUrl,
      cancel_url: input.returnUrl,
      locale: "es",
      livemode: false,
      created: now(),
      ...sessionDefaults(now()),
      invoice: newId("in"),
      customer_details: customerDetails(input.email),
    };
    sessions.set(session.id, session);
    return { customer, sub, session };
  }

  /** The fields of a $9.99 monthly subscription session that the app sends no parameter for. */
  function sessionDefaults(created: number) {
    return {
      expires_at: created + DAY,
      currency: "usd",
      amount_subtotal: 999,
      amount_total: 999,
      customer_creation: "always",
      customer_details: null,
      invoice: null,
      payment_intent: null,
      payment_link: null,
      payment_method_collection: "always",
      payment_method_types: ["card"],
      setup_intent: null,
      ui_mode: "hosted_page",
      total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    } satisfies Partial<FakeCheckoutSession>;
  }

  function customerDetails(email: string | null): FakeCheckoutSession["customer_details"] {
    return { address: null, business_name: null, email, individual_name: null, name: null, phone: null, tax_exempt: "none", tax_ids: [] };
  }

  /** An event as Stripe sends it, with a Stripe-Signature header made by the SDK's test helper. */
  function signedEvent(type: string, object: unknown, options: { id?: string; timestamp?: number; secret?: string } = {}) {
    const event: FakeEvent = {
      id: options.id ?? newId("evt"),
      object: "event",
      type: type as Stripe.Event["type"],
      created: now(),
      api_version: Stripe.API_VERSION,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object },
    };
    const payload = JSON.stringify(event);
    const header = signer.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? webhookSecret,
      ...(options.timestamp !== undefined ? { timestamp: options.timestamp } : {}),
    });
    return { event, payload, header };
  }

  /** A session as Stripe sends it (without the fake's own bookkeeping). */
  function wireSession(
    session: FakeCheckoutSession & { _subscriptionMetadata?: Record<string, string>; _price?: string },
  ): FakeCheckoutSession {
    const { _subscriptionMetadata, _price, ...wire } = session;
    return wire;
  }

  /** The `prefix[key]` form parameters as an object (the SDK sends metadata that way). */
  function prefixed(params: Record<string, string>, prefix: string): Record<string, string> {
    const found: Record<string, string> = {};
    for (const [key, value] of Object.entries(params)) {
      if (key.startsWith(`${prefix}[`) && key.endsWith("]") && !key.slice(prefix.length + 1, -1).includes("[")) {
        found[key.slice(prefix.length + 1, -1)] = value;
      }
    }
    return found;
  }

  function sendJson(res: http.ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { "Content-Type": "application/json", "Request-Id": newId("req") });
    res.end(JSON.stringify(body));
  }
  function stripeError(res: http.ServerResponse, status: number, message: string, type = "invalid_request_error") {
    sendJson(res, status, { error: { type, message } });
  }
  function html(res: http.ServerResponse, body: string) {
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    res.end(
      `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Stripe (simulado)</title></head><body style="font-family:sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem">${body}</body></html>`,
    );
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? "/", base);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString("utf8");
    const params = Object.fromEntries(new URLSearchParams(req.method === "GET" ? url.search : raw));
    const path = url.pathname;
    if (path.startsWith("/v1/")) requests.push({ method: req.method ?? "GET", path, params, headers: req.headers });

    const subMatch = path.match(/^\/v1\/subscriptions\/([^/]+)$/);
    const sessionMatch = path.match(/^\/v1\/checkout\/sessions\/([^/]+)$/);
    const customerMatch = path.match(/^\/v1\/customers\/([^/]+)$/);
    const checkoutMatch = path.match(/^\/checkout\/([^/]+)$/);
    const portalMatch = path.match(/^\/portal\/([^/]+)$/);
    const chatMatch = path.match(/^\/chat\/([a-z]+)$/);
    if (req.method === "POST" && path === "/v1/checkout/sessions") {
      const id = newId("cs_test");
      const session: FakeCheckoutSession & { _subscriptionMetadata?: Record<string, string>; _price?: string } = {
        id,
        object: "checkout.session",
        url: `${base}/checkout/${id}`,
        mode: params.mode as Stripe.Checkout.Session.Mode,
        status: "open",
        payment_status: "unpaid",
        customer: params.customer ?? null,
        customer_email: params.customer_email ?? null,
        client_reference_id: params.client_reference_id ?? null,
        metadata: prefixed(params, "metadata"),
        subscription: null,
        success_url: params.success_url ?? null,
        cancel_url: params.cancel_url ?? null,
        locale: (params.locale ?? null) as Stripe.Checkout.Session.Locale | null,
        livemode: false,
        created: now(),
        ...sessionDefaults(now()),
        customer_creation: params.customer ? null : "always",
      };
      session._subscriptionMetadata = prefixed(params, "subscription_data[metadata]");
      if (params["line_items[0][price]"]) session._price = params["line_items[0][price]"];
      if (prices[session._price ?? ""]) session.amount_subtotal = session.amount_total = prices[session._price!]!.amount;
      sessions.set(id, session);
      return sendJson(res, 200, wireSession(session));
    }
    if (req.method === "GET" && sessionMatch) {
      const session = sessions.get(decodeURIComponent(sessionMatch[1]!));
      if (state.failSessionFetch) return stripeError(res, state.failSessionFetch, "Fallo simulado de Stripe.", "api_error");
      return session ? sendJson(res, 200, wireSession(session)) : stripeError(res, 404, `No such checkout.session: '${sessionMatch[1]}'`);
    }
    if (req.method === "GET" && subMatch) {
      const m = subMatch;
      if (state.failSubscriptionFetch) return stripeError(res, state.failSubscriptionFetch, "Fallo simulado de Stripe.", "api_error");
      const sub = subscriptions.get(decodeURIComponent(m[1]!));
      return sub ? sendJson(res, 200, sub) : stripeError(res, 404, `No such subscription: '${m[1]}'`);
    }
    if (req.method === "GET" && customerMatch) {
      const m = customerMatch;
      const customer = customers.get(decodeURIComponent(m[1]!));
      return customer ? sendJson(res, 200, customer) : stripeError(res, 404, `No such customer: '${m[1]}'`);
    }
    if (req.method === "POST" && path === "/v1/billing_portal/sessions") {
      if (!params.customer || !customers.has(params.customer)) return stripeError(res, 400, `No such customer: '${params.customer}'`);
      const id = newId("bps");
      const portal: FakePortalSession = {
        id,
        object: "billing_portal.session",
        url: `${base}/portal/${id}`,
        customer: params.customer,
        return_url: params.return_url ?? null,
        created: now(),
        livemode: false,
      };
      portals.set(id, portal);
      return sendJson(res, 200, portal);
    }
    // ---- pages a person sees (browser test)
    if (checkoutMatch) {
      const m = checkoutMatch;
      const session = sessions.get(m[1]!);
      if (!session) return stripeError(res, 404, "No such checkout session");
      if (req.method === "POST") {
        const { session: done, subscription } = completeCheckout(session.id, { pending: state.paymentsPending });
        if (state.webhookUrl) {
          const { payload, header } = signedEvent("checkout.session.completed", wireSession(done));
          if (state.holdWebhooks) heldWebhooks.push({ payload, header });
          else
            await fetch(state.webhookUrl, {
              method: "POST",
              body: payload,
              headers: { "Content-Type": "application/json", "Stripe-Signature": header },
            });
        }
        res.writeHead(303, { Location: (done.success_url ?? base).replace("{CHECKOUT_SESSION_ID}", done.id) });
        return res.end(subscription.id);
      }
      return html(
        res,
        `<h1>Pago de prueba</h1><p>${session.metadata?.plan_type ? `Plan ${session.metadata.plan_type} (${session.metadata.period}): $${(session.amount_total ?? 0) / 100}.` : "Suscripción Premium: $9.99 al mes."}</p><form method="post"><button type="submit">Pagar</button></form><p><a href="${session.cancel_url}">Cancelar</a></p>`,
      );
    }
    if (portalMatch) {
      const m = portalMatch;
      const portal = portals.get(m[1]!);
      if (!portal) return stripeError(res, 404, "No such portal session");
      return html(res, `<h1>Portal de facturación</h1><p>Cliente ${portal.customer}</p><p><a href="${portal.return_url}">Volver</a></p>`);
    }
    if (chatMatch) return html(res, `<h1>Chat de ${chatMatch[1]} (simulado)</h1>`);
    stripeError(res, 404, `Unrecognized request URL (${req.method}: ${path})`);
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.writeHead(500);
      res.end(String(error));
    });
  });
  await listen(server, opts.port ?? 0);
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: base,
    webhookSecret,
    requests,
    customers,
    sessions,
    subscriptions,
    state,
    createCustomer,
    createSubscription,
    updateSubscription,
    completeCheckout,
    settlePayment,
    renewSubscription,
    failRenewal,
    cancelAtPeriodEnd,
    endSubscription,
    releaseWebhooks,
    heldWebhooks,
    paidCheckout,
    signedEvent,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Listens on `port`; while another spec's fake holds that port (the browser specs share the one the
 * server was given), waits for it to be let go, up to `patienceMs`.
 */
async function listen(server: http.Server, port: number, patienceMs = 120_000) {
  const until = Date.now() + patienceMs;
  for (;;) {
    try {
      await new Promise<void>((resolve, reject) => {
        server.once("error", reject);
        server.listen(port, "127.0.0.1", () => {
          server.off("error", reject);
          resolve();
        });
      });
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE" || !port || Date.now() > until) throw error;
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}
