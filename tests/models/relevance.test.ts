/**
 * Relevance of the free-text directory search (API and MCP) over the demo data: each query of
 * tests/fixtures/relevance-queries.ts must put what a person expects in its first five results,
 * plus the rules around the ranking: a suggestion for an empty answer, paid plans first among equals,
 * inactive entries never shown. The expectations are the yardstick; the ranking is tuned to them.
 */
import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { type NewRestaurant, restaurants } from "~/db/schema";
import { apiSearchParamsSchema } from "~/schemas/api-v1";
import { db } from "~/server/platform/db.server";
import { invalidatePublicPages } from "~/server/http/page-cache.server";
import { type ApiListing, type ApiSearchAnswer, searchDirectory } from "~/server/machine/directory.server";
import { seedDemo } from "~/server/seed/seed.server";
import { misfits, RELEVANCE_QUERIES, type RelevanceQuery } from "../fixtures/relevance-queries";
import { makeRestaurants } from "../setup/factories";

const TOP = 5;

const search = (q: string, params: RelevanceQuery["params"] = {}): Promise<ApiSearchAnswer> =>
  searchDirectory(apiSearchParamsSchema.parse({ q, ...params }));

const label = (query: RelevanceQuery) => `«${query.q}»${query.params ? ` ${JSON.stringify(query.params)}` : ""}`;

// The summary reads the same answers as the per-query tests instead of asking twice.
const answers = new Map<RelevanceQuery, ApiListing[]>();
async function resultsOf(query: RelevanceQuery): Promise<ApiListing[]> {
  let found = answers.get(query);
  if (!found) {
    found = (await search(query.q, query.params)).resultados;
    answers.set(query, found);
  }
  return found;
}

const hasConstraints = (q: RelevanceQuery) => Boolean(q.allProvince || q.allCategory || q.allIndustry || q.allType);

/** Deactivates or reactivates an entry, then invalidates the public caches as every model write does. */
async function setActive(slug: string, active: boolean) {
  await db.update(restaurants).set({ is_active: active }).where(eq(restaurants.slug, slug));
  invalidatePublicPages();
}

beforeAll(async () => {
  await seedDemo();
});

describe("free-text search relevance (demo data)", () => {
  it("has a varied set of queries", () => {
    expect(RELEVANCE_QUERIES.length).toBeGreaterThanOrEqual(45);
    expect(new Set(RELEVANCE_QUERIES.map(label)).size).toBe(RELEVANCE_QUERIES.length);
  });

  for (const query of RELEVANCE_QUERIES) {
    it(label(query), async () => {
      const results = await resultsOf(query);
      const top = results.slice(0, TOP).map((r) => r.slug);
      const missing = query.mustInTop.filter((s) => !top.includes(s));
      expect(missing, `top ${TOP}: ${top.join(", ") || "(none)"}`).toEqual([]);
      expect(misfits(query, results), `results: ${results.map((r) => r.slug).join(", ")}`).toEqual([]);
      // A query that only states constraints still expects an answer.
      if (hasConstraints(query)) expect(results.length).toBeGreaterThan(0);
    });
  }

  it("reports precision at 5", async () => {
    const withMust = RELEVANCE_QUERIES.filter((q) => q.mustInTop.length);
    let complete = 0;
    let fractionSum = 0;
    let allChecks = 0;
    const misses: string[] = [];
    for (const query of RELEVANCE_QUERIES) {
      const results = await resultsOf(query);
      const top = results.slice(0, TOP).map((r) => r.slug);
      const found = query.mustInTop.filter((s) => top.includes(s)).length;
      const bad = misfits(query, results);
      const empty = hasConstraints(query) && results.length === 0;
      if (query.mustInTop.length) {
        fractionSum += found / query.mustInTop.length;
        if (found === query.mustInTop.length) complete++;
      }
      if (found === query.mustInTop.length && bad.length === 0 && !empty) allChecks++;
      else misses.push(`  ${label(query)}: top ${TOP} [${top.join(", ")}]${bad.length ? ` misfits [${bad.join(", ")}]` : ""}`);
    }
    const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
    console.log(
      [
        `Relevance over ${RELEVANCE_QUERIES.length} queries:`,
        `  precision@${TOP}: ${complete}/${withMust.length} queries with every must-have in the top ${TOP} (${pct(complete / withMust.length)})`,
        `  mean share of expected entries found in the top ${TOP}: ${pct(fractionSum / withMust.length)}`,
        `  every check passed (top ${TOP}, constraints, exclusions): ${allChecks}/${RELEVANCE_QUERIES.length} (${pct(allChecks / RELEVANCE_QUERIES.length)})`,
        ...(misses.length ? ["Queries below expectation:", ...misses] : []),
      ].join("\n"),
    );
    expect(answers.size).toBe(RELEVANCE_QUERIES.length);
  });
});

