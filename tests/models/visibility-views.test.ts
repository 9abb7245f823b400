/**
 * The visibility views' queries against the real database, with counts made by the counter itself
 * (or written straight for the large ones): one entry's figures over 30 and 90 days (channels, bands,
 * its questions with their average position, actions, referrals, crawlers, share of voice), the whole
 * directory's, the questions that found nothing or little (most asked first), and the entries shown
 * most without a paid plan from the daily pass's rollups, which are redone once a day across processes.
 */
import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addDays, panamaToday } from "~/catalog/holidays";
import { queryRows } from "~/server/platform/db.server";
import {
  directoryVisibility,
  entryVisibility,
  lackingQuestions,
  topUnpaid,
  visibilityEntry,
} from "~/server/models/visibility-views.server";
import { seedDemoVisibility } from "~/server/seed/demo-visibility.server";
import { countAction, countAnswer, countVisit, flushVisibility } from "~/server/visibility/counter.server";
import { refreshVisibilityRollups, visibilityDailyPass } from "~/server/visibility/daily-pass.server";
import { makeBusiness, makeRestaurant } from "../setup/factories";

const TODAY = "2031-07-15";
/** Noon in Panama on `day`. */
const at = (day: string) => new Date(`${day}T17:00:00Z`);
const sumDaily = (daily: Record<string, unknown>[], channel: string) => daily.reduce((n, d) => n + (d[channel] as number), 0);

