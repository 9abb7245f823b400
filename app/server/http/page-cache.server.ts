/**
 * Anonymous public HTML is the same for every visitor, so the server keeps a small in-process copy
 * of it. Only GET/HEAD requests without a session or flash cookie are served from it, and only 200
 * text/html responses (and the pages' text/markdown twins) whose Cache-Control is public (and that
 * set no cookie) are stored. Keys are URLs: a twin lives under its own `.md` URL (server.ts rewrites
 * `Accept: text/markdown` requests to it first), so one kind is never served for the other.
 *
 * Two middlewares (decision 024):
 * - `store`, mounted after helmet and compression, right before React Router, keeps the rendered
 *   page and every response header, from the second request for a URL within the TTL on: a URL asked
 *   for once (a crawler's tracking parameters, a one-off query string) only leaves its key behind, so
 *   one-hit wonders neither evict popular pages nor cost a copy of their body. The page's CSP nonce was made for one response, so the stored
 *   policy allows the page's inline scripts by their SHA-256 hashes instead of by the nonce.
 * - `serve`, mounted first, answers a hit before any other middleware runs: the stored headers, the
 *   body compressed once per entry (brotli or gzip, as the request accepts), an ETag and 304s.
 *
 * A hit runs no loader, so what a page's loader does for each visitor beyond rendering (counting the
 * entries a person saw, decision 098) is left with the stored copy by `onCacheHit` and done again on
 * every hit, 304s included: a revalidated page is a page shown again.
 *
 * Nothing here is needed by another instance. Entries live at most PAGE_CACHE_TTL_MS (30 s by
 * default), and every write that changes a public page calls `invalidatePublicPages()`, which empties
 * this process's copy at once and tells the listeners: on PostgreSQL, notify.server.ts passes it to
 * every other process, on this machine or another (decision 068); the TTL bounds what a lost message
 * could leave behind.
 *
 * The state lives in a process singleton because server.ts and the React Router build each load their
 * own copy of this module: a write inside the build must clear the cache that server.ts serves from.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import crypto from "node:crypto";
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import zlib from "node:zlib";
import { isPersonalCookie } from "~/lib/cache-headers";
import { getEnv } from "../platform/env.server";
import { log } from "../platform/logger.server";
import { pageCacheRequests } from "../platform/metrics.server";
import { singleton } from "../platform/singleton.server";

type Listener = () => void;

/** What a cached page does again on each hit, given the hit's request (method and headers). */
export type CacheHitReplay = (req: { method?: string; headers: IncomingHttpHeaders }) => void;

type Entry = {
  identity: Buffer;
  gzip?: Buffer;
  br?: Buffer;
  headers: Record<string, string>;
  etag: string;
  storedAt: number;
  replays: CacheHitReplay[];
};

type State = {
  entries: Map<string, Entry>;
  /** URLs requested once (key -> time), waiting for a second request to be stored. */
  seen: Map<string, number>;
  bytes: number;
  generation: number;
  listeners: Listener[];
  stats: { hits: number; misses: number; stores: number; invalidations: number };
};

const state = () =>
  singleton<State>("page-cache", () => ({
    entries: new Map(),
    seen: new Map(),
    bytes: 0,
    generation: 0,
    listeners: [],
    stats: { hits: 0, misses: 0, stores: 0, invalidations: 0 },
  }));

export type PageCacheOptions = { ttlMs?: number; maxEntries?: number; maxBytes?: number; maxEntryBytes?: number };

const DEFAULTS: Omit<Required<PageCacheOptions>, "ttlMs"> = {
  maxEntries: 2_000,
  maxBytes: 64 * 1024 * 1024,
  maxEntryBytes: 1024 * 1024,
};

/** The replays the page being rendered leaves for its cached copy (only while a copy may be stored). */
const rendering = () => singleton("page-cache-replays", () => new AsyncLocalStorage<CacheHitReplay[]>());

/**
 * Called while a page renders: `replay` runs on every later answer of this page from the cache,
 * where the page's loader does not run. Does nothing when this answer will not be stored.
 */
export function onCacheHit(replay: CacheHitReplay): void {
  rendering().getStore()?.push(replay);
}

function replay(hit: Entry, req: IncomingMessage): void {
  for (const r of hit.replays) {
    try {
      r(req);
    } catch (error) {
      log.error("[page-cache] falló una tarea de la página en caché", { err: error });
    }
  }
}

export function onInvalidate(listener: Listener): void {
  state().listeners.push(listener);
}

