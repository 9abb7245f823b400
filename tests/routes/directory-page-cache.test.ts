/**
 * The page cache middleware on a real Express server: anonymous public HTML is stored from the second
 * request for a URL on and replayed before the rest of the stack, with every stored header, a CSP that allows the page's inline scripts
 * by hash instead of the one-response nonce, brotli/gzip variants, an ETag and 304s; personal
 * requests and non-public or cookie-setting responses bypass it, invalidation empties it, and entries
 * expire.
 */
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inlineScriptHashes, invalidatePublicPages, pageCacheStats, publicPageCache } from "~/server/http/page-cache.server";

let server: ReturnType<express.Express["listen"]>;
let shortServer: ReturnType<express.Express["listen"]>;
let url = "";
let shortUrl = "";
let renders = 0;
let nonceSeq = 0;

function makeApp(ttlMs: number) {
  const app = express();
  const cache = publicPageCache({ ttlMs });
  app.use(cache.serve);
  app.use(compression());
  app.use((_req, res, next) => {
    res.locals.cspNonce = `nonce${++nonceSeq}abcdefghijklmnop`;
    res.set("Content-Security-Policy", `default-src 'self'; script-src 'self' 'nonce-${res.locals.cspNonce}' https://js.stripe.com`);
    res.set("X-Frame-Options", "SAMEORIGIN");
    next();
  });
  app.use(cache.store);
  app.get("/publica", (_req, res) => {
    renders++;
    res.set("Cache-Control", "public, max-age=60").type("html");
    res.write(
      `<html><script nonce="${res.locals.cspNonce}">window.a = 1;</script><script type="module" src="/assets/x.js" nonce="${res.locals.cspNonce}"></script>`,
    );
    res.end(`<p>render ${renders} ${"relleno ".repeat(300)}</p><script nonce="${res.locals.cspNonce}">window.b = 2;</script></html>`);
  });
  app.get("/privada", (_req, res) => {
    renders++;
    res.set("Cache-Control", "private, no-store").type("html").send(`<p>render ${renders}</p>`);
  });
  app.get("/con-cookie", (_req, res) => {
    renders++;
    res.set("Cache-Control", "public, max-age=60").cookie("x", "1").type("html").send(`<p>render ${renders}</p>`);
  });
  app.get("/falla", (_req, res) => {
    renders++;
    res.status(503).set("Cache-Control", "public, max-age=60").type("html").send(`<p>render ${renders}</p>`);
  });
  return app;
}

function listen(app: express.Express): Promise<{ server: ReturnType<express.Express["listen"]>; url: string }> {
  return new Promise((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve({ server: s, url: `http://127.0.0.1:${(s.address() as AddressInfo).port}` }));
  });
}

beforeAll(async () => {
  // A long TTL for the behaviour tests (no timing involved), and a 50 ms one to see entries expire.
  ({ server, url } = await listen(makeApp(60_000)));
  ({ server: shortServer, url: shortUrl } = await listen(makeApp(50)));
});

afterAll(async () => {
  for (const s of [server, shortServer]) {
    s.closeAllConnections();
    await new Promise<void>((resolve) => s.close(() => resolve()));
  }
});

async function get(path: string, cookie?: string, origin = url) {
  const res = await fetch(origin + path, { headers: cookie ? { cookie } : {} });
  return { status: res.status, body: await res.text(), cache: res.headers.get("x-page-cache"), cc: res.headers.get("cache-control") };
}

const sha256 = (text: string) => `'sha256-${crypto.createHash("sha256").update(text).digest("base64")}'`;

/** A raw request over node:http (fetch would decompress and hide the encoding). */
function raw(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ res: { status: number; headers: Map<string, string> }; bytes: Buffer }>((resolve, reject) => {
    http
      .get(url + path, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const h = new Map(Object.entries(res.headers).map(([k, v]) => [k, String(v)]));
          resolve({ res: { status: res.statusCode ?? 0, headers: h }, bytes: Buffer.concat(chunks) });
        });
      })
      .on("error", reject);
  });
}

