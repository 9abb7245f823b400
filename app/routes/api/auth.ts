import type { Route } from "./+types/auth";
import { getAuth, SITE_ERROR_CODES, withClientIp } from "~/server/accounts/auth.server";
import { clientIpOf } from "~/server/http/request-context.server";
import { redirectWithToast } from "~/server/http/toast.server";

/**
 * better-auth's own endpoints (e-mail verification links, reset links, its JSON API), told the
 * client's address by this server rather than by the client.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const res = await getAuth().handler(withClientIp(request, clientIpOf(context)));
  if (new URL(request.url).pathname.endsWith("/verify-email")) return confirmationPage(res);
  return inSpanish(res);
}

export async function action({ request, context }: Route.ActionArgs) {
  if (await carriesNul(request)) {
    return Response.json({ code: "INVALID_CHARACTERS", message: "La solicitud contiene caracteres no permitidos." }, { status: 400 });
  }
  return inSpanish(await getAuth().handler(withClientIp(request, clientIpOf(context))));
}

const UNTRANSLATED = "No se pudo completar la solicitud.";

/**
 * better-auth's JSON errors reach clients in Spanish: its codes through the i18n plugin; the few
 * messages it writes without a code get a plain Spanish sentence (the code stays for programs).
 */
async function inSpanish(res: Response): Promise<Response> {
  if (res.status < 400 || !res.headers.get("content-type")?.includes("application/json")) return res;
  const body = (await res
    .clone()
    .json()
    .catch(() => null)) as { code?: string; message?: string; originalMessage?: string } | null;
  if (!body || typeof body !== "object" || body.originalMessage || SITE_ERROR_CODES.has(body.code ?? "")) return res;
  const headers = new Headers(res.headers);
  headers.delete("content-length");
  return Response.json({ ...body, message: UNTRANSLATED }, { status: res.status, headers });
}

/**
 * A confirmation link is opened by a person: whatever better-auth answers, they land on a page with
 * a Spanish notice (its session cookies kept), never on JSON or an English error code.
 */
async function confirmationPage(res: Response): Promise<Response> {
  const location = res.headers.get("location");
  const headers = new Headers();
  for (const c of res.headers.getSetCookie()) headers.append("Set-Cookie", c);
  if (location && res.status >= 300 && res.status < 400) {
    const target = new URL(location, "http://x");
    const code = target.searchParams.get("error");
    target.searchParams.delete("error");
    const to = `${target.pathname}${target.search}`;
    if (code) return redirectWithToast(to, { type: "error", title: LINK_ERRORS[code] ?? LINK_ERRORS.INVALID_TOKEN! }, { headers });
    return redirectWithToast(to, { type: "success", title: "Email confirmado" }, { headers });
  }
  if (res.ok) return redirectWithToast("/profile", { type: "success", title: "Email confirmado" }, { headers });
  const body = (await res.json().catch(() => null)) as { code?: string; message?: string } | null;
  const own = body?.code && SITE_ERROR_CODES.has(body.code) ? body.message : undefined;
  const title = (body?.code && LINK_ERRORS[body.code]) || own || LINK_ERRORS.INVALID_TOKEN!;
  return redirectWithToast("/profile", { type: "error", title }, { headers });
}

const LINK_ERRORS: Record<string, string> = {
  INVALID_TOKEN: "El enlace de confirmación no es válido.",
  TOKEN_EXPIRED: "El enlace de confirmación caducó. Pide uno nuevo desde tu perfil.",
  USER_NOT_FOUND: "La cuenta de este enlace ya no existe.",
  INVALID_USER: "Este enlace es de otra cuenta: cierra sesión y ábrelo de nuevo.",
};

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
