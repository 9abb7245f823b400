/**
 * The premium gate of /ai-solutions/amy and /ai-solutions/roger (a Stripe subscription or an active
 * free plan), decided on the server: the chat URL is only in the loader data of an entitled user;
 * everyone else gets the paywall. The subscribe form posts here (create-checkout).
 */
import crypto from "node:crypto";
import { data, redirect } from "react-router";
import { ASSISTANTS, type Assistant } from "~/catalog/marketing";
import { isUuid } from "~/lib/uuid";
import { CHECKOUT_ERROR, createCheckoutSession, SIGN_IN_TO_SUBSCRIBE } from "./checkout.server";
import { getEnv } from "./env.server";
import { getCurrentUser } from "./guards.server";
import { checkSubscription, type PremiumSource } from "./models/subscriptions.server";

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
};

export type SubscribeResult = { url?: string; error?: string; loginUrl?: string };

function chatUrlOf(slug: PremiumSlug): string | null {
  const env = getEnv();
  return (slug === "amy" ? env.CHAT_URL_AMY : env.CHAT_URL_ROGER) ?? null;
}

export async function premiumLoader(request: Request, slug: PremiumSlug): Promise<PremiumPageData> {
  const current = await getCurrentUser(request);
  const status = current ? await checkSubscription(current.user.id) : null;
  const payment = new URL(request.url).searchParams.get("pago");
  return {
    assistant: ASSISTANTS.find((a) => a.slug === slug)!,
    signedIn: Boolean(current),
    access: { subscribed: Boolean(status?.subscribed), source: status?.source ?? null, until: status?.until?.toISOString() ?? null },
    chatUrl: status?.subscribed ? chatUrlOf(slug) : null,
    attempt: crypto.randomUUID(),
    payment: payment === "exitoso" || payment === "cancelado" ? payment : null,
  };
}

/**
 * create-checkout: answers `{url}` to the page's script (which opens it in a new tab) or, for a
 * plain form without JavaScript, redirects to it.
 */
export async function premiumAction(request: Request, slug: PremiumSlug) {
  const path = `/ai-solutions/${slug}`;
  const form = await request.formData();
  if (form.get("intent") !== "subscribe") return data<SubscribeResult>({ error: "Acción desconocida." }, { status: 400 });
  const current = await getCurrentUser(request);
  if (!current) {
    return data<SubscribeResult>(
      { error: SIGN_IN_TO_SUBSCRIBE, loginUrl: `/auth?redirectTo=${encodeURIComponent(path)}` },
      { status: 401 },
    );
  }
  if ((await checkSubscription(current.user.id)).subscribed) throw redirect(path, 303);
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
