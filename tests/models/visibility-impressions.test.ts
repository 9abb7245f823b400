/**
 * Impressions counted where the directory's answers are given (decision 098): a known sequence of
 * API, MCP (the SDK's client through the route) and page requests gives exactly these rows once
 * flushed; machine answers count whoever asks, pages count people only (no bot, HEAD or prefetch);
 * 'Cargar más' counts the new page at its positions; and a page answered from the page cache (a real
 * Express server with the real cache in front of the real loader) still counts, 304s included.
 */
import type http from "node:http";
import type { AddressInfo } from "node:net";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { sql } from "drizzle-orm";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { panamaToday } from "~/catalog/holidays";
import * as mcp from "~/routes/api/mcp";
import * as apiBuscar from "~/routes/api/v1/buscar";
import * as apiEntry from "~/routes/api/v1/entry";
import * as entryPage from "~/routes/directory/entry";
import * as entryMd from "~/routes/directory/entry-markdown";
import * as listingMd from "~/routes/directory/listing-markdown";
import * as province from "~/routes/directory/province";
import * as searchPage from "~/routes/directory/search";
import { invalidatePublicPages, publicPageCache } from "~/server/http/page-cache.server";
import { queryRows } from "~/server/platform/db.server";
import { flushVisibility } from "~/server/visibility/counter.server";
import { makeBusiness, makeRestaurants } from "../setup/factories";
import { call, ORIGIN, resetConfig, routeArgs } from "../setup/route";

type H = any;

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const WORD = "zumbayo";
const base = Date.parse("2026-05-01T10:00:00Z");

let darien: { id: string; slug: string }[] = [];
let ids: string[] = [];
let cacheIds: string[] = [];
let businessId = "";
let ipSeq = 0;

beforeAll(async () => {
  resetConfig({ API_RATE_LIMIT: "1000" });
  // 24 in Darién, created one minute apart: the province page lists the newest first (d23 at 1).
  darien = await makeRestaurants(
    Array.from({ length: 24 }, (_, i) => ({
      slug: `fonda-darien-${i}`,
      nombre: `Fonda Darién ${i}`,
      descripcion: `Comida casera con ${WORD} del río.`,
      categoria: "comida-tradicional",
      provincia: "darien",
      created_at: new Date(base + i * 60_000),
    })),
  );
  ids = darien.map((r) => r.id);
  const cached = await makeRestaurants(
    Array.from({ length: 3 }, (_, i) => ({
      slug: `fonda-santena-${i}`,
      nombre: `Fonda Santeña ${i}`,
      categoria: "comida-tradicional",
      provincia: "los-santos",
      created_at: new Date(base + i * 60_000),
    })),
  );
  cacheIds = cached.map((r) => r.id).reverse();
  businessId = (
    await makeBusiness({
      slug: "bufete-trebolino",
      nombre: "Bufete Trebolino",
      descripcion: "Abogados trebolino.",
      industria: "abogados",
      provincia: "cocle",
    })
  ).id;
  await flushVisibility();
});

const today = () => panamaToday(new Date());

async function bands(channel: string, of: string[]) {
  const rows = await queryRows<{ band: number; count: number }>(sql`
    select band, sum(count)::int as count from visibility_impressions
    where day = ${today()}::date and channel = ${channel} and listing_id in (${sql.join(
      of.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})
    group by band order by band`);
  return Object.fromEntries(rows.map((r) => [r.band, r.count]));
}

async function entryBands(id: string) {
  return queryRows<{ channel: string; band: number; count: number }>(sql`
    select channel, band, count from visibility_impressions where day = ${today()}::date and listing_id = ${id}::uuid
    order by channel, band`);
}

async function directory(): Promise<Record<string, number>> {
  const rows = await queryRows<{ metric: string; count: number }>(
    sql`select metric, count from visibility_directory where day = ${today()}::date`,
  );
  return Object.fromEntries(rows.map((r) => [r.metric, r.count]));
}

const api = (path: string, init: RequestInit = {}, params: Record<string, string> = {}) =>
  call((path.startsWith("/api/v1/buscar") ? apiBuscar.loader : apiEntry.loader) as H, new Request(ORIGIN + path, init), {
    ip: `198.51.100.${++ipSeq}`,
    params,
  });

const page = (loader: H, path: string, headers: Record<string, string> = { "user-agent": BROWSER }, params = {}, method = "GET") =>
  call(loader, new Request(ORIGIN + path, { headers, method }), { params });

function viaRoute() {
  return async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const args = routeArgs(request, { ip: "198.51.100.250" }) as never;
    return request.method === "GET" || request.method === "HEAD" ? mcp.loader(args) : mcp.action(args);
  };
}

