/**
 * Stripe Checkout and Customer Portal sessions (create-checkout). Any failure is thrown to the
 * caller, which answers the Spanish 'Error creando sesión de pago' and logs why.
 */
import { getEnv } from "../platform/env.server";
import { rememberCheckoutSession, stripeCustomerOf } from "../models/subscriptions.server";
import { requireStripe } from "./stripe.server";

export const CHECKOUT_ERROR = "Error creando sesión de pago";
export const SIGN_IN_TO_SUBSCRIBE = "Debe iniciar sesión para suscribirse";

/** A subscription checkout for the premium price; `attempt` makes a double submit reuse one session. */
export async function createCheckoutSession(input: {
  userId: string;
  email: string;
  returnPath: string;
  attempt: string;
}): Promise<string> {
  const stripe = requireStripe("STRIPE_PRICE_ID");
  const env = getEnv();
  const customer = await stripeCustomerOf(input.userId);
  const back = `${env.PUBLIC_URL}${input.returnPath}`;
  const session = await stripe.checkout.sessions.create(
    {
      mode: "subscription",
      line_items: [{ price: env.STRIPE_PRICE_ID!, quantity: 1 }],
      locale: "es",
      client_reference_id: input.userId,
      metadata: { user_id: input.userId },
      subscription_data: { metadata: { user_id: input.userId } },
      ...(customer ? { customer } : { customer_email: input.email }),
      success_url: `${back}?pago=exitoso&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${back}?pago=cancelado`,
    },
    { idempotencyKey: `checkout:${input.userId}:${input.attempt}` },
  );
  if (!session.url) throw new Error(`Stripe answered checkout session ${session.id} without a url`);
  // Remembered before the person sees it: the return and a second subscribe ask Stripe about it.
  await rememberCheckoutSession({ id: session.id, userId: input.userId, expiresAt: new Date(session.expires_at * 1000) });
  return session.url;
}

/** Stripe's Customer Portal for the account's customer, or null when it never subscribed. */
export async function createPortalSession(userId: string, returnPath: string): Promise<string | null> {
  const customer = await stripeCustomerOf(userId);
  if (!customer) return null;
  const stripe = requireStripe();
  const portal = await stripe.billingPortal.sessions.create({ customer, return_url: `${getEnv().PUBLIC_URL}${returnPath}`, locale: "es" });
  return portal.url;
}
