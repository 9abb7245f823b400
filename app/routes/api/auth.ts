import type { Route } from "./+types/auth";
import { getAuth, withClientIp } from "~/server/auth.server";
import { clientIpOf } from "~/server/request-context.server";

/**
 * better-auth's own endpoints (e-mail verification links, reset links, its JSON API), told the
 * client's address by this server rather than by the client.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  return getAuth().handler(withClientIp(request, clientIpOf(context)));
}

export async function action({ request, context }: Route.ActionArgs) {
  if (await carriesNul(request)) {
    return Response.json({ code: "INVALID_CHARACTERS", message: "La solicitud contiene caracteres no permitidos." }, { status: 400 });
  }
  return getAuth().handler(withClientIp(request, clientIpOf(context)));
}

const hasNul = (value: unknown): boolean =>
  typeof value === "string"
    ? value.includes("\u0000")
    : Array.isArray(value)
      ? value.some(hasNul)
      : typeof value === "object" && value !== null && Object.entries(value).some(([k, v]) => k.includes("\u0000") || hasNul(v));

/**
 * PostgreSQL text holds no NUL: better-auth would send one in a query (a session token, a reset
 * token) and fail with a 500, so a body with one is refused first.
 */
async function carriesNul(request: Request): Promise<boolean> {
  const text = await request
    .clone()
    .text()
    .catch(() => "");
  if (!text.includes("\u0000") && !/\\u0000|%00/i.test(text)) return false;
  try {
    return hasNul(JSON.parse(text));
  } catch {
    return [...new URLSearchParams(text)].some(([k, v]) => hasNul(k) || hasNul(v)) || text.includes("\u0000");
  }
}
