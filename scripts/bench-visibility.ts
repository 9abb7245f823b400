/**
 * `DATABASE_URL=postgres://… npm run bench:visibility -- [--listings 1000000] [--runs 40] [--refill] [--explain]`
 *
 * Times the visibility views' queries on a PostgreSQL database full of listings (npm run
 * db:seed:large makes one): fills 90 days of counts for up to --listings of its entries (once; again
 * with --refill, which empties the visibility tables first), runs the daily pass, then times the
 * owner's page loader for a few entries (the busiest, a middling one, one of the long tail, one never
 * shown) and the admin's page queries, for 30 and 90 days, p50/p95/max over --runs runs each. A
 * benchmark, not a test: it prints numbers and never fails on them.
 *
 * The counts are skewed as a directory's are: 0.5 % of the entries are shown every day on every
 * channel and band, for ten questions a day; 9.5 % on about a third of the days; the other 90 % on one
 * or two days out of 90. The fill prints how many rows each table got.
 */
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { arg, flag } from "./lib/args";
import { ascending, ms, percentile as pct } from "./lib/stats";

if (!process.env.DATABASE_URL) {
  console.error("Falta DATABASE_URL: la prueba mide PostgreSQL (p. ej. postgres://postgres@127.0.0.1:55432/pv1m).");
  process.exit(1);
}
const LISTINGS = Number(arg("listings", "1000000"));
const RUNS = Number(arg("runs", "40"));
const REFILL = flag("refill");
const EXPLAIN = flag("explain");

// The fill's statements take minutes; the views' queries run with the server's own timeout.
process.env.DB_STATEMENT_TIMEOUT_MS = "0";
const { dbReady, closeDb, queryRows, db } = await import("../app/server/platform/db.server");
const { panamaToday, addDays } = await import("../app/catalog/holidays");
const views = await import("../app/server/models/visibility-views.server");
const { entryVisibilityPage } = await import("../app/server/visibility/entry-view.server");
const { refreshVisibilityRollups } = await import("../app/server/visibility/daily-pass.server");

await dbReady();
const today = panamaToday();
const from = addDays(today, -89);

const TABLES = [
  "visibility_impressions",
  "visibility_entry_questions",
  "visibility_actions",
  "visibility_visits",
  "visibility_segment_impressions",
  "visibility_directory",
  "visibility_questions",
  "visibility_rollups",
];

async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const t = performance.now();
  const result = await work();
  console.log(`  ${label}: ${((performance.now() - t) / 1000).toFixed(1)} s`);
  return result;
}

async function rowCounts(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of TABLES) {
    const [r] = await queryRows<{ n: number }>(sql`select count(*)::float8 as n from ${sql.identifier(t)}`);
    out[t] = r!.n;
  }
  return out;
}

/** A number in [0, 1) from a text, in SQL (hashtext is fast; the bench runs on PostgreSQL only). */
const h = (expr: string) => `((hashtext(${expr})::bigint + 2147483648) / 4294967296.0)`;

