/**
 * The names of the cookies the site sets, in one place: better-auth's session (its prefix is passed
 * to better-auth) and the flash toast. The page cache and the cache headers tell personal requests by
 * them, so a name changed here changes everywhere.
 */
export const AUTH_COOKIE_PREFIX = "better-auth";
/** better-auth's session cookie; over https its name starts with SECURE_COOKIE_PREFIX. */
export const SESSION_COOKIE = `${AUTH_COOKIE_PREFIX}.session_token`;
const SECURE_COOKIE_PREFIX = "__Secure-";
/** The signed flash toast that survives a redirect (server/toast.server.ts). */
export const TOAST_COOKIE = "pv_toast";

/** Whether a raw Cookie header carries cookie `name` (with or without the secure prefix). */
export function hasCookie(header: string | null | undefined, name: string): boolean {
  if (!header) return false;
  return header.split(";").some((part) => {
    const key = part.slice(0, part.indexOf("=")).trim();
    return key === name || key === `${SECURE_COOKIE_PREFIX}${name}`;
  });
}
