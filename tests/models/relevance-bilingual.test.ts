/**
 * The bilingual relevance suite (tests/fixtures/relevance-bilingual.ts): first that the yardstick
 * itself is sound against the seeded demo data, then how today's search measures up against it.
 * The measurement only prints precision@5 per language: it is a baseline for the bilingual engine,
 * not a gate, so it asserts only that every question got an answer.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { kindOfPlural, LISTING_KINDS } from "~/catalog/listing-kinds";
import { businesses, restaurants, type WeeklyPeriod } from "~/db/schema";
import { isOpenAt, panamaMinuteOfWeek } from "~/lib/opening-hours";
import { apiSearchParamsSchema } from "~/schemas/api-v1";
import { db } from "~/server/platform/db.server";
import { type ApiListing, queryOf } from "~/server/machine/directory.server";
import { search } from "~/server/search/engine.server";
import { seedDemo } from "~/server/seed/seed.server";
import { BILINGUAL_QUERIES, type BilingualQuery } from "../fixtures/relevance-bilingual";
import { misfits } from "../fixtures/relevance-queries";

const TOP = 5;
const LANGS = ["en", "es"] as const;

/** What the suite needs to know about a seeded entry. */
type Entry = {
  tipo: "restaurante" | "negocio";
  active: boolean;
  provincia: string;
  categoria: string | null;
  industria: string | null;
  periods: WeeklyPeriod[] | null;
};

const entries = new Map<string, Entry>();

beforeAll(async () => {
  await seedDemo();
  for (const r of await db.select().from(restaurants))
    entries.set(r.slug, {
      tipo: "restaurante",
      active: r.is_active,
      provincia: r.provincia,
      categoria: r.categoria,
      industria: null,
      periods: r.horario_semanal,
    });
  for (const b of await db.select().from(businesses))
    entries.set(b.slug, {
      tipo: "negocio",
      active: b.is_active,
      provincia: b.provincia,
      categoria: null,
      industria: b.industria,
      periods: b.horario_semanal,
    });
});

/** Why an entry cannot be expected first for this question, or null when it fits. */
function unfit(query: BilingualQuery, slug: string): string | null {
  const e = entries.get(slug);
  if (!e) return "not in the demo data";
  if (!e.active) return "inactive";
  const province = query.allProvince ?? query.params?.provincia;
  if (province && e.provincia !== province) return `provincia ${e.provincia}`;
  const category = query.allCategory ?? query.params?.categoria;
  if (category && e.categoria !== category) return `categoria ${e.categoria ?? "-"}`;
  const industry = query.allIndustry ?? query.params?.industria;
  if (industry && e.industria !== industry) return `industria ${e.industria ?? "-"}`;
  const tipo = query.allType ?? (query.params?.tipo && LISTING_KINDS[kindOfPlural(query.params.tipo)].singular);
  if (tipo && e.tipo !== tipo) return `tipo ${e.tipo}`;
  if (query.mustNotContain?.includes(slug)) return "also in mustNotContain";
  if (query.openNow && !e.periods?.length) return "no weekly schedule";
  return null;
}

const openAt = (slug: string, minute: number) => {
  const periods = entries.get(slug)?.periods;
  return Boolean(periods?.length && isOpenAt(periods, minute));
};

/** Results that break one of the question's every-result rules, as "slug (why)". */
function bilingualMisfits(query: BilingualQuery, results: ApiListing[], minute: number): string[] {
  const out = misfits(query, results);
  for (const r of results) {
    if (query.openNow && !openAt(r.slug, minute)) out.push(`${r.slug} (closed)`);
  }
  return out;
}