async function fill() {
  console.log(`Llenando 90 días de conteos (${from} a ${today}) para ${LISTINGS} fichas…`);
  if (REFILL) for (const t of TABLES) await db.execute(sql.raw(`truncate ${t}`));
  // The entries, each with its place in the skew (u) and its tier: 1 % busy, 9 % middling, 90 % rarely shown.
  await db.execute(sql.raw(`drop table if exists bench_vis_listings`));
  await db.execute(
    sql.raw(`
    create unlogged table bench_vis_listings as
    select kind, id, segment, provincia, u, case when u < 0.005 then 1 when u < 0.10 then 2 else 3 end as tier from (
      select kind, id, segment, provincia, ${h("id::text")} as u from (
        (select 'restaurant' as kind, id, categoria as segment, provincia from restaurants order by id limit ${Math.ceil(LISTINGS / 2)})
        union all
        (select 'business', id, industria, provincia from businesses order by id limit ${Math.floor(LISTINGS / 2)})
      ) a
    ) b`),
  );
  await db.execute(sql.raw(`create index on bench_vis_listings (tier)`));
  const days = `(select ('${from}'::date + i) as day, i from generate_series(0, 89) i)`;
  const channels = `(values ('api'), ('mcp'), ('buscar'), ('listado'), ('ficha')) c(channel)`;
  // Which (listing, day) pairs have counts: every day for tier 1, about a third for tier 2, two days for tier 3.
  const shownDays = `(
    select l.*, d.day from bench_vis_listings l cross join ${days} d where l.tier = 1
    union all
    select l.*, d.day from bench_vis_listings l cross join ${days} d where l.tier = 2 and ${h("l.id::text || d.i")} < 0.33
    union all
    select l.*, '${from}'::date + (abs(hashtext(l.id::text)) % 90) from bench_vis_listings l where l.tier = 3
    union all
    select l.*, '${from}'::date + (abs(hashtext(l.id::text || 'b')) % 90) from bench_vis_listings l where l.tier = 3 and l.u < 0.55
  )`;
  await db.execute(sql.raw(`drop table if exists bench_vis_days`));
  await timed("días con apariciones", () =>
    db.execute(sql.raw(`create unlogged table bench_vis_days as select distinct on (kind, id, day) * from ${shownDays} s`)),
  );
  await timed("visibility_impressions", () =>
    db.execute(
      sql.raw(`
      insert into visibility_impressions (kind, listing_id, day, channel, band, count)
      select s.kind, s.id, s.day, c.channel, b.band,
        1 + floor(case s.tier when 1 then 400 when 2 then 20 else 2 end * ${h("s.id::text || s.day || c.channel || b.band")})::int
      from bench_vis_days s cross join ${channels} cross join (values (1), (2), (3)) b(band)
      where case s.tier when 1 then true when 2 then ${h("s.id::text || s.day || c.channel || b.band")} < 0.12
        else c.channel = (array['api','mcp','buscar','listado','ficha'])[1 + abs(hashtext(s.id::text || s.day)) % 5] and b.band = 2 end
      on conflict do nothing`),
    ),
  );
  await timed("visibility_entry_questions", () =>
    db.execute(
      sql.raw(`
      insert into visibility_entry_questions (kind, listing_id, day, question, count, position_sum)
      select kind, id, day, question, n, n * (1 + abs(hashtext(id::text || question)) % 12) from (
        select s.kind, s.id, s.day, 'pregunta ' || (abs(hashtext(s.id::text || q.k)) % 20000) as question,
          1 + floor(case s.tier when 1 then 30 else 3 end * ${h("s.id::text || s.day || q.k")})::int as n
        from bench_vis_days s join generate_series(1, 10) q(k)
          on q.k <= case s.tier when 1 then 10 else 1 end
      ) x
      on conflict do nothing`),
    ),
  );
  await timed("visibility_actions", () =>
    db.execute(
      sql.raw(`
      insert into visibility_actions (kind, listing_id, day, action, count)
      select s.kind, s.id, s.day, a.action, 1 + floor(case s.tier when 1 then 25 else 2 end * ${h("s.id::text || s.day || a.action")})::int
      from bench_vis_days s cross join (values ('whatsapp'), ('llamada'), ('direcciones'), ('sitio_web')) a(action)
      where s.tier = 1 or ${h("s.id::text || s.day || a.action")} < case s.tier when 2 then 0.25 else 0.1 end
      on conflict do nothing`),
    ),
  );
  await timed("visibility_visits", () =>
    db.execute(
      sql.raw(`
      insert into visibility_visits (kind, listing_id, day, visit, source, surface, count)
      select s.kind, s.id, s.day, v.visit, v.source, v.surface, 1 + floor(case s.tier when 1 then 12 else 2 end * ${h("s.id::text || s.day || v.source || v.surface")})::int
      from bench_vis_days s cross join (values ('referral', 'chatgpt', 'pagina'), ('referral', 'perplexity', 'pagina'), ('referral', 'claude', 'pagina'),
        ('crawler', 'OAI-SearchBot', 'pagina'), ('crawler', 'PerplexityBot', 'markdown'), ('crawler', 'Claude-SearchBot', 'markdown'),
        ('crawler', 'Googlebot', 'pagina'), ('crawler', 'ChatGPT-User', 'api')) v(visit, source, surface)
      where s.tier = 1 or ${h("s.id::text || s.day || v.source || v.surface")} < case s.tier when 2 then 0.1 else 0.05 end
      on conflict do nothing`),
    ),
  );
  await timed("visibility_segment_impressions", () =>
    db.execute(
      sql.raw(`
      insert into visibility_segment_impressions (kind, segment, provincia, day, count)
      select i.kind, l.segment, l.provincia, i.day, least(sum(i.count), 2147483647)::int
      from visibility_impressions i join bench_vis_listings l on l.kind = i.kind and l.id = i.listing_id
      where l.segment is not null and i.day >= '${from}'
      group by 1, 2, 3, 4
      on conflict do nothing`),
    ),
  );
  await timed("visibility_directory", () =>
    db.execute(
      sql.raw(`
      insert into visibility_directory (day, metric, count)
      select day, metric, least(n, 2147483647)::int from (
        select day, 'imp:' || channel || ':' || band as metric, sum(count) as n from visibility_impressions where day >= '${from}' group by 1, 2
        union all select day, 'answer:' || channel, sum(count) / 8 from visibility_impressions where day >= '${from}' group by 1, 2
        union all select day, 'action:' || action, sum(count) from visibility_actions where day >= '${from}' group by 1, 2
        union all select day, visit || ':' || source, sum(count) from visibility_visits where day >= '${from}' group by 1, 2
      ) x
      on conflict do nothing`),
    ),
  );
  // What customers ask that finds little: 30,000 questions, a few asked often, most once or twice.
  await timed("visibility_questions", () =>
    db.execute(
      sql.raw(`
      insert into visibility_questions (day, question, channel, empty, few)
      select d.day, 'falta ' || q.k, c.channel,
        (1 + floor(40.0 / q.k * ${h("q.k::text || d.day || c.channel")}))::int, floor(10.0 / q.k * ${h("q.k::text || d.day || c.channel || 'f'")})::int
      from ${days} d cross join generate_series(1, 30000) q(k) cross join (values ('api'), ('mcp'), ('buscar')) c(channel)
      where ${h("q.k::text || d.day || c.channel || 'p'")} < greatest(0.02, 3.0 / q.k)
      on conflict do nothing`),
    ),
  );
  await db.execute(sql.raw(`drop table bench_vis_days`));
  await db.execute(sql.raw(`analyze`));
}

