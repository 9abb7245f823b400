/**
 * Taps and AI visits counted end to end on both databases: the /ir/ redirect counts a person's tap
 * once per visitor and hour and sends it to the target computed from the stored listing (never one
 * the request names); a call link's ping counts the same way; a crawler never counts as a tap or a referral;
 * and a known sequence of page, Markdown and API visits by crawlers and assistants' visitors, through
 * the Express middleware, gives exactly these daily totals (only 200 answers of current slugs).
 */
import type http from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { panamaToday } from "~/catalog/holidays";
import { queryRows } from "~/server/platform/db.server";
import { flushVisibility } from "~/server/visibility/counter.server";
import { countVisits } from "~/server/visibility/visits.server";
import * as tap from "~/routes/directory/tap";
import * as tapPing from "~/routes/api/tap-ping";
import { makeBusiness, makeRestaurant, unique } from "../setup/factories";
import { call, ORIGIN } from "../setup/route";

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";
const OAI_SEARCHBOT =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36; compatible; OAI-SearchBot/1.3; +https://openai.com/searchbot";
const CHATGPT_USER = "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot";
const GPTBOT = "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.3; +https://openai.com/gptbot";
const PERPLEXITYBOT =
  "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

let fonda: { id: string; slug: string };
let taller: { id: string; slug: string };
let hidden: { id: string };
let server: http.Server;
let base = "";