describe("one entry's figures", () => {
  it("measures share of voice from the day after the category or province changed, among those it joined", async () => {
    const segment = `seg-${crypto.randomUUID()}`;
    const id = crypto.randomUUID();
    const before = { kind: "restaurant" as const, id, segment, provincia: "panama" };
    const after = { ...before, provincia: "chiriqui" };
    const rival = { kind: "restaurant" as const, id: crypto.randomUUID(), segment, provincia: "chiriqui" };
    // Twenty answers in its old province, then (after moving 10 days ago) 3 in the new one beside a rival.
    for (let i = 0; i < 20; i++) countAnswer({ channel: "api", question: "fonda", entries: [before], total: 1 }, at(addDays(TODAY, -20)));
    for (let i = 0; i < 3; i++)
      countAnswer({ channel: "api", question: "fonda", entries: [after, rival], total: 2 }, at(addDays(TODAY, -5)));
    countAnswer({ channel: "api", question: "fonda", entries: [rival], total: 1 }, at(TODAY));
    await flushVisibility();

    const moved = await entryVisibility("restaurant", id, { segment, provincia: "chiriqui", since: addDays(TODAY, -10) }, 30, TODAY);
    expect(moved.total).toBe(23);
    // 3 of the 3 + 3 + 1 impressions of its new province since it moved, not 7 of 7 (23 clamped).
    expect(moved.share).toEqual({
      segment,
      provincia: "chiriqui",
      segmentTotal: 7,
      entryTotal: 3,
      share: 3 / 7,
    });
    expect(moved.shareFrom).toBe(addDays(TODAY, -9));
    // A change before the period leaves the whole period counted.
    const old = await entryVisibility("restaurant", rival.id, { segment, provincia: "chiriqui", since: addDays(TODAY, -60) }, 30, TODAY);
    expect(old.share).toMatchObject({ entryTotal: 4, segmentTotal: 7 });
    expect(old.shareFrom).toBe(addDays(TODAY, -29));
    // Moved today: nothing to compare with until tomorrow.
    const today = await entryVisibility("restaurant", id, { segment, provincia: "chiriqui", since: TODAY }, 30, TODAY);
    expect(today.share).toBeNull();
    expect(today.shareFrom).toBe(addDays(TODAY, 1));
  });

  it("dates a change of category, industry or province, and no other edit", async () => {
    const today = panamaToday();
    const fonda = await makeRestaurant({ categoria: "comida-tradicional", provincia: "panama" });
    const firm = await makeBusiness({ industria: "servicios", provincia: "panama" });
    expect((await visibilityEntry("restaurant", fonda.id))?.since).toBeNull();
    await queryRows(sql`update restaurants set nombre = 'Fonda renombrada', provincia = 'panama' where id = ${fonda.id}`);
    expect((await visibilityEntry("restaurant", fonda.id))?.since).toBeNull();
    await queryRows(sql`update restaurants set categoria = 'mariscos' where id = ${fonda.id}`);
    expect((await visibilityEntry("restaurant", fonda.id))?.since).toBe(today);
    await queryRows(sql`update businesses set descripcion = 'Otra' where id = ${firm.id}`);
    expect((await visibilityEntry("business", firm.id))?.since).toBeNull();
    await queryRows(sql`update businesses set provincia = 'colon' where id = ${firm.id}`);
    expect((await visibilityEntry("business", firm.id))?.since).toBe(today);
    await queryRows(sql`update businesses set segment_since = null where id = ${firm.id}`);
    await queryRows(sql`update businesses set industria = 'abogados' where id = ${firm.id}`);
    expect((await visibilityEntry("business", firm.id))?.since).toBe(today);
  });

  it("sums channels, bands, questions, actions and visits over 30 and 90 days, and its share of voice", async () => {
    const segment = `seg-${crypto.randomUUID()}`;
    const [a, b, x, y, z] = Array.from({ length: 5 }, () => ({
      kind: "restaurant" as const,
      id: crypto.randomUUID(),
      segment,
      provincia: "chiriqui",
    }));
    const today = at(TODAY);
    countAnswer({ channel: "api", question: "Café en Boquete", entries: [a!, b!], total: 2 }, today);
    countAnswer({ channel: "api", question: "cafe en boquete", entries: [a!, b!], total: 2 }, today);
    countAnswer({ channel: "mcp", question: "café en Boquete", entries: [x!, y!, z!, a!], total: 4 }, at(addDays(TODAY, -29)));
    countAnswer({ channel: "ficha", entries: [a!] }, today);
    // Inside 90 days, not 30; then before the 90.
    countAnswer({ channel: "listado", entries: [a!], firstPosition: 12 }, at(addDays(TODAY, -30)));
    countAnswer({ channel: "api", question: "muy viejo", entries: [a!], total: 1 }, at(addDays(TODAY, -90)));
    const entry = { kind: "restaurant" as const, id: a!.id };
    const one = { ip: "10.0.0.1", userAgent: "Mozilla/5.0" };
    expect(countAction(entry, "whatsapp", one, today)).toBe(true);
    expect(countAction(entry, "whatsapp", one, today)).toBe(false);
    countAction(entry, "whatsapp", { ip: "10.0.0.2", userAgent: "Mozilla/5.0" }, today);
    countAction(entry, "llamada", one, at(addDays(TODAY, -45)));
    countVisit(entry, "referral", "chatgpt", "pagina", today);
    countVisit(entry, "referral", "chatgpt", "markdown", today);
    countVisit(entry, "referral", "perplexity", "pagina", today);
    for (let i = 0; i < 3; i++) countVisit(entry, "crawler", "OAI-SearchBot", "markdown", today);
    countVisit(entry, "crawler", "Googlebot", "pagina", at(addDays(TODAY, -60)));
    await flushVisibility();

    const where = { segment, provincia: "chiriqui" };
    const v30 = await entryVisibility("restaurant", a!.id, where, 30, TODAY);
    expect(v30.from).toBe(addDays(TODAY, -29));
    expect(v30.byChannel).toEqual({ api: 2, mcp: 1, buscar: 0, listado: 0, ficha: 1 });
    expect(v30.byBand).toEqual({ 1: 3, 2: 1, 3: 0 });
    expect(v30.total).toBe(4);
    expect(v30.questions).toEqual([{ question: "cafe en boquete", count: 3, position: 2 }]);
    expect(v30.actions).toEqual({ whatsapp: 2, llamada: 0, direcciones: 0, sitio_web: 0 });
    expect(v30.referrals).toEqual([
      { source: "chatgpt", count: 2 },
      { source: "perplexity", count: 1 },
    ]);
    expect(v30.crawlers).toEqual([{ source: "OAI-SearchBot", surface: "markdown", count: 3 }]);
    // The segment was shown 2 + 2 (api) + 4 (mcp) + 1 (its page) times; this entry 4 of them.
    expect(v30.share).toEqual({ segment, provincia: "chiriqui", segmentTotal: 9, entryTotal: 4, share: 4 / 9 });
    expect(v30.shareFrom).toBe(v30.from);
    expect(v30.daily).toHaveLength(30);
    expect(v30.daily[0]).toEqual({ day: addDays(TODAY, -29), api: 0, mcp: 1, buscar: 0, listado: 0, ficha: 0 });
    expect(v30.daily[29]).toEqual({ day: TODAY, api: 2, mcp: 0, buscar: 0, listado: 0, ficha: 1 });

    const v90 = await entryVisibility("restaurant", a!.id, where, 90, TODAY);
    expect(v90.byChannel).toEqual({ api: 2, mcp: 1, buscar: 0, listado: 1, ficha: 1 });
    expect(v90.byBand).toEqual({ 1: 3, 2: 1, 3: 1 });
    expect(v90.questions).toEqual([{ question: "cafe en boquete", count: 3, position: 2 }]);
    expect(v90.actions.llamada).toBe(1);
    expect(v90.crawlers).toEqual([
      { source: "OAI-SearchBot", surface: "markdown", count: 3 },
      { source: "Googlebot", surface: "pagina", count: 1 },
    ]);
    expect(v90.share).toMatchObject({ segmentTotal: 10, entryTotal: 5, share: 5 / 10 });
    expect(v90.daily).toHaveLength(90);
    for (const c of ["api", "mcp", "listado", "ficha"] as const) expect(sumDaily(v90.daily, c)).toBe(v90.byChannel[c]);

    const other = await entryVisibility("restaurant", b!.id, where, 30, TODAY);
    expect(other.questions).toEqual([{ question: "cafe en boquete", count: 2, position: 2 }]);
    expect(other.share).toMatchObject({ entryTotal: 2, share: 2 / 9 });

    // Nothing counted: zeros, no share; no segment: no share either.
    const none = await entryVisibility("business", crypto.randomUUID(), { segment: null, provincia: "panama" }, 90, TODAY);
    expect(none.total).toBe(0);
    expect(none.share).toBeNull();
    expect(none.questions).toEqual([]);
    expect(sumDaily(none.daily, "api")).toBe(0);
  });

  it("ranks an entry's questions by how often it appeared, then by their words, ten at most", async () => {
    const e = { kind: "business" as const, id: crypto.randomUUID() };
    const words = "alfa bravo charlie delta echo foxtrot golf hotel india juliet kilo lima".split(" ");
    words.forEach((w, i) => {
      for (let n = 0; n < (i < 2 ? 5 : 1); n++) {
        countAnswer({ channel: "buscar", question: `${w} tienda`, entries: [{ kind: "business", id: crypto.randomUUID() }, e] }, at(TODAY));
      }
    });
    await flushVisibility();
    const v = await entryVisibility("business", e.id, { segment: null, provincia: "panama" }, 30, TODAY);
    expect(v.questions.map((q) => [q.question, q.count, q.position])).toEqual([
      ["alfa tienda", 5, 2],
      ["bravo tienda", 5, 2],
      ...words.slice(2, 10).map((w) => [`${w} tienda`, 1, 2]),
    ]);
  });

  it("reads the listing's name, segment, province and plan", async () => {
    const r = await makeRestaurant({ nombre: "Fonda Vista", categoria: "mariscos", provincia: "colon", plan_type: "max_local" });
    expect(await visibilityEntry("restaurant", r.id)).toMatchObject({
      nombre: "Fonda Vista",
      segment: "mariscos",
      provincia: "colon",
      plan: "max_local",
      live: true,
    });
    const b = await makeBusiness({ industria: "tiendas", provincia: "panama" });
    expect(await visibilityEntry("business", b.id)).toMatchObject({ segment: "tiendas", provincia: "panama" });
    expect(await visibilityEntry("business", r.id)).toBeUndefined();
  });
});