const [filled] = await queryRows<{ any: boolean }>(sql`select exists (select 1 from visibility_impressions) as any`);
if (REFILL || !filled?.any) await fill();
else console.log("Los conteos ya están (usa --refill para llenarlos de nuevo).");
await db.execute(sql.raw(`drop table if exists bench_vis_listings`));

console.log("Pasada diaria (rollups de 30 y 90 días):");
await db.execute(sql`delete from visibility_directory where metric like 'pass:rollups:%' and day = ${today}::date`);
await timed("refreshVisibilityRollups", () => refreshVisibilityRollups(today));

console.log("\nFilas por tabla:");
const counts = await rowCounts();
for (const [t, n] of Object.entries(counts)) console.log(`  ${t.padEnd(32)} ${n.toLocaleString("es-PA")}`);

/** The entries timed: the busiest, one in the middle of the rollups, one barely shown, and one never shown. */
async function pickEntries() {
  const one = async (order: string) =>
    (
      await queryRows<{ kind: "restaurant" | "business"; id: string; n: number }>(
        sql.raw(`select kind, listing_id::text as id, impressions_90::float8 as n from visibility_rollups order by ${order} limit 1`),
      )
    )[0]!;
  const busiest = await one("impressions_90 desc nulls last");
  const [{ n: rolled }] = await queryRows<{ n: number }>(sql`select count(*)::float8 as n from visibility_rollups`);
  const middle = (
    await queryRows<{ kind: "restaurant" | "business"; id: string; n: number }>(
      sql`select kind, listing_id::text as id, impressions_90::float8 as n from visibility_rollups order by impressions_90 desc nulls last offset ${Math.floor(rolled * 0.05)} limit 1`,
    )
  )[0]!;
  const tail = await one("impressions_90 asc");
  const [never] = await queryRows<{ id: string }>(sql`
    select r.id::text from restaurants r where not exists (select 1 from visibility_rollups v where v.kind = 'restaurant' and v.listing_id = r.id) limit 1`);
  return [
    { label: "la más vista", ...busiest },
    { label: "en el 5 % de arriba", ...middle },
    { label: "de la cola larga", ...tail },
    { label: "nunca mostrada", kind: "restaurant" as const, id: never!.id, n: 0 },
  ];
}

