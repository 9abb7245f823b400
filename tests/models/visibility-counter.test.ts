/**
 * The visibility counter against the real database: a known sequence of answers, taps and visits
 * gives exactly these daily totals once flushed; sums from two flushes add up; a tap by the same
 * visitor within the hour counts once, after the hour again; questions keep no address or number;
 * answers with few results are kept for the admins. Listing ids are fresh per run, so other files'
 * counts never mix in (directory totals are compared as differences).
 */
import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { queryRows } from "~/server/platform/db.server";
import { pruneVisibility } from "~/server/models/visibility-counts.server";
import {
  countAction,
  countAnswer,
  countVisit,
  flushVisibility,
  normalizeQuestion,
  pendingVisibility,
} from "~/server/visibility/counter.server";

const NOW = new Date("2026-11-20T15:00:00Z"); // 10:00 in Panama
const DAY = "2026-11-20";
let a: string;
let b: string;

beforeEach(() => {
  a = crypto.randomUUID();
  b = crypto.randomUUID();
});

async function impressions(id: string) {
  return queryRows<{ channel: string; band: number; count: number }>(
    sql`select channel, band, count from visibility_impressions where listing_id = ${id}::uuid and day = ${DAY}::date order by channel, band`,
  );
}

async function directory(metric: string): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    sql`select count from visibility_directory where day = ${DAY}::date and metric = ${metric}`,
  );
  return row?.count ?? 0;
}

describe("counting answers", () => {
  it("adds each entry's impressions by channel and position band, across flushes", async () => {
    const before = await directory("imp:api:1");
    const entries = [
      { kind: "restaurant" as const, id: a, segment: "cafe", provincia: "chiriqui" },
      ...Array.from({ length: 3 }, () => ({ kind: "business" as const, id: crypto.randomUUID() })),
      { kind: "business" as const, id: b, segment: "tiendas", provincia: "panama" },
    ];
    countAnswer({ channel: "api", question: "Café en Boquete", entries, total: 5 }, NOW);
    countAnswer({ channel: "mcp", question: "cafe boquete", entries: [entries[0]!], total: 1 }, NOW);
    await flushVisibility();
    countAnswer({ channel: "api", question: "café   boquete!", entries, total: 5 }, NOW);
    countAnswer({ channel: "listado", entries: entries.slice(0, 5), firstPosition: 21 }, NOW);
    await flushVisibility();
    expect(pendingVisibility()).toBe(0);

    expect(await impressions(a)).toEqual([
      { channel: "api", band: 1, count: 2 },
      { channel: "listado", band: 3, count: 1 },
      { channel: "mcp", band: 1, count: 1 },
    ]);
    expect(await impressions(b)).toEqual([
      { channel: "api", band: 2, count: 2 },
      { channel: "listado", band: 3, count: 1 },
    ]);
    expect((await directory("imp:api:1")) - before).toBe(2 * 3);

    const questions = await queryRows<{ question: string; count: number; position_sum: number }>(
      sql`select question, count, position_sum from visibility_entry_questions where listing_id = ${b}::uuid order by question`,
    );
    expect(questions).toEqual([
      { question: "cafe boquete", count: 1, position_sum: 5 },
      { question: "cafe en boquete", count: 1, position_sum: 5 },
    ]);
    const [aQuestion] = await queryRows<{ count: number; position_sum: number }>(
      sql`select count, position_sum from visibility_entry_questions where listing_id = ${a}::uuid and question = 'cafe boquete'`,
    );
    expect(aQuestion).toEqual({ count: 2, position_sum: 2 });

    const [segment] = await queryRows<{ count: number }>(
      sql`select count from visibility_segment_impressions where kind = 'restaurant' and segment = 'cafe' and provincia = 'chiriqui' and day = ${DAY}::date`,
    );
    expect(segment!.count).toBeGreaterThanOrEqual(4);
  });

  it("keeps the questions that found nothing or little, per channel, and not the ones that found enough", async () => {
    const word = `zq${crypto.randomBytes(4).toString("hex").replace(/\d/g, "x")}`;
    countAnswer({ channel: "api", question: `${word} vacio`, entries: [], total: 0 }, NOW);
    countAnswer({ channel: "api", question: `${word} vacio`, entries: [], total: 0 }, NOW);
    countAnswer({ channel: "buscar", question: `${word} poco`, entries: [{ kind: "business", id: a }], total: 1 }, NOW);
    countAnswer({ channel: "buscar", question: `${word} bastante`, entries: [{ kind: "business", id: a }], total: 40 }, NOW);
    await flushVisibility();
    const rows = await queryRows<{ question: string; channel: string; empty: number; few: number }>(
      sql`select question, channel, empty, few from visibility_questions where question like ${`${word}%`} order by question`,
    );
    expect(rows).toEqual([
      { question: `${word} poco`, channel: "buscar", empty: 0, few: 1 },
      { question: `${word} vacio`, channel: "api", empty: 2, few: 0 },
    ]);
  });
});

