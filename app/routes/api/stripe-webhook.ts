/**
 * `POST /api/stripe/webhook`: Stripe's events. The raw body is what Stripe signed, so it is read as
 * text, untouched. Stripe's servers send neither Origin nor Sec-Fetch-Site, so the cross-site write
 * check (security.server.ts) lets them through; the signature is the protection here.
 */
import type { Route } from "./+types/stripe-webhook";
import { handleStripeWebhook } from "~/server/billing/stripe-webhook.server";

const BODY_LIMIT = 512 * 1024;
const noStore = { "Cache-Control": "no-store" };

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST")
    return Response.json({ error: "Método no permitido" }, { status: 405, headers: { ...noStore, Allow: "POST" } });
  if (Number(request.headers.get("content-length") ?? 0) > BODY_LIMIT)
    return Response.json({ error: "Evento demasiado grande." }, { status: 413, headers: noStore });
  const payload = await request.text();
  if (payload.length > BODY_LIMIT) return Response.json({ error: "Evento demasiado grande." }, { status: 413, headers: noStore });
  const answer = await handleStripeWebhook(payload, request.headers.get("stripe-signature"));
  return Response.json(answer.body, { status: answer.status, headers: noStore });
}

export function loader() {
  return Response.json({ error: "Método no permitido" }, { status: 405, headers: { ...noStore, Allow: "POST" } });
}
