/**
 * What the public read API (/api/v1) and the MCP server (/mcp) share: the per-IP rate limit (kept in
 * the database, so every app process counts the same requests) and the answer headers.
 */
import { getEnv } from "./env.server";
import { recordHit } from "./models/rate-limits.server";

export const API_RATE_WINDOW_SECONDS = 60;

export type RateDecision =
  | { limited: false; limit: number; remaining: number }
  | { limited: true; limit: number; retryAfterSeconds: number };

/** IPv6 clients are counted by their /64 network, which one household or server usually holds. */
export function rateKeyOf(ip: string): string {
  const clean = ip.replace(/^::ffff:/i, "").toLowerCase();
  if (!clean.includes(":")) return clean;
  const [head = "", tail = ""] = clean.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = clean.includes("::") ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

/** Counts one request of `ip` against API_RATE_LIMIT per minute. */
export async function limitPublicApi(ip: string): Promise<RateDecision> {
  const limit = getEnv().API_RATE_LIMIT;
  const hit = await recordHit(`public-api:${rateKeyOf(ip)}`, API_RATE_WINDOW_SECONDS);
  if (hit.count > limit) return { limited: true, limit, retryAfterSeconds: hit.retryAfterSeconds };
  return { limited: false, limit, remaining: limit - hit.count };
}

/** The Spanish 429 message. */
export function rateLimitMessage(limit: number, retryAfterSeconds: number): string {
  return `Demasiadas solicitudes: máximo ${limit} por minuto. Intenta de nuevo en ${retryAfterSeconds} s.`;
}