beforeAll(async () => {
  fonda = await makeRestaurant({
    slug: unique("fonda-toques"),
    nombre: "Fonda Toques",
    direccion: "Calle 5, David",
    telefono: "6000-1111",
    website_url: "https://fonda-toques.example.pa/",
    latitud: 8.43,
    longitud: -82.43,
  });
  taller = await makeBusiness({ slug: unique("taller-toques"), telefono: "6000-2222", whatsapp: "+507 6000-3333", website: null });
  hidden = await makeRestaurant({ telefono: "6000-4444", is_active: false });

  // The middleware in front of stand-in pages: the current slugs answer 200, an old one 301, others 404.
  const app = express();
  app.use(countVisits);
  const current = new Set([fonda.slug, taller.slug]);
  const answer = (slug: string, res: express.Response) => {
    // A current entry may still answer an error (a bad parameter): only its 200s are visits.
    if (current.has(slug) && res.req.query.idioma === "xx") res.status(400).send("idioma");
    else if (current.has(slug)) res.status(200).send("ok");
    else if (slug === "fonda-antigua") res.redirect(301, `/restaurante/${fonda.slug}`);
    else res.status(404).send("no");
  };
  app.get("/restaurante/:slug", (req, res) => answer(req.params.slug.replace(/\.md$/, ""), res));
  app.get("/negocio/:slug", (req, res) => answer(req.params.slug.replace(/\.md$/, ""), res));
  app.get("/api/v1/:tipo/:slug", (req, res) => answer(req.params.slug, res));
  server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((r) => server.close(() => r())));

const today = () => panamaToday();

async function actions(id: string) {
  await flushVisibility();
  return queryRows<{ action: string; count: number }>(
    sql`select action, count from visibility_actions where listing_id = ${id}::uuid and day = ${today()}::date order by action`,
  );
}

async function visits(id: string) {
  await flushVisibility();
  return queryRows<{ visit: string; source: string; surface: string; count: number }>(
    sql`select visit, source, surface, count from visibility_visits where listing_id = ${id}::uuid and day = ${today()}::date
      order by visit, source, surface`,
  );
}

/** GET /ir/{accion}/{tipo}/{id}{query} through the route's loader, from `ip` with `ua`. */
function redirectOf(path: string, ua: string | null, ip = "198.51.100.1") {
  const [accion, tipo, id] = path.split("?")[0]!.split("/").slice(2);
  const request = new Request(ORIGIN + path, { headers: ua ? { "User-Agent": ua } : {} });
  return call(tap.loader, request, { params: { accion: accion!, tipo: tipo!, id: id! }, ip });
}

describe("the counted redirect", () => {
  it("counts a person's tap once per visitor and hour and sends it to the stored target", async () => {
    const w = `/ir/whatsapp/restaurante/${fonda.id}`;
    const first = await redirectOf(w, CHROME);
    expect(first.status).toBe(302);
    expect(first.location).toMatch(/^https:\/\/wa\.me\/50760001111\?text=/);
    expect(first.headers.get("Cache-Control")).toBe("no-store");
    expect(first.headers.get("X-Robots-Tag")).toMatch(/noindex/);
    expect((await redirectOf(w, CHROME)).status).toBe(302); // the same visitor again: not counted
    await redirectOf(w, IPHONE); // another browser at the same address: another visitor
    await redirectOf(w, CHROME, "198.51.100.2");
    expect((await redirectOf(`/ir/llamada/restaurante/${fonda.id}`, CHROME)).location).toBe("tel:+50760001111");
    expect((await redirectOf(`/ir/direcciones/restaurante/${fonda.id}`, CHROME)).location).toBe(
      "https://www.google.com/maps/dir/?api=1&destination=8.430000,-82.430000",
    );
    expect((await redirectOf(`/ir/sitio_web/restaurante/${fonda.id}`, CHROME)).location).toBe("https://fonda-toques.example.pa/");
    expect(await actions(fonda.id)).toEqual([
      { action: "direcciones", count: 1 },
      { action: "llamada", count: 1 },
      { action: "sitio_web", count: 1 },
      { action: "whatsapp", count: 3 },
    ]);
  });

  it("ignores any target the request names: the Location is always the stored one", async () => {
    for (const query of ["?to=https://evil.example", "?url=https%3A%2F%2Fevil.example&redirect=//evil.example"]) {
      const res = await redirectOf(`/ir/sitio_web/restaurante/${fonda.id}${query}`, CHROME, "198.51.100.3");
      expect(res.location).toBe("https://fonda-toques.example.pa/");
    }
  });

  it("a business's own WhatsApp number is the target when it has one", async () => {
    const res = await redirectOf(`/ir/whatsapp/negocio/${taller.id}`, CHROME);
    expect(res.location).toMatch(/^https:\/\/wa\.me\/50760003333\?/);
  });

  it("is a 404 for an unknown action, kind or listing, an inactive one, or one without that contact", async () => {
    for (const path of [
      `/ir/fax/restaurante/${fonda.id}`,
      `/ir/whatsapp/hotel/${fonda.id}`,
      `/ir/whatsapp/negocio/${fonda.id}`,
      "/ir/whatsapp/restaurante/00000000-0000-4000-8000-000000000000",
      "/ir/whatsapp/restaurante/no-es-un-id",
      `/ir/whatsapp/restaurante/${hidden.id}`,
      `/ir/sitio_web/negocio/${taller.id}`,
    ]) {
      const res = await redirectOf(path, CHROME);
      expect(res.status, path).toBe(404);
      expect(res.data.title).toBe("Enlace no disponible");
      expect(res.headers.get("X-Robots-Tag")).toMatch(/noindex/);
    }
  });

  it("a crawler following the links redirects like anyone but counts nothing", async () => {
    const before = await actions(taller.id);
    for (const ua of [GOOGLEBOT, GPTBOT, CHATGPT_USER, "curl/8.5.0", null]) {
      const res = await redirectOf(`/ir/llamada/negocio/${taller.id}`, ua, "198.51.100.9");
      expect(res.status).toBe(302);
    }
    expect(await actions(taller.id)).toEqual(before);
  });
});

describe("the call link's ping", () => {
  /** POST /api/ir/{accion}/{tipo}/{id} as a browser's hyperlink-auditing ping, from `ip` with `ua`. */
  const ping = (path: string, ua: string, ip = "198.51.100.20") => {
    const [accion, tipo, id] = path.split("/").slice(3);
    const request = new Request(ORIGIN + path, {
      method: "POST",
      headers: { "User-Agent": ua, "Content-Type": "text/ping", "Ping-To": "tel:+50760002222", Origin: ORIGIN },
      body: "PING",
    });
    return call(tapPing.action, request, { params: { accion: accion!, tipo: tipo!, id: id! }, ip });
  };

  it("counts once per visitor and hour, never a bot's, and 404s what is unknown", async () => {
    const path = `/api/ir/llamada/negocio/${taller.id}`;
    const first = await ping(path, CHROME);
    expect(first.status).toBe(204);
    expect(first.headers.get("Cache-Control")).toBe("no-store");
    expect((await ping(path, CHROME)).status).toBe(204); // the beacon after the ping: the same tap
    await ping(path, IPHONE);
    await ping(path, GOOGLEBOT);
    await ping(path, CHATGPT_USER);
    expect((await ping(`/api/ir/llamada/negocio/${hidden.id}`, CHROME)).status).toBe(404);
    expect((await ping("/api/ir/llamada/negocio/x", CHROME)).status).toBe(404);
    expect((await call(tapPing.loader, new Request(ORIGIN + path))).status).toBe(405);
    // Two pings, and the WhatsApp tap of the test before.
    expect(await actions(taller.id)).toEqual([
      { action: "llamada", count: 2 },
      { action: "whatsapp", count: 1 },
    ]);
  });
});

describe("AI referrals and crawler visits", () => {
  const get = (path: string, headers: Record<string, string>) => fetch(base + path, { headers, redirect: "manual" });

  it("a known sequence gives exactly these totals per source and surface", async () => {
    const tapsBefore = { fonda: await actions(fonda.id), taller: await actions(taller.id) };
    const page = `/restaurante/${fonda.slug}`;
    await get(page, { "User-Agent": OAI_SEARCHBOT });
    await get(page, { "User-Agent": OAI_SEARCHBOT });
    await get(`${page}.md`, { "User-Agent": CHATGPT_USER });
    await get(`/api/v1/restaurantes/${fonda.slug}`, { "User-Agent": PERPLEXITYBOT });
    // A crawler with an assistant's tag is a crawler only.
    await get(`${page}?utm_source=chatgpt.com`, { "User-Agent": GPTBOT });
    // People from assistants: by tag, by Referer; the same person twice is two visits.
    await get(`${page}?utm_source=chatgpt.com`, { "User-Agent": CHROME });
    await get(`${page}?utm_source=chatgpt.com`, { "User-Agent": CHROME });
    await get(page, { "User-Agent": IPHONE, Referer: "https://www.perplexity.ai/search?q=fonda" });
    await get(`${page}.md?utm_source=claude.ai`, { "User-Agent": CHROME });
    // Not counted: a person from elsewhere, a bot outside the table with a tag, an old slug's 301, a 404.
    await get(page, { "User-Agent": CHROME, Referer: "https://www.google.com/" });
    await get(`${page}?utm_source=chatgpt.com`, { "User-Agent": "curl/8.5.0" });
    await get("/restaurante/fonda-antigua", { "User-Agent": OAI_SEARCHBOT });
    await get("/restaurante/no-existe", { "User-Agent": OAI_SEARCHBOT });
    await get(`/api/v1/restaurantes/${fonda.slug}?idioma=xx`, { "User-Agent": PERPLEXITYBOT });
    await get(`/negocio/${taller.slug}`, { "User-Agent": GOOGLEBOT });

    const expected = [
      { visit: "crawler", source: "ChatGPT-User", surface: "markdown", count: 1 },
      { visit: "crawler", source: "GPTBot", surface: "pagina", count: 1 },
      { visit: "crawler", source: "OAI-SearchBot", surface: "pagina", count: 2 },
      { visit: "crawler", source: "PerplexityBot", surface: "api", count: 1 },
      { visit: "referral", source: "chatgpt", surface: "pagina", count: 2 },
      { visit: "referral", source: "claude", surface: "markdown", count: 1 },
      { visit: "referral", source: "perplexity", surface: "pagina", count: 1 },
    ];
    // The slug becomes an id after each answer is sent: wait for those lookups.
    await expect.poll(() => visits(fonda.id), { timeout: 5_000 }).toEqual(expected);
    await expect
      .poll(() => visits(taller.id), { timeout: 5_000 })
      .toEqual([{ visit: "crawler", source: "Googlebot", surface: "pagina", count: 1 }]);
    // None of it was a tap.
    expect(await actions(fonda.id)).toEqual(tapsBefore.fonda);
    expect(await actions(taller.id)).toEqual(tapsBefore.taller);
  });
});
