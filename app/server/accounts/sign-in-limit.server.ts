/**
 * The sign-in limit: AUTH_RATE_LIMIT failed sign-ins a minute per address and per client (an IPv6
 * client by its /64), in the database so that every process counts the same attempts. A wrong
 * current password on a password change is a failed sign-in too: a stolen session must not become a
 * way to guess the password.
 *
 * It is a better-auth plugin keyed by the endpoint better-auth resolved (`/sign-in/email`), not by the
 * URL as written, so `//api/auth/…`, a trailing slash, another case or percent-encoding cannot reach
 * the endpoint uncounted; and the app's forms (`auth.api` calls) go through the same hooks. The
 * client is better-auth's normalized address (IPv4-mapped IPv6 as IPv4, IPv6 by /64) of the address
 * this server put in its client-address header, never one the client wrote.
 */
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware, getIP, getSessionFromCtx, isAPIError } from "better-auth/api";
import { getEnv } from "../platform/env.server";
import { clearHits, recordHit, releaseHit } from "../models/rate-limits.server";

/** The endpoints that check a password, and the error code that means it was wrong. */
const CHECKED: Record<string, string> = {
  "/sign-in/email": "INVALID_EMAIL_OR_PASSWORD",
  "/change-password": "INVALID_PASSWORD",
};
const WINDOW = 60;

export const TOO_MANY_ATTEMPTS = "Demasiados intentos. Espera un minuto e inténtalo de nuevo.";

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/**
 * The address tried: the form's for a sign-in; for a password change the account's, from its answer
 * (a successful change has replaced the session) or else from the session.
 */
async function addressOf(ctx: HookContext): Promise<string | null> {
  if (ctx.path === "/change-password") {
    const answered = (ctx.context.returned as { user?: { email?: unknown } } | undefined)?.user?.email;
    const email = typeof answered === "string" ? answered : (await getSessionFromCtx(ctx))?.user.email;
    return email?.toLowerCase() ?? null;
  }
  const raw = (ctx.body as { email?: unknown } | undefined)?.email;
  return typeof raw === "string" && raw.trim() ? raw.trim().toLowerCase() : null;
}

async function keysOf(ctx: HookContext): Promise<{ email: string | null; client: string }> {
  const email = await addressOf(ctx);
  const source = ctx.request ?? ctx.headers;
  const ip = source ? getIP(source, ctx.context.options) : null;
  return { email: email && `signin:email:${email}`, client: `signin:ip:${ip ?? "desconocida"}` };
}

const checked = (ctx: { path?: string }) => Boolean(ctx.path && ctx.path in CHECKED);

export function signInLimit() {
  return {
    id: "sign-in-limit",
    hooks: {
      before: [
        {
          matcher: checked,
          // Each attempt is counted before the password is checked, so that concurrent attempts
          // cannot all pass a count read before any of them was recorded; the after-hook gives the
          // hits back when the attempt turns out not to be a wrong password.
          handler: createAuthMiddleware(async (ctx) => {
            const { email, client } = await keysOf(ctx);
            const limit = getEnv().AUTH_RATE_LIMIT;
            const keys = [client, ...(email ? [email] : [])];
            const states = await Promise.all(keys.map((k) => recordHit(k, WINDOW)));
            const over = states.filter((s) => s.count > limit);
            if (over.length) {
              // A refused attempt tried nothing: it counts neither for the client nor for the address.
              await Promise.all(keys.map((k) => releaseHit(k, WINDOW)));
              const retryAfter = Math.max(...over.map((s) => s.retryAfterSeconds));
              throw new APIError(
                "TOO_MANY_REQUESTS",
                { code: "TOO_MANY_REQUESTS", message: TOO_MANY_ATTEMPTS },
                { "Retry-After": String(retryAfter) },
              );
            }
          }),
        },
      ],
      after: [
        {
          matcher: checked,
          handler: createAuthMiddleware(async (ctx) => {
            const returned = ctx.context.returned;
            const code = isAPIError(returned) ? (returned.body as { code?: string } | undefined)?.code : undefined;
            if (code && code === CHECKED[ctx.path]) return;
            const { email, client } = await keysOf(ctx);
            // Signed in: the address starts afresh (as before); anything else was not a wrong password.
            if (!isAPIError(returned) && email && ctx.path === "/sign-in/email") await clearHits(email);
            else if (email) await releaseHit(email, WINDOW);
            await releaseHit(client, WINDOW);
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