describe("impressions of the directory's answers", () => {
  it("counts API, MCP and page answers exactly, people only on pages", async () => {
    const before = await directory();
    const slug0 = darien[0]!.slug;

    // ---- API: whoever asks (a script's user agent too); a HEAD shows nothing.
    const first = await api(`/api/v1/buscar?q=${WORD}&limite=20`, { headers: { "user-agent": "curl/8.5" } });
    expect(first.status).toBe(200);
    expect(first.data.resultados).toHaveLength(20);
    const second = await api(`/api/v1/buscar?q=${WORD}&limite=20&cursor=${first.data.siguiente_cursor}`);
    expect(second.data.resultados).toHaveLength(4);
    expect((await api(`/api/v1/restaurantes/${slug0}`, {}, { slug: slug0 })).status).toBe(200);
    expect((await api(`/api/v1/buscar?q=${WORD}`, { method: "HEAD" })).status).toBe(200);
    // Filler is set aside: the question is the word the engine used.
    expect((await api("/api/v1/buscar?q=recomi%C3%A9ndame%20trebolino")).data.resultados).toHaveLength(1);
    expect((await api(`/api/v1/buscar?q=${WORD}&provincia=cocle`)).data.resultados).toHaveLength(0);
    // The public answer never carries the listing's uuid.
    expect(JSON.stringify(first.data)).not.toContain(ids[0]!);

    // ---- MCP, through the SDK's client.
    const client = new Client({ name: "prueba", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${ORIGIN}/mcp`), { fetch: viaRoute() }));
    try {
      const found = await client.callTool({ name: "buscar", arguments: { q: WORD } });
      expect((found.structuredContent as { resultados: unknown[] }).resultados).toHaveLength(10);
      const results = await client.callTool({ name: "search", arguments: { query: WORD } });
      expect((results.structuredContent as { results: unknown[] }).results).toHaveLength(10);
      expect((await client.callTool({ name: "detalle", arguments: { slug: slug0, tipo: "restaurantes" } })).isError ?? false).toBe(false);
      expect((await client.callTool({ name: "fetch", arguments: { id: `restaurante/${slug0}` } })).isError ?? false).toBe(false);
      expect((await client.callTool({ name: "fetch", arguments: { id: "restaurante/no-existe" } })).isError).toBe(true);
    } finally {
      await client.close();
    }

    // ---- Pages: a person's; 'Cargar más' (paginas=2) counts cards 7-12 only.
    expect((await page(searchPage.loader, `/buscar?q=${WORD}`)).data.items).toHaveLength(6);
    expect((await page(searchPage.loader, `/buscar?q=${WORD}&paginas=2`)).data.items).toHaveLength(12);
    expect((await page(province.loader, "/restaurantes-darien")).data.items).toHaveLength(6);
    expect((await page(province.loader, "/restaurantes-darien?paginas=2")).data.items).toHaveLength(12);
    expect((await page(entryPage.loader, `/restaurante/${slug0}`, undefined, { slug: slug0 })).status).toBe(200);
    expect((await page(listingMd.loader, "/restaurantes-darien.md")).status).toBe(200);
    // ...and none of these count: a crawler, no user agent, a HEAD, a prefetch.
    expect((await page(province.loader, "/restaurantes-darien", { "user-agent": GOOGLEBOT })).status).toBe(200);
    expect((await page(province.loader, "/restaurantes-darien", {})).status).toBe(200);
    expect((await page(province.loader, "/restaurantes-darien", { "user-agent": BROWSER }, {}, "HEAD")).status).toBe(200);
    expect((await page(province.loader, "/restaurantes-darien", { "user-agent": BROWSER, "sec-purpose": "prefetch" })).status).toBe(200);
    expect((await page(searchPage.loader, `/buscar?q=${WORD}`, { "user-agent": GOOGLEBOT })).status).toBe(200);
    expect((await page(entryPage.loader, `/restaurante/${slug0}`, { "user-agent": GOOGLEBOT }, { slug: slug0 })).status).toBe(200);
    expect((await page(entryMd.loader, `/restaurante/${slug0}.md`, { "user-agent": "ChatGPT-User/1.0" }, { slug: slug0 })).status).toBe(
      200,
    );
    expect((await page(listingMd.loader, "/restaurantes-darien.md", { "user-agent": GOOGLEBOT })).status).toBe(200);

    await flushVisibility();

    // API: 20 (1-20) + 4 (21-24) + the entry (1).
    expect(await bands("api", ids)).toEqual({ 1: 3 + 1, 2: 7, 3: 10 + 4 });
    // MCP: buscar and search (1-10 each), detalle and fetch (1 each).
    expect(await bands("mcp", ids)).toEqual({ 1: 3 + 3 + 2, 2: 7 + 7 });
    // /buscar: 1-6, then 7-12.
    expect(await bands("buscar", ids)).toEqual({ 1: 3, 2: 3 + 4, 3: 2 });
    // Listings: the page 1-6, then 7-12, and the person's Markdown twin 1-6.
    expect(await bands("listado", ids)).toEqual({ 1: 3 + 3, 2: 3 + 4 + 3, 3: 2 });
    expect(await bands("ficha", ids)).toEqual({ 1: 1 });
    // The newest is first on the listing; the 7th newest is 7th on page 2, the 11th 11th.
    expect((await entryBands(ids[23]!)).filter((r) => r.channel === "listado")).toEqual([{ channel: "listado", band: 1, count: 2 }]);
    expect((await entryBands(ids[17]!)).filter((r) => r.channel === "listado")).toEqual([{ channel: "listado", band: 2, count: 1 }]);
    expect((await entryBands(ids[13]!)).filter((r) => r.channel === "listado")).toEqual([{ channel: "listado", band: 3, count: 1 }]);
    expect(await entryBands(businessId)).toEqual([{ channel: "api", band: 1, count: 1 }]);

    // Questions per entry: the API's 24, MCP's 20 and /buscar's 12, at their positions.
    const [q] = await queryRows<{ count: number; position_sum: number; questions: number }>(sql`
      select sum(count)::int as count, sum(position_sum)::int as position_sum, count(distinct question)::int as questions
      from visibility_entry_questions where day = ${today()}::date and listing_id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`);
    expect(q).toEqual({ count: 24 + 20 + 12, position_sum: 300 + 2 * 55 + 78, questions: 1 });
    expect(
      await queryRows(sql`select question, count, position_sum from visibility_entry_questions where listing_id = ${businessId}::uuid`),
    ).toEqual([{ question: "trebolino", count: 1, position_sum: 1 }]);

    // Answers that found little, by the words used.
    expect(
      await queryRows(sql`select question, channel, empty, few from visibility_questions where day = ${today()}::date order by question`),
    ).toEqual([
      { question: "trebolino", channel: "api", empty: 0, few: 1 },
      { question: WORD, channel: "api", empty: 1, few: 0 },
    ]);

    // Share of voice: every impression of the Darién entries, in their category and province.
    const [segment] = await queryRows<{ count: number }>(sql`
      select count from visibility_segment_impressions
      where day = ${today()}::date and kind = 'restaurant' and segment = 'comida-tradicional' and provincia = 'darien'`);
    expect(segment?.count).toBe(25 + 22 + 12 + 18 + 1);

    const after = await directory();
    const added = (metric: string) => (after[metric] ?? 0) - (before[metric] ?? 0);
    expect(["api", "mcp", "buscar", "listado", "ficha"].map((c) => added(`answer:${c}`))).toEqual([5, 4, 2, 3, 1]);
  });
});

describe("a page answered from the page cache", () => {
  let server: http.Server;
  let url = "";
  let renders = 0;

  beforeAll(async () => {
    // The real cache in front of the real loader, as server.ts mounts them around React Router.
    const app = express();
    const cache = publicPageCache({ ttlMs: 60_000 });
    app.use(cache.serve);
    app.use(cache.store);
    app.get("/{*path}", async (req, res) => {
      renders++;
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
      const request = new Request(`${ORIGIN}${req.originalUrl}`, { headers });
      const answer = await call(province.loader as H, request);
      res.status(answer.status);
      for (const [k, v] of answer.headers) res.setHeader(k, v);
      res.type("html").send(`<ul>${(answer.data.items as { slug: string }[]).map((i) => `<li>${i.slug}</li>`).join("")}</ul>`);
    });
    server = await new Promise((resolve) => {
      const s = app.listen(0, "127.0.0.1", () => resolve(s));
    });
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const get = async (headers: Record<string, string> = { "user-agent": BROWSER }, method = "GET") => {
    const res = await fetch(`${url}/restaurantes-los-santos`, { headers, method });
    await res.arrayBuffer();
    return { status: res.status, cache: res.headers.get("x-page-cache"), etag: res.headers.get("etag") };
  };

  it("counts each person it is served to, 304s included, and no crawler, HEAD or prefetch", async () => {
    invalidatePublicPages();
    const start = renders;
    const answers = [await get(), await get(), await get()];
    expect(answers.map((a) => a.cache)).toEqual(["MISS", "MISS", "HIT"]);
    const revalidated = await get({ "user-agent": BROWSER, "if-none-match": answers[2]!.etag! });
    expect([revalidated.status, revalidated.cache]).toEqual([304, "HIT"]);
    expect((await get({ "user-agent": GOOGLEBOT })).cache).toBe("HIT");
    expect((await get({ "user-agent": BROWSER }, "HEAD")).cache).toBe("HIT");
    expect((await get({ "user-agent": BROWSER, "sec-purpose": "prefetch" })).cache).toBe("HIT");
    expect((await get({})).cache).toBe("HIT");
    expect(renders - start).toBe(2);

    await flushVisibility();
    // Two renders and two hits to a person: four answers at positions 1-3.
    for (const id of cacheIds) expect(await entryBands(id)).toEqual([{ channel: "listado", band: 1, count: 4 }]);
  });
});
