import { hasCookie, SESSION_COOKIE, TOAST_COOKIE } from "./cookies";

/**
 * Anonymous HTML is the same for every visitor, so public pages may be cached; anything personal is
 * `private, no-store`. Routes opt in with `export const headers = publicPageHeaders`.
 */
export const PUBLIC_PAGE_CACHE = "public, max-age=60, stale-while-revalidate=300";
export const PRIVATE_NO_STORE = "private, no-store";

export function publicPageHeaders(): HeadersInit {
  return { "Cache-Control": PUBLIC_PAGE_CACHE };
}

/** True when the request carries a session (signed in) or a flash toast. */
function isPersonalRequest(request: Request): boolean {
  return isPersonalCookie(request.headers.get("cookie") ?? "");
}

/** The same test on a raw Cookie header (the page cache reads it before any Request exists). */
export function isPersonalCookie(cookie: string): boolean {
  return hasCookie(cookie, SESSION_COOKIE) || hasCookie(cookie, TOAST_COOKIE);
}

/** Final say on the document's Cache-Control: never public for personal requests or responses. */
export function applyCachePolicy(request: Request, headers: Headers): void {
  const personal = isPersonalRequest(request) || headers.has("Set-Cookie") || request.method !== "GET";
  if (personal || !headers.has("Cache-Control")) headers.set("Cache-Control", PRIVATE_NO_STORE);
  if (!personal) headers.append("Vary", "Cookie");
}
