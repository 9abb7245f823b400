/**
 * What the public read API (/api/v1) and the MCP server (/mcp) share: the per-IP rate limit (kept in
 * the database, so every app process counts the same requests) and the answer headers.
 */
import crypto from "node:crypto";
import type { ApiError } from "~/schemas/directory-answer";
import { clientKey } from "../accounts/auth.server";
import { getEnv } from "../platform/env.server";
import { recordHit } from "../models/rate-limits.server";
import { singleton } from "../platform/singleton.server";
import { currentRequestId, log } from "../platform/logger.server";

const API_RATE_WINDOW_SECONDS = 60;

export type RateDecision =
  | { limited: false; limit: number; remaining: number }
  | { limited: true; limit: number; retryAfterSeconds: number };

/**
 * What this process knows of one client's window: the count the database last returned (every
 * process's hits) plus the hits counted here since.
 */
type Window = { count: number; pending: number; endsAt: number; flushedAt: number; flushing: Promise<void> | null; scheduled: boolean };

/** At most one database write per client every FLUSH_MS per process. */
const FLUSH_MS = 250;

const windows = () => singleton("public-api-windows", () => new Map<string, Window>());

async function flush(key: string, w: Window): Promise<void> {
  const hits = w.pending;
  w.pending = 0;
  try {
    const state = await recordHit(key, API_RATE_WINDOW_SECONDS, hits);
    w.count = state.count;
    w.endsAt = Date.now() + state.retryAfterSeconds * 1000;
  } catch (error) {
    w.pending += hits;
    throw error;
  } finally {
    w.flushedAt = Date.now();
    w.flushing = null;
  }
}

/**
 * Counts one request of `ip` (as the sign-in limit counts it: an IPv6 client by its /64) against
 * API_RATE_LIMIT per minute, in the database so that every
 * process counts every request. Hits are written in batches: a client's burst would otherwise
 * queue every one of its requests on one row's lock (and hold the pool's connections while they
 * wait). The first request after FLUSH_MS writes and waits; the others count locally and are
 * written with the next batch, so the shared count lags by at most FLUSH_MS per process.
 */
export async function limitPublicApi(ip: string): Promise<RateDecision> {
  const limit = getEnv().API_RATE_LIMIT;
  const key = `public-api:${clientKey(ip)}`;
  const map = windows();
  let w = map.get(key);
  if (!w) {
    w = { count: 0, pending: 0, endsAt: 0, flushedAt: 0, flushing: null, scheduled: false };
    map.set(key, w);
    if (map.size > 50_000) map.delete(map.keys().next().value!);
  }
  const now = Date.now();
  if (now >= w.endsAt) w.count = 0;
  w.pending++;
  if (!w.flushing && now - w.flushedAt >= FLUSH_MS) {
    w.flushing = flush(key, w);
    await w.flushing;
  } else if (!w.scheduled) {
    // Hits counted here reach the database even if this client sends nothing more.
    const current = w;
    current.scheduled = true;
    setTimeout(() => {
      current.scheduled = false;
      if (current.pending && !current.flushing) current.flushing = flush(key, current).catch(() => {});
    }, FLUSH_MS).unref();
  }
  const used = w.count + w.pending;
  if (used > limit) return { limited: true, limit, retryAfterSeconds: Math.max(1, Math.ceil((w.endsAt - Date.now()) / 1000)) };
  return { limited: false, limit, remaining: limit - used };
}

/** The Spanish 429 message. */
export function rateLimitMessage(limit: number, retryAfterSeconds: number): string {
  return `Demasiadas solicitudes: máximo ${limit} por minuto. Intenta de nuevo en ${retryAfterSeconds} s.`;
}

// ---------------------------------------------------------------- answers

/**
 * Like the directory pages: clients revalidate every time (an entry an admin deactivates disappears
 * at once), shared caches may keep an answer 30 s, and a revalidation with the ETag costs a 304.
 */
const API_CACHE_CONTROL = "public, max-age=0, s-maxage=30, must-revalidate";

const CORS: Record<string, string> = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Expose-Headers": "ETag, Retry-After, X-RateLimit-Limit, X-RateLimit-Remaining",
};

function etagOf(body: string): string {
  return `"${crypto.createHash("sha1").update(body).digest("base64url")}"`;
}

function matchesEtag(request: Request, etag: string): boolean {
  const inm = request.headers.get("if-none-match");
  if (!inm) return false;
  return inm === "*" || inm.split(",").some((t) => t.trim().replace(/^W\//, "") === etag);
}

/**
 * A 200 JSON answer with an ETag (304 when the client has it), public cache headers and CORS;
 * `headers` adds others (Vary for an answer that follows Accept-Language).
 */
export function apiAnswer(
  request: Request,
  body: unknown,
  opts: { type?: string; rate?: RateDecision; headers?: Record<string, string> } = {},
): Response {
  const text = JSON.stringify(body);
  const etag = etagOf(text);
  const headers = new Headers({ ...CORS, "Cache-Control": API_CACHE_CONTROL, ETag: etag, ...opts.headers });
  if (opts.rate && !opts.rate.limited) {
    headers.set("X-RateLimit-Limit", String(opts.rate.limit));
    headers.set("X-RateLimit-Remaining", String(opts.rate.remaining));
  }
  if (matchesEtag(request, etag)) return new Response(null, { status: 304, headers });
  headers.set("Content-Type", `${opts.type ?? "application/json"}; charset=utf-8`);
  return new Response(request.method === "HEAD" ? null : text, { status: 200, headers });
}

/** An error answer: `{ error: { codigo, mensaje, parametro? } }`, never cached. */
export function apiError(status: number, error: ApiError, headers: Record<string, string> = {}): Response {
  return Response.json({ error }, { status, headers: { ...CORS, "Cache-Control": "no-store", ...headers } });
}

/** The answer to a CORS preflight (or any method other than GET/HEAD). */
export function apiOptions(request: Request): Response {
  if (request.method === "OPTIONS") {
    return new Response(null, {
      status: 204,
      headers: {
        ...CORS,
        "Access-Control-Allow-Methods": "GET, HEAD, OPTIONS",
        "Access-Control-Allow-Headers": "If-None-Match, Accept",
        "Access-Control-Max-Age": "86400",
      },
    });
  }
  return apiError(
    405,
    { codigo: "metodo_no_permitido", mensaje: "Esta API es de solo lectura: usa GET." },
    { Allow: "GET, HEAD, OPTIONS" },
  );
}

/**
 * Runs one API request: the rate limit first (429 with Retry-After), then `answer`. A thrown
 * Response passes through; anything unexpected is logged with an id and answered with a generic
 * Spanish message that carries the same id.
 */
export async function publicApi(ip: string, answer: (rate: RateDecision) => Promise<Response>): Promise<Response> {
  const rate = await limitPublicApi(ip);
  if (rate.limited) {
    return apiError(
      429,
      { codigo: "demasiadas_solicitudes", mensaje: rateLimitMessage(rate.limit, rate.retryAfterSeconds) },
      { "Retry-After": String(rate.retryAfterSeconds) },
    );
  }
  try {
    return await answer(rate);
  } catch (error) {
    if (error instanceof Response) return error;
    // The request's own id (X-Request-Id), so the operator finds the log line the client quotes.
    const id = currentRequestId() ?? crypto.randomUUID();
    log.error(`[api] error ${id}`, { err: error });
    return apiError(500, { codigo: "error_interno", mensaje: `Error interno del servidor. Referencia: ${id}.`, solicitud: id });
  }
}
