/**
 * `GET /api/check-subscription`: the signed-in user's premium status, `{subscribed, source, until}`,
 * read from our database (kept current by Stripe's webhook). Signed in by the session cookie or by
 * one of the user's API tokens as a bearer token.
 */
import type { Route } from "./+types/check-subscription";
import { getCurrentUser } from "~/server/accounts/guards.server";
import { authenticateApiToken, bearerToken } from "~/server/models/api-tokens.server";
import { checkSubscription } from "~/server/models/subscriptions.server";

const noStore = { "Cache-Control": "private, no-store" };

export async function loader({ request }: Route.LoaderArgs) {
  const token = bearerToken(request);
  const userId = token ? (await authenticateApiToken(token))?.userId : (await getCurrentUser(request))?.user.id;
  if (!userId) {
    return Response.json(
      { error: "Inicia sesión o envía Authorization: Bearer <token> con un token creado en tu perfil." },
      { status: 401, headers: { ...noStore, "WWW-Authenticate": 'Bearer realm="api"' } },
    );
  }
  const status = await checkSubscription(userId);
  return Response.json(
    { subscribed: status.subscribed, source: status.source, until: status.until?.toISOString() ?? null },
    { headers: noStore },
  );
}