describe("public page cache", () => {
  it("stores anonymous public HTML per URL from its second request, and replays it", async () => {
    invalidatePublicPages();
    const start = renders;
    const first = await get("/publica?x=1");
    const second = await get("/publica?x=1");
    const third = await get("/publica?x=1");
    const fourth = await get("/publica?x=1");
    expect([first.cache, second.cache, third.cache, fourth.cache]).toEqual(["MISS", "MISS", "HIT", "HIT"]);
    expect(renders - start).toBe(2);
    expect(third.body).toBe(second.body);
    expect(third.cc).toMatch(/public/);
    expect((await get("/publica?x=2")).cache).toBe("MISS");
  });

  it("keeps only the key of a URL asked for once, and forgets it after the TTL", async () => {
    invalidatePublicPages();
    const before = pageCacheStats().stores;
    for (let i = 0; i < 50; i++) await get(`/publica?unica=${i}`);
    expect(pageCacheStats().stores).toBe(before);
    expect(pageCacheStats().entries).toBe(0);
    // On the 50 ms server a second request after the TTL counts as a first one again.
    await get("/publica?lenta=1", undefined, shortUrl);
    await new Promise((r) => setTimeout(r, 120));
    await get("/publica?lenta=1", undefined, shortUrl);
    expect(pageCacheStats().stores).toBe(before);
  });

  it("replays the stored headers, with the inline scripts allowed by hash instead of the spent nonce", async () => {
    invalidatePublicPages();
    await (await fetch(`${url}/publica?csp=1`)).text();
    const miss = await fetch(`${url}/publica?csp=1`);
    const missNonce = /'nonce-([^']+)'/.exec(miss.headers.get("content-security-policy") ?? "")?.[1];
    expect(missNonce).toBeTruthy();
    await miss.text();
    const hit = await fetch(`${url}/publica?csp=1`);
    expect(hit.headers.get("x-page-cache")).toBe("HIT");
    expect(hit.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    const csp = hit.headers.get("content-security-policy")!;
    expect(csp).not.toMatch(/nonce-/);
    expect(csp).toBe(`default-src 'self'; script-src 'self' ${sha256("window.a = 1;")} ${sha256("window.b = 2;")} https://js.stripe.com`);
    expect(hit.headers.get("vary")).toMatch(/Accept-Encoding/);
    expect(await hit.text()).toContain("render");
  });

  it("hashes only inline scripts, once each", () => {
    const html = `<script>a()</script><script src="/x.js"></script><script type="application/ld+json">{"a":1}</script><script nonce="n">a()</script>`;
    expect(inlineScriptHashes(html)).toEqual([sha256("a()"), sha256('{"a":1}')]);
  });

  it("serves brotli, gzip or plain as accepted, with an ETag that answers 304", async () => {
    invalidatePublicPages();
    await raw("/publica?enc=1", { "accept-encoding": "identity" });
    const plain = await raw("/publica?enc=1", { "accept-encoding": "identity" });
    const html = plain.bytes.toString("utf8");
    const br = await raw("/publica?enc=1", { "accept-encoding": "gzip, deflate, br" });
    expect(br.res.headers.get("content-encoding")).toBe("br");
    expect(zlib.brotliDecompressSync(br.bytes).toString("utf8")).toBe(html);
    const gz = await raw("/publica?enc=1", { "accept-encoding": "gzip;q=1, br;q=0" });
    expect(gz.res.headers.get("content-encoding")).toBe("gzip");
    expect(zlib.gunzipSync(gz.bytes).toString("utf8")).toBe(html);
    const none = await raw("/publica?enc=1", { "accept-encoding": "identity" });
    expect(none.res.headers.get("content-encoding")).toBeUndefined();
    expect(none.bytes.toString("utf8")).toBe(html);
    expect(Number(none.res.headers.get("content-length"))).toBe(none.bytes.length);
    const etag = none.res.headers.get("etag")!;
    expect(etag).toMatch(/^"/);
    const again = await raw("/publica?enc=1", { "if-none-match": etag });
    expect(again.res.status).toBe(304);
    expect(again.bytes.length).toBe(0);
  });

  it("bypasses signed-in and flash-toast requests, private pages, cookie-setting and failed responses", async () => {
    invalidatePublicPages();
    const start = renders;
    await get("/publica", "better-auth.session_token=abc");
    await get("/publica", "better-auth.session_token=abc");
    await get("/publica", "pv_toast=abc");
    expect(renders - start).toBe(3);
    for (const path of ["/privada", "/con-cookie", "/falla"]) {
      for (let i = 0; i < 3; i++) await get(path);
    }
    expect(renders - start).toBe(12);
    // An unrelated cookie does not make a request personal.
    await get("/publica", "tema=oscuro");
    await get("/publica", "tema=oscuro");
    expect((await get("/publica", "tema=oscuro")).cache).toBe("HIT");
  });

  it("empties on invalidation and expires after the TTL", async () => {
    invalidatePublicPages();
    await get("/publica");
    await get("/publica");
    expect((await get("/publica")).cache).toBe("HIT");
    invalidatePublicPages();
    expect((await get("/publica")).cache).toBe("MISS");
    expect((await get("/publica")).cache).toBe("MISS");
    expect((await get("/publica")).cache).toBe("HIT");
    // The 50 ms server: once stored, a request at least 50 ms later is a miss.
    invalidatePublicPages();
    await get("/publica?corta=1", undefined, shortUrl);
    await get("/publica?corta=1", undefined, shortUrl);
    await new Promise((r) => setTimeout(r, 120));
    expect((await get("/publica?corta=1", undefined, shortUrl)).cache).toBe("MISS");
  });
});