describe("bilingual relevance suite (demo data)", () => {
  it("is a sound yardstick: enough questions per language, unique, every expected entry real, active and fitting", () => {
    const byLang = (lang: "es" | "en") => BILINGUAL_QUERIES.filter((q) => q.lang === lang).length;
    expect(BILINGUAL_QUERIES.length).toBeGreaterThanOrEqual(200);
    expect(byLang("en")).toBeGreaterThanOrEqual(100);
    expect(byLang("es")).toBeGreaterThanOrEqual(100);

    const seen = new Map<string, number>();
    for (const q of BILINGUAL_QUERIES) {
      const key = q.q.trim().toLowerCase();
      seen.set(key, (seen.get(key) ?? 0) + 1);
    }
    expect([...seen].filter(([, n]) => n > 1).map(([q]) => q)).toEqual([]);

    const problems: string[] = [];
    for (const q of BILINGUAL_QUERIES) {
      if (q.mustInTop.length === 0 || q.mustInTop.length > TOP) problems.push(`«${q.q}»: ${q.mustInTop.length} expected entries`);
      if (new Set(q.mustInTop).size !== q.mustInTop.length) problems.push(`«${q.q}»: an expected entry is listed twice`);
      for (const slug of q.mustInTop) {
        const why = unfit(q, slug);
        if (why) problems.push(`«${q.q}»: ${slug} (${why})`);
      }
      for (const slug of q.mustNotContain ?? [])
        if (!entries.has(slug)) problems.push(`«${q.q}»: excluded ${slug} is not in the demo data`);
    }
    expect(problems).toEqual([]);
  });

  it("prints today's precision@5 per language", async () => {
    const minute = panamaMinuteOfWeek(new Date());
    const lines: string[] = [];
    let answered = 0;
    for (const lang of LANGS) {
      const queries = BILINGUAL_QUERIES.filter((q) => q.lang === lang);
      let measured = 0;
      let complete = 0;
      let fractionSum = 0;
      let allChecks = 0;
      let empty = 0;
      const misses: string[] = [];
      for (const query of queries) {
        const params = apiSearchParamsSchema.parse({ q: query.q, ...query.params });
        const answer = await search({ ...queryOf(params), limit: 10 });
        const results = answer.hits.map((h) => ({
          slug: h.slug,
          tipo: LISTING_KINDS[h.kind].singular,
          provincia: { slug: h.provincia },
          categoria: h.kind === "restaurant" && h.etiqueta ? { slug: h.etiqueta } : null,
          industria: h.kind === "business" && h.etiqueta ? { slug: h.etiqueta } : null,
        })) as unknown as Parameters<typeof bilingualMisfits>[1];
        answered++;
        if (results.length === 0) empty++;
        // An open-now question expects only those of its entries that are open at this minute.
        const expected = query.openNow ? query.mustInTop.filter((s) => openAt(s, minute)) : query.mustInTop;
        const top = results.slice(0, TOP).map((r) => r.slug);
        const found = expected.filter((s) => top.includes(s)).length;
        const bad = bilingualMisfits(query, results, minute);
        if (expected.length) {
          measured++;
          fractionSum += found / expected.length;
          if (found === expected.length) complete++;
        }
        if (found === expected.length && bad.length === 0 && results.length > 0) allChecks++;
        else misses.push(`    «${query.q}»: top ${TOP} [${top.join(", ")}]${bad.length ? ` misfits ${bad.length}` : ""}`);
      }
      const pct = (x: number, of: number) => `${of ? ((100 * x) / of).toFixed(1) : "0.0"}%`;
      lines.push(
        `Bilingual relevance, ${lang}: ${queries.length} questions, ${measured} measured (an open-now question with none of its entries open now is left out):`,
        `  precision@${TOP}: ${complete}/${measured} questions with every expected entry in the top ${TOP} (${pct(complete, measured)})`,
        `  mean share of expected entries found in the top ${TOP}: ${pct(fractionSum, measured)}`,
        `  every check passed (top ${TOP}, constraints, exclusions, open now): ${allChecks}/${queries.length} (${pct(allChecks, queries.length)})`,
        `  empty answers: ${empty}/${queries.length}`,
        ...(process.env.RELEVANCE_MISSES ? ["  Questions below expectation:", ...misses] : []),
      );
    }
    console.log(lines.join("\n"));
    expect(answered).toBe(BILINGUAL_QUERIES.length);
  });
});
