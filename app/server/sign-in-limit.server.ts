/**
 * The sign-in limit: AUTH_RATE_LIMIT failed sign-ins a minute per address and per client (an IPv6
 * client by its /64), in the database so that every process counts the same attempts.
 *
 * It is a better-auth plugin keyed by the endpoint better-auth resolved (`/sign-in/email`), not by the
 * URL as written, so `//api/auth/…`, a trailing slash, another case or percent-encoding cannot reach
 * the endpoint uncounted; and the /auth form (an `auth.api` call) goes through the same hooks. The
 * client is better-auth's normalized address (IPv4-mapped IPv6 as IPv4, IPv6 by /64) of the address
 * this server put in CLIENT_IP_HEADER, never one the client wrote.
 */
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware, getIP, isAPIError } from "better-auth/api";
import { getEnv } from "./env.server";
import { clearHits, recordHit, releaseHit } from "./models/rate-limits.server";

const PATH = "/sign-in/email";
const WINDOW = 60;

export const TOO_MANY_ATTEMPTS = "Demasiados intentos. Espera un minuto e inténtalo de nuevo.";

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

function keysOf(ctx: HookContext): { email: string | null; client: string } {
  const raw = (ctx.body as { email?: unknown } | undefined)?.email;
  const email = typeof raw === "string" && raw.trim() ? raw.trim().toLowerCase() : null;
  const source = ctx.request ?? ctx.headers;
  const ip = source ? getIP(source, ctx.context.options) : null;
  return { email: email && `signin:email:${email}`, client: `signin:ip:${ip ?? "desconocida"}` };
}

export function signInLimit() {
  return {
    id: "sign-in-limit",
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === PATH,
          // Each attempt is counted before the password is checked, so that concurrent attempts
          // cannot all pass a count read before any of them was recorded; the after-hook gives the
          // hits back when the attempt turns out not to be a wrong password.
          handler: createAuthMiddleware(async (ctx) => {
            const { email, client } = keysOf(ctx);
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
          matcher: (ctx) => ctx.path === PATH,
          handler: createAuthMiddleware(async (ctx) => {
            const returned = ctx.context.returned;
            const wrongPassword =
              isAPIError(returned) && (returned.body as { code?: string } | undefined)?.code === "INVALID_EMAIL_OR_PASSWORD";
            if (wrongPassword) return;
            const { email, client } = keysOf(ctx);
            // Signed in: the address starts afresh (as before), the client's attempt was not a failure.
            if (!isAPIError(returned) && email) await clearHits(email);
            else if (email) await releaseHit(email, WINDOW);
            await releaseHit(client, WINDOW);
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
