/**
 * POST /api/ir/{action}/{restaurante|negocio}/{id}: a counted call link's hyperlink-auditing ping (and,
 * with JavaScript, its beacon), decision 099. Counted like the /ir/ redirect: people only, once per
 * visitor, entry and action an hour. A ping from another site's page never gets here (the server's
 * cross-site write check). The answer is empty: browsers ignore it.
 */
import type { Route } from "./+types/tap-ping";
import { clientIpOf } from "~/server/http/request-context.server";
import { countTap, resolveTap, TAP_HEADERS } from "~/server/visibility/taps.server";

const notAllowed = () => new Response(null, { status: 405, headers: { ...TAP_HEADERS, Allow: "POST" } });

export async function action({ params, request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return notAllowed();
  const tap = await resolveTap(params.accion, params.tipo, params.id);
  if (!tap) return new Response(null, { status: 404, headers: TAP_HEADERS });
  countTap(tap, { ip: clientIpOf(context), userAgent: request.headers.get("user-agent") ?? undefined });
  return new Response(null, { status: 204, headers: TAP_HEADERS });
}

export function loader() {
  return notAllowed();
}