describe("the whole directory", () => {
  it("sums answers, impressions by channel and band, actions, referrals and crawlers", async () => {
    const day = "2032-02-10";
    const e = () => ({ kind: "restaurant" as const, id: crypto.randomUUID() });
    countAnswer({ channel: "api", entries: [e(), e(), e(), e()] }, at(day));
    countAnswer({ channel: "mcp", entries: [e()] }, at(addDays(day, -40)));
    countAnswer({ channel: "buscar", entries: [e(), e()] }, at(addDays(day, -95)));
    const one = e();
    countAction(one, "direcciones", { ip: "1.1.1.1", userAgent: "x" }, at(day));
    countVisit(one, "referral", "claude", "pagina", at(day));
    countVisit(one, "crawler", "PerplexityBot", "api", at(day));
    countVisit(one, "crawler", "PerplexityBot", "pagina", at(day));
    await flushVisibility();

    const d30 = await directoryVisibility(30, day);
    expect(d30.answers).toEqual({ api: 1, mcp: 0, buscar: 0, listado: 0, ficha: 0 });
    expect(d30.byChannel).toEqual({ api: 4, mcp: 0, buscar: 0, listado: 0, ficha: 0 });
    expect(d30.byBand).toEqual({ 1: 3, 2: 1, 3: 0 });
    expect(d30.actions.direcciones).toBe(1);
    expect(d30.referrals).toEqual([{ source: "claude", count: 1 }]);
    expect(d30.crawlers).toEqual([{ source: "PerplexityBot", count: 2 }]);
    expect(d30.daily.at(-1)).toMatchObject({ day, api: 4 });

    const d90 = await directoryVisibility(90, day);
    expect(d90.answers).toMatchObject({ api: 1, mcp: 1, buscar: 0 });
    expect(d90.total).toBe(5);
    expect(sumDaily(d90.daily, "mcp")).toBe(1);
  });

  it("lists the questions that found nothing or little, the most asked first", async () => {
    const day = "2033-03-03";
    const ask = (question: string, total: number, when = day, channel: "api" | "mcp" | "buscar" = "api") =>
      countAnswer({ channel, question, entries: [], total }, at(when));
    for (let i = 0; i < 3; i++) ask("kayak bocas", 0);
    ask("kayak bocas", 1, day, "mcp");
    for (let i = 0; i < 5; i++) ask("sushi vegano david", 2);
    ask("veterinaria colon", 0, addDays(day, -50));
    ask("veterinaria colon", 0, addDays(day, -50));
    ask("veterinaria colon", 0, addDays(day, -50));
    ask("veterinaria colon", 0, addDays(day, -50));
    ask("veterinaria colon", 0, addDays(day, -50));
    ask("veterinaria colon", 0, addDays(day, -50));
    ask("hay de todo", 10);
    await flushVisibility();

    expect(await lackingQuestions(30, day)).toEqual([
      { question: "sushi vegano david", empty: 0, few: 5, asked: 5 },
      { question: "kayak bocas", empty: 3, few: 1, asked: 4 },
    ]);
    expect(await lackingQuestions(90, day)).toEqual([
      { question: "veterinaria colon", empty: 6, few: 0, asked: 6 },
      { question: "sushi vegano david", empty: 0, few: 5, asked: 5 },
      { question: "kayak bocas", empty: 3, few: 1, asked: 4 },
    ]);
    expect(await lackingQuestions(90, day, 1)).toHaveLength(1);
  });
});

