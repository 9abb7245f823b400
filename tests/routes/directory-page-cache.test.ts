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
let url = "";
let renders = 0;
let nonceSeq = 0;

beforeAll(async () => {
  const app = express();
  app.use((_req, res, next) => {
    res.locals.cspNonce = `nonce${++nonceSeq}abcdefghijklmnop`;
    next();
  });
  app.use(publicPageCache({ ttlMs: 300 }));
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
  await new Promise<void>((resolve) => {
    server = app.listen(0, "127.0.0.1", () => resolve());
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function get(path: string, cookie?: string) {
  const res = await fetch(url + path, { headers: cookie ? { cookie } : {} });
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
    await new Promise((r) => setTimeout(r, 350));
    expect((await get("/publica")).cache).toBe("MISS");
  });
});
