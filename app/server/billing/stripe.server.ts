/**
 * The Stripe client: the official SDK, configured from the environment. Without STRIPE_SECRET_KEY
 * premium answers "not configured" instead of failing later. STRIPE_API_BASE points the SDK at a
 * local fake in tests; the SDK still does all the HTTP and the signatures.
 */
import Stripe from "stripe";
import { getEnv } from "../platform/env.server";
import { singleton } from "../platform/singleton.server";

export class StripeNotConfiguredError extends Error {
  constructor(missing: string) {
    super(`Stripe is not configured: ${missing} is not set`);
  }
}

function build(): Stripe | null {
  const env = getEnv();
  if (!env.STRIPE_SECRET_KEY) return null;
  const base = env.STRIPE_API_BASE ? new URL(env.STRIPE_API_BASE) : null;
  return new Stripe(env.STRIPE_SECRET_KEY, {
    // A slow Stripe must not hold a request (or a webhook delivery) for the SDK's default 80 s.
    timeout: 10_000,
    maxNetworkRetries: 1,
    telemetry: false,
    appInfo: { name: "panama-vip-ia" },
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === "https:" ? 443 : 80),
          protocol: base.protocol === "https:" ? "https" : "http",
        }
      : {}),
  });
}

/** The configured client, or null when STRIPE_SECRET_KEY is unset. */
function getStripe(): Stripe | null {
  return singleton("stripe", build);
}

/** The client, or StripeNotConfiguredError naming what is missing. */
export function requireStripe(...needs: ("STRIPE_PRICE_ID" | "STRIPE_WEBHOOK_SECRET")[]): Stripe {
  const stripe = getStripe();
  if (!stripe) throw new StripeNotConfiguredError("STRIPE_SECRET_KEY");
  const env = getEnv();
  for (const need of needs) if (!env[need]) throw new StripeNotConfiguredError(need);
  return stripe;
}

/**
 * The end of the period a subscription is paid for: the API keeps it on each item, so the
 * latest of them (null without items).
 */
export function subscriptionPeriodEnd(subscription: Stripe.Subscription): Date | null {
  const ends = subscription.items.data.map((item) => item.current_period_end).filter((n) => typeof n === "number");
  return ends.length ? new Date(Math.max(...ends) * 1000) : null;
}

export type { Stripe };
