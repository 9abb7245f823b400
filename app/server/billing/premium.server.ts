/**
 * The premium gate of /ai-solutions/amy and /ai-solutions/roger (a Stripe subscription or an active
 * free plan), decided on the server: the chat URL is only in the loader data of an entitled user;
 * everyone else gets the paywall. The subscribe form posts here (create-checkout).
 */
import crypto from "node:crypto";
import { data, redirect } from "react-router";
import { ASSISTANTS, type Assistant } from "~/catalog/marketing";
import { isUuid } from "~/lib/uuid";
import { confirmCheckoutSession, confirmPendingPayments, isCheckoutSessionId, type PaymentCheck } from "./checkout-confirmation.server";
import { CHECKOUT_ERROR, createCheckoutSession, SIGN_IN_TO_SUBSCRIBE } from "./checkout.server";
import { getEnv } from "../platform/env.server";
import { getCurrentUser } from "../accounts/guards.server";
import { awaitingPaymentSubscriptions, checkSubscription, type PremiumSource } from "../models/subscriptions.server";
import { readForm } from "../http/request.server";

export const PAYMENT_PENDING =
  "Tu pago anterior aún se está confirmando con Stripe. Te daremos acceso en cuanto se confirme; no hace falta pagar de nuevo.";

export type PremiumSlug = "amy" | "roger";

export type PremiumPageData = {
  assistant: Assistant;
  signedIn: boolean;
  access: { subscribed: boolean; source: PremiumSource | null; until: string | null };
  /** Only for entitled users. */
  chatUrl: string | null;
  /** A fresh id per page view: the checkout's idempotency key (a double submit opens one session). */
  attempt: string;
  /** `exitoso` or `cancelado` after coming back from Stripe. */
  payment: "exitoso" | "cancelado" | null;
  /** What Stripe says of the payment just made or still on its way; null when there is none. */
  confirmation: PaymentCheck | null;
};

export type SubscribeResult = { url?: string; error?: string; loginUrl?: string };

function chatUrlOf(slug: PremiumSlug): string | null {
  const env = getEnv();
  return (slug === "amy" ? env.CHAT_URL_AMY : env.CHAT_URL_ROGER) ?? null;
}

export async function premiumLoader(request: Request, slug: PremiumSlug): Promise<PremiumPageData> {
  const current = await getCurrentUser(request);
  const search = new URL(request.url).searchParams;
  const pago = search.get("pago");
  const payment = pago === "exitoso" || pago === "cancelado" ? pago : null;
  let status = current ? await checkSubscription(current.user.id) : null;
  let confirmation: PaymentCheck | null = null;
  if (current && status?.subscribed) {
    if (payment === "exitoso") confirmation = "confirmed";
  } else if (current) {
    confirmation = await paymentCheck(current.user.id, payment, search.get("session_id"));
    if (confirmation === "confirmed") status = await checkSubscription(current.user.id);
  }
  return {
    assistant: ASSISTANTS.find((a) => a.slug === slug)!,
    signedIn: Boolean(current),
    access: { subscribed: Boolean(status?.subscribed), source: status?.source ?? null, until: status?.until?.toISOString() ?? null },
    chatUrl: status?.subscribed ? chatUrlOf(slug) : null,
    attempt: crypto.randomUUID(),
    payment,
    confirmation,
  };
}

/**
 * Back from Stripe, the Checkout Session it names is asked about (without one, the account's recent
 * sessions); otherwise only a payment still on its way is, so that every view of the page says where
 * it stands.
 */
async function paymentCheck(userId: string, payment: PremiumPageData["payment"], sessionId: string | null): Promise<PaymentCheck | null> {
  if (payment === "exitoso") {
    if (isCheckoutSessionId(sessionId)) {
      const check = await confirmCheckoutSession(userId, sessionId);
      if (check !== "unknown" && check !== "unpaid" && check !== "failed") return check;
      // That session did not pay; another one of the account's may still be on its way.
      const other = await confirmPendingPayments(userId);
      return other === "none" ? check : other;
    }
    const recent = await confirmPendingPayments(userId);
    return recent === "none" ? "unknown" : recent;
  }
  if (!(await awaitingPaymentSubscriptions(userId)).length) return null;
  const pending = await confirmPendingPayments(userId);
  return pending === "none" ? null : pending;
}

/**
 * create-checkout: answers `{url}` to the page's script (which opens it in a new tab) or, for a
 * plain form without JavaScript, redirects to it.
 */
export async function premiumAction(request: Request, slug: PremiumSlug) {
  const path = `/ai-solutions/${slug}`;
  const form = await readForm(request);
  if (form.get("intent") !== "subscribe") return data<SubscribeResult>({ error: "Acción desconocida." }, { status: 400 });
  const current = await getCurrentUser(request);
  if (!current) {
    return data<SubscribeResult>(
      { error: SIGN_IN_TO_SUBSCRIBE, loginUrl: `/auth?redirectTo=${encodeURIComponent(path)}` },
      { status: 401 },
    );
  }
  if ((await checkSubscription(current.user.id)).subscribed) throw redirect(path, 303);
  // A payment that Stripe took but we have not heard of, or one still on its way, is not paid twice.
  const earlier = await confirmPendingPayments(current.user.id);
  if (earlier === "confirmed") throw redirect(path, 303);
  if (earlier === "pending") return data<SubscribeResult>({ error: PAYMENT_PENDING }, { status: 409 });
  // Stripe cannot be asked about the earlier one, so no new checkout either (it could not be created).
  if (earlier === "unverified") return data<SubscribeResult>({ error: CHECKOUT_ERROR }, { status: 502 });
  const attempt = form.get("attempt");
  let url: string;
  try {
    url = await createCheckoutSession({
      userId: current.user.id,
      email: current.user.email,
      returnPath: path,
      attempt: isUuid(attempt) ? attempt : crypto.randomUUID(),
    });
  } catch (error) {
    console.error(`[stripe] checkout for user ${current.user.id} failed: ${(error as Error).message}`);
    return data<SubscribeResult>({ error: CHECKOUT_ERROR }, { status: 502 });
  }
  if (form.get("response") === "json") return { url } satisfies SubscribeResult;
  throw redirect(url, 303);
}