type Row = { what: string; p50: number; p95: number; max: number };
const results: Row[] = [];

async function measure(what: string, work: () => Promise<unknown>) {
  for (let i = 0; i < 3; i++) await work(); // warm the cache and the pool
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await work();
    times.push(performance.now() - t);
  }
  ascending(times);
  const row = { what, p50: pct(times, 50), p95: pct(times, 95), max: times.at(-1)! };
  results.push(row);
  console.log(`  ${what.padEnd(62)} p50 ${ms(row.p50).padStart(9)}  p95 ${ms(row.p95).padStart(9)}  máx ${ms(row.max).padStart(9)}`);
}

console.log(`\nTiempos (${RUNS} veces cada uno, después de 3 de calentamiento):`);
const entries = await pickEntries();
for (const e of entries) {
  for (const days of [30, 90] as const) {
    const request = new Request(`http://bench/mi-negocio/x/${e.id}/visibilidad${days === 90 ? "?dias=90" : ""}`);
    await measure(`dueño · ${e.label} (${e.n.toLocaleString("es-PA")} en 90 d) · ${days} días`, () =>
      entryVisibilityPage(e.kind, e.id, request),
    );
  }
}
for (const days of [30, 90] as const) {
  await measure(`admin · cargador completo · ${days} días`, () =>
    Promise.all([views.directoryVisibility(days, today), views.lackingQuestions(days, today), views.topUnpaid(days)]),
  );
  await measure(`admin · totales del directorio · ${days} días`, () => views.directoryVisibility(days, today));
  await measure(`admin · preguntas sin resultados · ${days} días`, () => views.lackingQuestions(days, today));
  await measure(`admin · más vistas sin plan de pago · ${days} días`, () => views.topUnpaid(days));
}

if (EXPLAIN) {
  const busy = entries[0]!;
  const plans: [string, string][] = [
    [
      "preguntas de la más vista, 90 días",
      `select question, sum(count), sum(position_sum)::float8 / sum(count) from visibility_entry_questions where kind = '${busy.kind}' and listing_id = '${busy.id}' and day between '${from}' and '${today}' group by question order by 2 desc, question limit 10`,
    ],
    [
      "preguntas sin resultados, 90 días",
      `select question, sum(empty), sum(few), sum(empty + few) as asked from visibility_questions where day between '${from}' and '${today}' group by question order by asked desc, 2 desc, question limit 30`,
    ],
  ];
  for (const [label, q] of plans) {
    console.log(`\nEXPLAIN ANALYZE: ${label}`);
    for (const r of await queryRows<{ "QUERY PLAN": string }>(sql.raw(`explain (analyze, buffers) ${q}`)))
      console.log(`  ${r["QUERY PLAN"]}`);
  }
}

const worst = Math.max(...results.map((r) => r.p95));
console.log(`\nEl p95 más alto: ${ms(worst)} (meta: 200 ms).`);
await closeDb();
