/**
 * D18: anonymous public HTML is the same for every visitor, so the server keeps a small in-process
 * copy of it. Only GET requests without a session or flash cookie are served from it, and only 200
 * text/html responses whose Cache-Control is public (and that set no cookie) are stored.
 *
 * D19: nothing here is needed by another instance. Entries live at most PAGE_CACHE_TTL_MS (30 s by
 * default), and every write that changes a public page calls `invalidatePublicPages()`, which empties
 * this process's copy at once; other processes catch up within the TTL (docs/decisions/020).
 *
 * The state lives in a process singleton because server.ts and the React Router build each load their
 * own copy of this module: a write inside the build must clear the cache that server.ts serves from.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { isPersonalRequest } from "~/lib/cache-headers";
import { singleton } from "./singleton.server";

type Listener = () => void;

type Entry = {
  body: Buffer;
  headers: Record<string, string>;
  nonce: string | null;
  storedAt: number;
};

type State = {
  entries: Map<string, Entry>;
  bytes: number;
  generation: number;
  listeners: Listener[];
  stats: { hits: number; misses: number; stores: number; invalidations: number };
};

const state = () =>
  singleton<State>("page-cache", () => ({
    entries: new Map(),
    bytes: 0,
    generation: 0,
    listeners: [],
    stats: { hits: 0, misses: 0, stores: 0, invalidations: 0 },
  }));

export type PageCacheOptions = { ttlMs?: number; maxEntries?: number; maxBytes?: number; maxEntryBytes?: number };

const DEFAULTS: Required<PageCacheOptions> = {
  ttlMs: Number(process.env.PAGE_CACHE_TTL_MS ?? 30_000),
  maxEntries: 2_000,
  maxBytes: 64 * 1024 * 1024,
  maxEntryBytes: 1024 * 1024,
};

export function onInvalidate(listener: Listener): void {
  state().listeners.push(listener);
}

/** Empties the public page cache (call after every write that changes what a public page shows). */
export function invalidatePublicPages(): void {
  const s = state();
  s.generation++;
  s.entries.clear();
  s.bytes = 0;
  s.stats.invalidations++;
  for (const l of s.listeners) l();
}

export function pageCacheStats() {
  const s = state();
  return { ...s.stats, entries: s.entries.size, bytes: s.bytes };
}

// Headers of the stored response that are replayed on a hit; the rest (security headers with this
// request's CSP nonce, dates) comes from the middleware stack of the request being answered.
const REPLAYED = ["content-type", "cache-control", "vary", "content-language", "link"];

function evict(s: State, maxEntries: number, maxBytes: number) {
  while (s.entries.size > maxEntries || s.bytes > maxBytes) {
    const oldest = s.entries.keys().next();
    if (oldest.done) break;
    const e = s.entries.get(oldest.value)!;
    s.bytes -= e.body.length;
    s.entries.delete(oldest.value);
  }
}

function anonymous(req: IncomingMessage): boolean {
  const cookie = req.headers.cookie;
  if (!cookie) return true;
  return !isPersonalRequest(new Request("http://local/", { headers: { cookie } }));
}

type Res = ServerResponse & { locals?: { cspNonce?: string } };
type Next = (err?: unknown) => void;

/**
 * Express middleware: answers anonymous GETs from the cache, and stores cacheable HTML on the way out.
 * Mount it after compression and helmet (hits are compressed like any response and carry this
 * request's security headers; the stored page's CSP nonce is swapped for this request's).
 */
export function publicPageCache(options: PageCacheOptions = {}) {
  const opts = { ...DEFAULTS, ...options };
  return (req: IncomingMessage & { originalUrl?: string }, res: Res, next: Next) => {
    if (req.method !== "GET" || opts.ttlMs <= 0) return next();
    const key = req.originalUrl ?? req.url ?? "/";
    // Single-fetch data requests (*.data) and assets are not pages.
    if (key.length > 2048 || /\.data(?:\?|$)/.test(key) || !anonymous(req)) return next();
    const s = state();
    const nonce = res.locals?.cspNonce ?? null;

    const hit = s.entries.get(key);
    if (hit && Date.now() - hit.storedAt < opts.ttlMs) {
      s.stats.hits++;
      // Refresh its place in the LRU order.
      s.entries.delete(key);
      s.entries.set(key, hit);
      let body = hit.body;
      if (hit.nonce && nonce && hit.nonce !== nonce) body = Buffer.from(body.toString("utf8").split(hit.nonce).join(nonce), "utf8");
      res.statusCode = 200;
      for (const [k, v] of Object.entries(hit.headers)) res.setHeader(k, v);
      res.setHeader("X-Page-Cache", "HIT");
      res.setHeader("Age", String(Math.floor((Date.now() - hit.storedAt) / 1000)));
      res.end(body);
      return;
    }
    if (hit) {
      s.entries.delete(key);
      s.bytes -= hit.body.length;
    }
    s.stats.misses++;
    res.setHeader("X-Page-Cache", "MISS");

    const generation = s.generation;
    const chunks: Buffer[] = [];
    let size = 0;
    let tooBig = false;
    const collect = (chunk: unknown, encoding?: unknown) => {
      if (tooBig || chunk == null || typeof chunk === "function") return;
      const buf = Buffer.isBuffer(chunk)
        ? chunk
        : chunk instanceof Uint8Array
          ? Buffer.from(chunk)
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
        store();
      } catch (error) {
        console.error("[page-cache] no se pudo guardar la página:", (error as Error).message);
      }
      return (end as (...a: unknown[]) => Res).apply(this, args);
    } as typeof res.end;

    function store() {
      if (tooBig || res.statusCode !== 200 || s.generation !== generation) return;
      const type = String(res.getHeader("content-type") ?? "");
      const cacheControl = String(res.getHeader("cache-control") ?? "");
      if (!type.startsWith("text/html") || !/\bpublic\b/.test(cacheControl) || res.getHeader("set-cookie")) return;
      const body = Buffer.concat(chunks);
      if (!body.length) return;
      const headers: Record<string, string> = {};
      for (const h of REPLAYED) {
        const v = res.getHeader(h);
        if (v != null) headers[h] = Array.isArray(v) ? v.join(", ") : String(v);
      }
      s.entries.set(key, { body, headers, nonce, storedAt: Date.now() });
      s.bytes += body.length;
      s.stats.stores++;
      evict(s, opts.maxEntries, opts.maxBytes);
    }
    next();
  };
}
