import type { Route } from "./+types/auth";
import { getAuth } from "~/server/auth.server";

/** better-auth's own endpoints (e-mail verification links, reset links, its JSON API). */
export function loader({ request }: Route.LoaderArgs) {
  return getAuth().handler(request);
}

export async function action({ request }: Route.ActionArgs) {
  if (await carriesNul(request)) {
    return Response.json({ code: "INVALID_CHARACTERS", message: "La solicitud contiene caracteres no permitidos." }, { status: 400 });
  }
  return getAuth().handler(request);
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