describe("the daily pass and the entries shown most without a paid plan", () => {
  const day = "2034-05-20";
  const put = (kind: string, id: string, d: string, count: number) =>
    queryRows(sql`insert into visibility_impressions (kind, listing_id, day, channel, band, count)
      values (${kind}, ${id}::uuid, ${d}::date, 'api', 1, ${count})`);

  it("rolls up full days once a day across processes, and ranks unpaid entries by 30 or 90 days", async () => {
    const free = await makeRestaurant({ plan_type: "free_local" });
    const starter = await makeRestaurant({ plan_type: "starter_local" });
    const max = await makeBusiness({ plan_type: "max_local" });
    const older = await makeBusiness({ plan_type: "free_local" });
    const small = await makeRestaurant({ plan_type: "free_local" });
    await put("restaurant", free.id, addDays(day, -1), 700);
    await put("restaurant", free.id, addDays(day, -30), 50);
    await put("restaurant", free.id, addDays(day, -31), 9);
    await put("restaurant", free.id, day, 100_000); // today: not a full day yet
    await put("restaurant", starter.id, addDays(day, -2), 5_000);
    await put("business", max.id, addDays(day, -3), 6_000);
    await put("business", older.id, addDays(day, -60), 2_000);
    await put("business", older.id, addDays(day, -91), 99_000); // before the 90 days
    await put("restaurant", small.id, addDays(day, -5), 3);
    // An entry whose listing is gone is left out of the list.
    await put("restaurant", crypto.randomUUID(), addDays(day, -1), 80_000);

    // Two processes at once: each slice is done once.
    const done = await Promise.all([refreshVisibilityRollups(day), refreshVisibilityRollups(day)]);
    expect(done[0] + done[1]).toBe(32);
    expect(await refreshVisibilityRollups(day)).toBe(0);

    const rollup = async (id: string) =>
      (
        await queryRows<{ i30: number; i90: number; on: string }>(
          sql`select impressions_30 as i30, impressions_90 as i90, updated_on::text as on from visibility_rollups where listing_id = ${id}::uuid`,
        )
      )[0];
    expect(await rollup(free.id)).toEqual({ i30: 750, i90: 759, on: day });
    expect(await rollup(older.id)).toEqual({ i30: 0, i90: 2_000, on: day });

    expect((await topUnpaid(30)).map((e) => [e.id, e.impressions, e.plan])).toEqual([
      [free.id, 750, "free_local"],
      [small.id, 3, "free_local"],
    ]);
    expect((await topUnpaid(90)).map((e) => [e.id, e.impressions])).toEqual([
      [older.id, 2_000],
      [free.id, 759],
      [small.id, 3],
    ]);
    expect((await topUnpaid(90, 1)).map((e) => e.nombre)).toEqual([older.nombre]);

    // The next day the window moves on: the -60 day leaves the 30, an entry with nothing left loses its rollup.
    const later = addDays(day, 62);
    await visibilityDailyPass(at(later));
    expect(await rollup(older.id)).toBeUndefined();
    expect(await rollup(free.id)).toMatchObject({ i30: 0, i90: 100_700, on: later });
  });
});