/** Empties this process's copy without telling the listeners (another process's invalidation). */
export function clearPublicPages(): void {
  const s = state();
  s.generation++;
  s.entries.clear();
  s.seen.clear();
  s.bytes = 0;
  s.stats.invalidations++;
}

/** Empties the public page cache (call after every write that changes what a public page shows). */
export function invalidatePublicPages(): void {
  clearPublicPages();
  for (const l of state().listeners) l();
}

/**
 * Bumped by every invalidation, here or from another process: a cache of public answers
 * that stores it beside each entry knows an entry is stale when the numbers differ.
 */
export function publicCacheGeneration(): number {
  return state().generation;
}

export function pageCacheStats() {
  const s = state();
  return { ...s.stats, entries: s.entries.size, bytes: s.bytes };
}

// Per-response headers that are not replayed: the transport's own, the cache's, and the request id
// (each answer has its own).
const NOT_REPLAYED = new Set([
  "x-request-id",
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "date",
  "etag",
  "age",
  "set-cookie",
  "x-page-cache",
]);

const HIT = { outcome: "hit" } as const;
const MISS = { outcome: "miss" } as const;

const STORED_TYPES = /^text\/(?:html|markdown)\b/i;

function evict(s: State, maxEntries: number, maxBytes: number) {
  while (s.entries.size > maxEntries || s.bytes > maxBytes) {
    const oldest = s.entries.keys().next();
    if (oldest.done) break;
    const e = s.entries.get(oldest.value)!;
    s.bytes -= e.identity.length;
    s.entries.delete(oldest.value);
  }
}

function cacheKey(req: IncomingMessage & { originalUrl?: string }): string | null {
  if (req.method !== "GET" && req.method !== "HEAD") return null;
  const key = req.originalUrl ?? req.url ?? "/";
  // Single-fetch data requests (*.data) are not pages.
  if (key.length > 2048 || /\.data(?:\?|$)/.test(key)) return null;
  if (req.headers.cookie && isPersonalCookie(req.headers.cookie)) return null;
  return key;
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/** The CSP source list that allows exactly the inline scripts of `html`: one SHA-256 hash each. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const m of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(m[1]!)) continue;
    hashes.add(`'sha256-${crypto.createHash("sha256").update(m[2]!, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

/** Chooses the stored variant for this request's Accept-Encoding (brotli, then gzip, then none). */
function pickEncoding(acceptEncoding: string | undefined): "br" | "gzip" | null {
  if (!acceptEncoding) return null;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(",")) {
    const [name, ...params] = part.trim().split(";");
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    if (name) accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get("*") ?? 0) > 0;
  if (ok("br")) return "br";
  if (ok("gzip")) return "gzip";
  return null;
}

function variant(entry: Entry, encoding: "br" | "gzip"): Buffer {
  if (encoding === "br") {
    entry.br ??= zlib.brotliCompressSync(entry.identity, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: entry.identity.length },
    });
    return entry.br;
  }
  entry.gzip ??= zlib.gzipSync(entry.identity, { level: 6 });
  return entry.gzip;
}

type Res = ServerResponse & { locals?: { cspNonce?: string } };
type Next = (err?: unknown) => void;
type Req = IncomingMessage & { originalUrl?: string };

