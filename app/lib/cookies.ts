/**
 * The names of the cookies the site sets, in one place: better-auth's session (its names are passed
 * to better-auth) and the flash toast. The page cache and the cache headers tell personal requests by
 * them, so a name changed here changes everywhere.
 */
export const AUTH_COOKIE_PREFIX = "better-auth";
/** better-auth's session cookie; over https its name starts with HOST_COOKIE_PREFIX. */
export const SESSION_COOKIE = `${AUTH_COOKIE_PREFIX}.session_token`;
const HOST_COOKIE_PREFIX = "__Host-";
// better-auth's default prefix over https, which earlier versions of the site used.
const SECURE_COOKIE_PREFIX = "__Secure-";
/** The signed flash toast that survives a redirect (server/http/toast.server.ts). */
export const TOAST_COOKIE = "pv_toast";

/** The name of better-auth's cookie `cookie` (session_token…): `__Host-` prefixed over https. */
export function authCookieName(cookie: string, https: boolean): string {
  return `${https ? HOST_COOKIE_PREFIX : ""}${AUTH_COOKIE_PREFIX}.${cookie}`;
}

/** Whether a raw Cookie header carries cookie `name` (with or without a secure prefix). */
export function hasCookie(header: string | null | undefined, name: string): boolean {
  if (!header) return false;
  return header.split(";").some((part) => {
    const key = part.slice(0, part.indexOf("=")).trim();
    return key === name || key === `${HOST_COOKIE_PREFIX}${name}` || key === `${SECURE_COOKIE_PREFIX}${name}`;
  });
}