describe("normalizing a question", () => {
  it("keeps words, drops accents, punctuation, addresses and long numbers", () => {
    expect(normalizeQuestion("¿Dónde hay PIZZA cerca de Bella Vista?")).toBe("donde hay pizza cerca de bella vista");
    expect(normalizeQuestion("abogado ana@example.com 6123-4567 calle 50")).toBe("abogado calle 50");
    expect(normalizeQuestion("   ")).toBeNull();
    expect(normalizeQuestion(null)).toBeNull();
    expect(normalizeQuestion("a ".repeat(40))!.split(" ")).toHaveLength(12);
  });
});

describe("counting taps and visits", () => {
  const visitor = { ip: "203.0.113.9", userAgent: "Mozilla/5.0 (Linux; Android 14)" };

  it("counts a visitor's tap once within the hour, again after it, and another visitor's apart", async () => {
    const entry = { kind: "business" as const, id: a };
    expect(countAction(entry, "whatsapp", visitor, NOW)).toBe(true);
    expect(countAction(entry, "whatsapp", visitor, new Date(NOW.getTime() + 59 * 60_000))).toBe(false);
    expect(countAction(entry, "llamada", visitor, NOW)).toBe(true);
    expect(countAction(entry, "whatsapp", { ...visitor, ip: "203.0.113.10" }, NOW)).toBe(true);
    expect(countAction(entry, "whatsapp", visitor, new Date(NOW.getTime() + 61 * 60_000))).toBe(true);
    await flushVisibility();
    const rows = await queryRows<{ action: string; count: number }>(
      sql`select action, count from visibility_actions where listing_id = ${a}::uuid order by action`,
    );
    expect(rows).toEqual([
      { action: "llamada", count: 1 },
      { action: "whatsapp", count: 3 },
    ]);
    const stored = await queryRows<{ t: string }>(
      sql`select row_to_json(v)::text as t from visibility_actions v where listing_id = ${a}::uuid`,
    );
    expect(stored.map((r) => r.t).join()).not.toContain("203.0.113");
  });

  it("counts referrals and crawler visits by source and surface", async () => {
    const entry = { kind: "restaurant" as const, id: b };
    countVisit(entry, "referral", "chatgpt", "pagina", NOW);
    countVisit(entry, "referral", "chatgpt", "pagina", NOW);
    countVisit(entry, "crawler", "OAI-SearchBot", "markdown", NOW);
    await flushVisibility();
    const rows = await queryRows<{ visit: string; source: string; surface: string; count: number }>(
      sql`select visit, source, surface, count from visibility_visits where listing_id = ${b}::uuid order by visit, source`,
    );
    expect(rows).toEqual([
      { visit: "crawler", source: "OAI-SearchBot", surface: "markdown", count: 1 },
      { visit: "referral", source: "chatgpt", surface: "pagina", count: 2 },
    ]);
  });
});

describe("retention", () => {
  it("drops question rows after 90 days and keeps the daily totals", async () => {
    countAnswer(
      { channel: "api", question: "retencion prueba", entries: [{ kind: "business", id: a }], total: 1 },
      new Date("2026-01-10T15:00:00Z"),
    );
    await flushVisibility();
    await pruneVisibility("2026-04-20");
    const questions = await queryRows(sql`select 1 from visibility_entry_questions where listing_id = ${a}::uuid`);
    const totals = await queryRows(sql`select 1 from visibility_impressions where listing_id = ${a}::uuid`);
    expect(questions).toHaveLength(0);
    expect(totals).toHaveLength(1);
  });
});
