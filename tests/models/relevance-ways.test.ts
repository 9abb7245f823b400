/**
 * The bilingual relevance suite (tests/fixtures/relevance-bilingual.ts) through every way in, on both
 * databases: /api/v1/buscar, the MCP tool `buscar` (the SDK's own client), and the /buscar page. All
 * three ask the one engine, so the page's first five must be the API's first five for every
 * question; precision@5 is printed per language and per way in, and must not fall below FLOOR.
 */
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businesses, restaurants, type WeeklyPeriod } from "~/db/schema";
import { isOpenAt, panamaMinuteOfWeek } from "~/lib/opening-hours";
import * as mcp from "~/routes/api/mcp";
import * as buscar from "~/routes/api/v1/buscar";
import * as page from "~/routes/directory/search";
import { db } from "~/server/platform/db.server";
import { seedDemo } from "~/server/seed/seed.server";
import { BILINGUAL_QUERIES, type BilingualQuery } from "../fixtures/relevance-bilingual";
import { call, getRequest, ORIGIN, routeArgs } from "../setup/route";

const TOP = 5;
/** The least share of questions, per language and way in, with every expected entry in the top five. */
const FLOOR = 0.9;
const WAYS = ["api", "mcp", "page"] as const;
type Way = (typeof WAYS)[number];

let ipSeq = 0;
const ip = () => `198.18.${Math.floor(ipSeq / 250) % 250}.${(ipSeq++ % 250) + 1}`;

const periods = new Map<string, WeeklyPeriod[] | null>();
let client: Client;

beforeAll(async () => {
  await seedDemo();
  for (const r of await db.select({ slug: restaurants.slug, h: restaurants.horario_semanal }).from(restaurants)) periods.set(r.slug, r.h);
  for (const b of await db.select({ slug: businesses.slug, h: businesses.horario_semanal }).from(businesses)) periods.set(b.slug, b.h);
  client = new Client({ name: "relevancia", version: "1.0.0" });
  const fetch = async (input: string | URL | Request, init?: RequestInit) => {
    const request = new Request(input, init);
    const args = routeArgs(request, { ip: ip() }) as never;
    return request.method === "GET" ? mcp.loader(args) : mcp.action(args);
  };
  await client.connect(new StreamableHTTPClientTransport(new URL(`${ORIGIN}/mcp`), { fetch }));
});

afterAll(async () => {
  await client?.close();
});

function query(q: BilingualQuery): URLSearchParams {
  const params = new URLSearchParams({ q: q.q });
  for (const [name, value] of Object.entries(q.params ?? {})) params.set(name, String(value));
  return params;
}

async function firstFive(way: Way, q: BilingualQuery): Promise<string[]> {
  if (way === "api") {
    const res = await call(buscar.loader, getRequest(`/api/v1/buscar?${query(q)}`), { ip: ip() });
    expect(res.status, q.q).toBe(200);
    return res.data.resultados.slice(0, TOP).map((r: { slug: string }) => r.slug);
  }
  if (way === "mcp") {
    const result = await client.callTool({ name: "buscar", arguments: { q: q.q, ...(q.params ?? {}) } });
    expect(result.isError ?? false, q.q).toBe(false);
    return (result.structuredContent as { resultados: { slug: string }[] }).resultados.slice(0, TOP).map((r) => r.slug);
  }
  const res = await call(page.loader, getRequest(`/buscar?${query(q)}`), { ip: ip() });
  expect(res.status, q.q).toBe(200);
  return res.data.items.slice(0, TOP).map((r: { slug: string }) => r.slug);
}

describe("the bilingual suite through the API, MCP and the page", () => {
  it("finds the expected entries first whichever way the question comes in, and the page agrees with the API", async () => {
    const minute = panamaMinuteOfWeek(new Date());
    const hits: Record<Way, Record<"en" | "es", { complete: number; measured: number }>> = {
      api: { en: { complete: 0, measured: 0 }, es: { complete: 0, measured: 0 } },
      mcp: { en: { complete: 0, measured: 0 }, es: { complete: 0, measured: 0 } },
      page: { en: { complete: 0, measured: 0 }, es: { complete: 0, measured: 0 } },
    };
    const disagreements: string[] = [];
    for (const q of BILINGUAL_QUERIES) {
      const expected = q.openNow ? q.mustInTop.filter((s) => isOpenAt(periods.get(s) ?? [], minute)) : q.mustInTop;
      const tops = {} as Record<Way, string[]>;
      for (const way of WAYS) {
        tops[way] = await firstFive(way, q);
        if (!expected.length) continue;
        hits[way][q.lang].measured++;
        if (expected.every((s) => tops[way].includes(s))) hits[way][q.lang].complete++;
      }
      if (tops.page.join() !== tops.api.join()) disagreements.push(`«${q.q}»: page [${tops.page}] api [${tops.api}]`);
    }
    const lines = WAYS.flatMap((way) =>
      (["en", "es"] as const).map((lang) => {
        const { complete, measured } = hits[way][lang];
        return `  ${way} ${lang}: precision@${TOP} ${complete}/${measured} (${((100 * complete) / measured).toFixed(1)}%)`;
      }),
    );
    console.log(`Bilingual relevance by way in:\n${lines.join("\n")}`);
    expect(disagreements).toEqual([]);
    for (const way of WAYS)
      for (const lang of ["en", "es"] as const) {
        const { complete, measured } = hits[way][lang];
        expect(complete / measured, `${way} ${lang}`).toBeGreaterThanOrEqual(FLOOR);
      }
  });
});