describe("the demo's counts", () => {
  it("are the same on every run and written once", async () => {
    const listings = [
      // Slugs the demo's skew puts among the busiest (a long-tail entry may have no question at all).
      await makeRestaurant({ slug: "demo-vis-6", categoria: "mariscos", provincia: "colon", especialidades: ["Ceviche"] }),
      await makeBusiness({ slug: "demo-vis-8", industria: "tiendas", provincia: "panama", plan_type: "max_local" }),
    ];
    const slugs = listings.map((l) => l.slug);
    const totals = () =>
      queryRows<{ t: string; n: number }>(sql`
        select 'imp' as t, coalesce(sum(count), 0)::float8 as n from visibility_impressions where listing_id in (${listings[0]!.id}::uuid, ${listings[1]!.id}::uuid)
        union all select 'q', coalesce(sum(count), 0)::float8 from visibility_entry_questions where listing_id = ${listings[0]!.id}::uuid
        union all select 'v', coalesce(sum(count), 0)::float8 from visibility_visits where listing_id = ${listings[1]!.id}::uuid
        union all select 'r', count(*)::float8 from visibility_rollups where listing_id = ${listings[0]!.id}::uuid`);
    await seedDemoVisibility(slugs);
    const first = await totals();
    expect(first.filter((r) => r.n > 0).map((r) => r.t)).toEqual(["imp", "q", "v", "r"]);
    await seedDemoVisibility(slugs);
    expect(await totals()).toEqual(first);
    const view = await entryVisibility("restaurant", listings[0]!.id, { segment: "mariscos", provincia: "colon" }, 90, panamaToday());
    expect(view.total).toBe(
      first[0]!.n - (await entryVisibility("business", listings[1]!.id, { segment: null, provincia: "panama" }, 90, panamaToday())).total,
    );
    expect(view.share?.share).toBe(1);
    expect(view.questions.map((q) => q.question).sort()).toEqual(["ceviche en colon", "mariscos en colon", "mejor mariscos colon"]);
  });
});