export function publicPageCache(options: PageCacheOptions = {}) {
  const opts: Required<PageCacheOptions> = { ...DEFAULTS, ttlMs: getEnv().PAGE_CACHE_TTL_MS, ...options };

  /** Mount first: answers a fresh hit with no other middleware in the way. */
  function serve(req: Req, res: Res, next: Next) {
    if (opts.ttlMs <= 0) return next();
    const key = cacheKey(req);
    if (key === null) return next();
    const s = state();
    const hit = s.entries.get(key);
    if (!hit) return next();
    const age = Date.now() - hit.storedAt;
    if (age >= opts.ttlMs) {
      s.entries.delete(key);
      s.bytes -= hit.identity.length;
      return next();
    }
    s.stats.hits++;
    pageCacheRequests.inc(HIT);
    // Refresh its place in the LRU order.
    s.entries.delete(key);
    s.entries.set(key, hit);

    for (const [k, v] of Object.entries(hit.headers)) res.setHeader(k, v);
    res.setHeader("ETag", hit.etag);
    res.setHeader("Age", String(Math.floor(age / 1000)));
    res.setHeader("X-Page-Cache", "HIT");
    replay(hit, req);
    const inm = req.headers["if-none-match"];
    if (inm?.split(",").some((t) => t.trim().replace(/^W\//, "") === hit.etag)) {
      res.statusCode = 304;
      res.end();
      return;
    }
    const encoding = pickEncoding(req.headers["accept-encoding"]);
    const body = encoding ? variant(hit, encoding) : hit.identity;
    if (encoding) res.setHeader("Content-Encoding", encoding);
    res.setHeader("Content-Length", body.length);
    res.statusCode = 200;
    res.end(req.method === "HEAD" ? undefined : body);
  }

  /** Mount after helmet and compression, right before the pages: keeps what they render. */
  function store(req: Req, res: Res, next: Next) {
    if (opts.ttlMs <= 0 || req.method !== "GET") return next();
    const key = cacheKey(req);
    if (key === null) return next();
    const s = state();
    s.stats.misses++;
    pageCacheRequests.inc(MISS);
    res.setHeader("X-Page-Cache", "MISS");
    // Admission: the first request for a URL only records it; the next one within the TTL stores it.
    const now = Date.now();
    const firstSeen = s.seen.get(key);
    if (firstSeen === undefined || now - firstSeen >= opts.ttlMs) {
      s.seen.delete(key);
      s.seen.set(key, now);
      while (s.seen.size > opts.maxEntries * 5) s.seen.delete(s.seen.keys().next().value!);
      return next();
    }
    s.seen.delete(key);

    const nonce = res.locals?.cspNonce ?? null;
    const generation = s.generation;
    const replays: CacheHitReplay[] = [];
    const chunks: Buffer[] = [];
    let size = 0;
    let tooBig = false;
    const collect = (chunk: unknown, encoding?: unknown) => {
      if (tooBig || chunk == null || typeof chunk === "function") return;
      const buf = Buffer.isBuffer(chunk)
        ? chunk
        : chunk instanceof Uint8Array
          ? Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
          : Buffer.from(String(chunk), typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
      size += buf.length;
      if (size > opts.maxEntryBytes) {
        tooBig = true;
        chunks.length = 0;
        return;
      }
      chunks.push(buf);
    };

    const write = res.write;
    const end = res.end;
    res.write = function (this: Res, ...args: unknown[]) {
      collect(args[0], args[1]);
      return (write as (...a: unknown[]) => boolean).apply(this, args);
    } as typeof res.write;
    res.end = function (this: Res, ...args: unknown[]) {
      collect(args[0], args[1]);
      try {
        keep();
      } catch (error) {
        log.error("[page-cache] no se pudo guardar la página", { err: error });
      }
      return (end as (...a: unknown[]) => Res).apply(this, args);
    } as typeof res.end;

    function keep() {
      if (tooBig || res.statusCode !== 200 || s.generation !== generation) return;
      const type = String(res.getHeader("content-type") ?? "");
      const cacheControl = String(res.getHeader("cache-control") ?? "");
      if (!STORED_TYPES.test(type) || !/\bpublic\b/.test(cacheControl) || res.getHeader("set-cookie")) return;
      const identity = Buffer.concat(chunks);
      if (!identity.length) return;
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(res.getHeaders())) {
        if (value == null || NOT_REPLAYED.has(name)) continue;
        headers[name] = Array.isArray(value) ? value.join(", ") : String(value);
      }
      const vary = new Set(
        (headers.vary ?? "")
          .split(",")
          .map((v) => v.trim())
          .filter(Boolean),
      );
      vary.add("Accept-Encoding");
      headers.vary = [...vary].join(", ");
      const csp = headers["content-security-policy"];
      if (csp && nonce && csp.includes(`'nonce-${nonce}'`)) {
        const hashes = inlineScriptHashes(identity.toString("utf8"));
        headers["content-security-policy"] = csp.split(`'nonce-${nonce}'`).join(hashes.join(" ")).replace(/ {2,}/g, " ");
      }
      const etag = `"${crypto.createHash("sha1").update(identity).digest("base64url")}"`;
      const previous = s.entries.get(key!);
      if (previous) s.bytes -= previous.identity.length;
      s.entries.set(key!, { identity, headers, etag, storedAt: Date.now(), replays });
      s.bytes += identity.length;
      s.stats.stores++;
      evict(s, opts.maxEntries, opts.maxBytes);
    }
    // The page renders inside this context, so that its loaders can leave their replays here.
    rendering().run(replays, next);
  }

  return { serve, store };
}