describe("ranking rules", () => {
  it("suggests the query without the place when the dish exists only in another province", async () => {
    const answer = await search("trucha en Colón");
    expect(answer.resultados).toEqual([]);
    expect(answer.sugerencia).not.toBeNull();
    const suggested = answer.sugerencia!.q;
    expect(suggested).toMatch(/trucha/);
    expect(suggested).not.toMatch(/col[oó]n/i);
    // The suggestion is worth following: it finds the only trout in the directory, in Chiriquí.
    const followed = await search(suggested);
    expect(followed.resultados.slice(0, TOP).map((r) => r.slug)).toContain("trucha-fresca-cerro-punta");
  });

  it("ranks a max_local entry above an equally relevant free_local one and marks it promoted", async () => {
    // Darién has no dessert shop: these two are the only answers, alike but for the plan. The free
    // one is newer and better rated, so only the plan can put the paid one first.
    const base: Omit<NewRestaurant, "slug" | "nombre"> = {
      categoria: "postres",
      provincia: "darien",
      especialidades: ["Cocadas", "Bienmesabe"],
      direccion: "Calle del Puerto, La Palma, Darién",
      descripcion: "Dulces típicos de coco hechos en casa: cocadas y bienmesabe.",
    };
    const now = Date.now();
    await makeRestaurants([
      {
        ...base,
        slug: "dulces-tuira-norte",
        nombre: "Dulces Tuira Norte",
        plan_type: "max_local",
        rating: 3.8,
        created_at: new Date(now - 86_400_000),
      },
      { ...base, slug: "dulces-tuira-sur", nombre: "Dulces Tuira Sur", plan_type: "free_local", rating: 4.9, created_at: new Date(now) },
    ]);
    try {
      for (const q of ["postres en Darién", "bienmesabe Darién"]) {
        const results = (await search(q)).resultados;
        expect(
          results.map((r) => r.slug),
          q,
        ).toEqual(["dulces-tuira-norte", "dulces-tuira-sur"]);
        expect(results.map((r) => [r.plan, r.promocionado])).toEqual([
          ["max_local", true],
          ["free_local", false],
        ]);
      }
    } finally {
      await db.delete(restaurants).where(inArray(restaurants.slug, ["dulces-tuira-norte", "dulces-tuira-sur"]));
    }
  });

  it("never shows an inactive entry, by category, dish or name", async () => {
    const slug = "coco-isla-bocas";
    const queries = ["mariscos en Bocas", "langosta", "Coco Isla Bocas"];
    // Active, the entry answers all three, so its absence afterwards means something.
    for (const q of queries)
      expect(
        (await search(q)).resultados.map((r) => r.slug),
        q,
      ).toContain(slug);
    await setActive(slug, false);
    try {
      for (const q of queries)
        expect(
          (await search(q)).resultados.map((r) => r.slug),
          q,
        ).not.toContain(slug);
    } finally {
      await setActive(slug, true);
    }
  });
});
