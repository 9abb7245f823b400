/**
 * D18 page cache middleware on a real Express server: anonymous public HTML is stored and replayed,
 * personal requests and non-public or cookie-setting responses bypass it, the CSP nonce is swapped,
 * invalidation empties it, and entries expire.
 */
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invalidatePublicPages, publicPageCache } from "~/server/page-cache.server";

let server: ReturnType<express.Express["listen"]>;
let shortServer: ReturnType<express.Express["listen"]>;
let url = "";
let shortUrl = "";
let renders = 0;
let nonceSeq = 0;

function makeApp(ttlMs: number) {
  const app = express();
  app.use((_req, res, next) => {
    res.locals.cspNonce = `nonce${++nonceSeq}abcdefghijklmnop`;
    next();
  });
  app.use(publicPageCache({ ttlMs }));
  app.get("/publica", (_req, res) => {
    renders++;
    res.set("Cache-Control", "public, max-age=60").type("html");
    res.write(`<html><script nonce="${res.locals.cspNonce}">1</script>`);
    res.end(`<p>render ${renders}</p></html>`);
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

describe("public page cache", () => {
  it("stores anonymous public HTML per URL and replays it with this request's nonce", async () => {
    invalidatePublicPages();
    const start = renders;
    const a = await get("/publica?x=1");
    const b = await get("/publica?x=1");
    expect(a.cache).toBe("MISS");
    expect(b.cache).toBe("HIT");
    expect(renders - start).toBe(1);
    expect(b.body.replace(/nonce\d+/, "")).toBe(a.body.replace(/nonce\d+/, ""));
    expect(b.body).not.toBe(a.body); // different nonce
    expect(b.cc).toMatch(/public/);
    expect((await get("/publica?x=2")).cache).toBe("MISS");
  });

  it("bypasses signed-in and flash-toast requests, private pages, cookie-setting and failed responses", async () => {
    invalidatePublicPages();
    const start = renders;
    await get("/publica", "better-auth.session_token=abc");
    await get("/publica", "better-auth.session_token=abc");
    await get("/publica", "pv_toast=abc");
    expect(renders - start).toBe(3);
    for (const path of ["/privada", "/con-cookie", "/falla"]) {
      await get(path);
      await get(path);
    }
    expect(renders - start).toBe(9);
    // An unrelated cookie does not make a request personal.
    await get("/publica", "tema=oscuro");
    expect((await get("/publica", "tema=oscuro")).cache).toBe("HIT");
  });

  it("empties on invalidation and expires after the TTL", async () => {
    invalidatePublicPages();
    await get("/publica");
    expect((await get("/publica")).cache).toBe("HIT");
    invalidatePublicPages();
    expect((await get("/publica")).cache).toBe("MISS");
    expect((await get("/publica")).cache).toBe("HIT");
    // The 50 ms server: once stored, a request at least 50 ms later is a miss.
    invalidatePublicPages();
    await get("/publica?corta=1", undefined, shortUrl);
    await new Promise((r) => setTimeout(r, 120));
    expect((await get("/publica?corta=1", undefined, shortUrl)).cache).toBe("MISS");
  });
});
