/**
 * `npm run bench:embedded-db -- [--listings 100000] [--data-dir DIR] [--warmup 20] [--duration 10] [--concurrency 8] [--render-ms 4] [--rounds 1]`
 *
 * The two ways of reaching the embedded database (decision 044), on the same seeded files, with the
 * directory's real queries (app/server/models/listings.server.ts: province and industry pages, a page
 * through its cursor, entries by slug; the search engine as /buscar asks it):
 * - `socket`: what the app runs, PGlite on its worker thread behind pglite-socket, a node-postgres
 *   pool of one connection (app/server/platform/db.server.ts);
 * - `in-process`: PGlite on the calling thread through `drizzle-orm/pglite`.
 * For each: every query alone (p50/p99, sequential), then `--concurrency` callers for `--duration`
 * seconds (queries/s, p50/p99), then the same callers each spending `--render-ms` of synchronous work
 * per page as a page render does (pages/s, p50/p99). A call is timed from its arrival, before the
 * loop turn that handles it. Each row also says how long the event loop was held
 * (monitorEventLoopDelay: p99 and max of a 1 ms timer's lateness) and how busy it was
 * (eventLoopUtilization), which is what every other request on the thread waits for.
 * Without --data-dir it seeds a throwaway folder (demo-free, `--listings` generated rows).
 * A benchmark, not a test: it prints numbers and never fails on them.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import type { SQL } from "drizzle-orm";
import { arg } from "./lib/args";
import { ascending, ms, percentile as pct, pick } from "./lib/stats";

const LISTINGS = Number(arg("listings", "100000"));
const GIVEN_DIR = arg("data-dir", "");
const WARMUP = Number(arg("warmup", "20"));
const DURATION = Number(arg("duration", "10"));
const CONCURRENCY = Number(arg("concurrency", "8"));
const RENDER_MS = Number(arg("render-ms", "4"));
const ROUNDS = Number(arg("rounds", "1"));
const QUERY_RUNS = Number(arg("query-runs", "200"));

const dataDir = GIVEN_DIR ? path.resolve(GIVEN_DIR) : fs.mkdtempSync(path.join(os.tmpdir(), "pv-bench-embedded-"));
Object.assign(process.env, {
  NODE_ENV: "production",
  DATA_DIR: dataDir,
  SEED_DEMO: "0",
  AUTH_SECRET: "bench-secret-bench-secret-bench-secret-0123",
  // Seeding runs statements far longer than a page's.
  DB_STATEMENT_TIMEOUT_MS: "0",
  // Every search reaches the database (the engine's answer cache would answer repeats from memory).
  API_CACHE_TTL_MS: "0",
});
delete process.env.DATABASE_URL;
delete process.env.WEB_CONCURRENCY;

const { sql } = await import("drizzle-orm");
const { drizzle } = await import("drizzle-orm/pglite");
const { PGlite } = await import("@electric-sql/pglite");
const { PGLITE_EXTENSIONS } = await import("../app/server/platform/pglite-extensions.server.mjs");
const dbModule = await import("../app/server/platform/db.server");
const { dropSingleton, replaceSingleton } = await import("../app/server/platform/singleton.server");
const models = await import("../app/server/models/listings.server");
const entries = await import("../app/server/models/listing-entries.server");
const { search } = await import("../app/server/search/engine.server");
const { PROVINCE_SLUGS } = await import("../app/catalog/provinces");
const { INDUSTRY_SLUGS } = await import("../app/catalog/industries");
const schema = await import("../app/db/schema");
const { seedLarge } = await import("./seed-large");

// ---- data

/** Seeds the folder when it holds fewer than half the listings asked for; what the queries ask for. */
async function prepareData(): Promise<{ restaurants: number; businesses: number; cursor2: { ts: string; id: string } }> {
  await dbModule.dbReady();
  const [{ n: existing } = { n: 0 }] = await dbModule.queryRows<{ n: number }>(sql`select count(*)::int as n from restaurants`);
  if (existing < LISTINGS / 2) {
    console.info(`[bench] generando ${LISTINGS.toLocaleString("es-PA")} listados en ${dataDir}`);
    await seedLarge(
      LISTINGS,
      (q) => dbModule.db.execute(q),
      (q) => dbModule.queryRows(q),
    );
  }
  const [counts] = await dbModule.queryRows<{ r: number; b: number }>(
    sql`select (select count(*)::int from restaurants) as r, (select count(*)::int from businesses) as b`,
  );
  const [page2] = await dbModule.queryRows<{ ts: string; id: string }>(sql`
    select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as ts, id::text as id from restaurants
    where provincia = 'panama' and is_active order by created_at desc, id desc offset 5 limit 1`);
  await dbModule.closeDb();
  return { restaurants: counts!.r, businesses: counts!.b, cursor2: page2! };
}
const { restaurants, businesses, cursor2 } = await prepareData();

/** The directory's queries, as its pages call them; slugs and filters vary from call to call. */
const operations: { name: string; run: () => Promise<unknown> }[] = [
  { name: "provincia, página 1", run: () => models.listRestaurantsByProvince(pick(PROVINCE_SLUGS)) },
  { name: "provincia, página 2 (cursor)", run: () => models.listRestaurantsByProvince("panama", cursor2) },
  { name: "industria + provincia", run: () => models.listBusinessesByIndustry(pick(INDUSTRY_SLUGS), { provincia: pick(PROVINCE_SLUGS) }) },
  { name: "ficha de restaurante", run: () => entries.getRestaurantBySlug(`gen-r-${1 + Math.floor(Math.random() * restaurants)}`) },
  { name: "ficha de negocio", run: () => entries.getBusinessBySlug(`gen-n-${1 + Math.floor(Math.random() * businesses)}`) },
  { name: "búsqueda «ceviche boquete»", run: () => search({ text: "ceviche boquete", limit: 6 }) },
  { name: "búsqueda «marisqueria» + provincia", run: () => search({ text: "marisqueria", province: pick(PROVINCE_SLUGS), limit: 6 }) },
];
/** A page's mix: mostly listing and entry pages, some searches. */
const pageMix = [0, 0, 1, 2, 2, 3, 3, 3, 4, 4, 5, 6].map((i) => operations[i]!);

// ---- the two ways in
type Mode = { name: string; open: () => Promise<void>; close: () => Promise<void> };
let inProcess: InstanceType<typeof PGlite> | null = null;
const modes: Mode[] = [
  {
    name: "socket (hilo propio, pool de 1)",
    open: () => dbModule.dbReady(),
    close: () => dbModule.closeDb(),
  },
  {
    name: "en proceso (drizzle-orm/pglite)",
    open: async () => {
      inProcess = await PGlite.create(path.join(dataDir, "pglite"), { extensions: PGLITE_EXTENSIONS });
      // The models reach the database through db.server's process-wide handle: hand them this one.
      const db = drizzle({ client: inProcess, schema });
      // The search runs some statements with planner methods off, as db.server.ts does on PGlite: in a transaction.
      const rowsWithout = (off: readonly string[], query: SQL) =>
        db.transaction(async (tx) => {
          // One statement per call: drizzle-orm/pglite prepares each, and a prepared statement holds one command.
          for (const m of off) await tx.execute(sql.raw(`set local ${m} = off`));
          return (await tx.execute(query)).rows;
        });
      replaceSingleton("db", { db, rowsWithout });
    },
    close: async () => {
      dropSingleton("db");
      await inProcess!.close();
    },
  },
];

function busy(msWork: number) {
  const until = performance.now() + msWork;
  while (performance.now() < until) {
    /* a page render's synchronous work */
  }
}

type Row = { count: number; seconds: number; p50: number; p99: number; loopP99: number; loopMax: number; elu: number };

/** Runs `callers` loops of `step` for `seconds` (or `runs` calls in all), timing each call and the event loop. */
async function measure(step: () => Promise<unknown>, opts: { callers: number; seconds?: number; runs?: number }): Promise<Row> {
  const times: number[] = [];
  const loop = monitorEventLoopDelay({ resolution: 1 });
  const elu0 = performance.eventLoopUtilization();
  loop.enable();
  const start = performance.now();
  const end = opts.seconds ? start + opts.seconds * 1000 : Infinity;
  let left = opts.runs ?? Infinity;
  await Promise.all(
    Array.from({ length: opts.callers }, async () => {
      while (performance.now() < end && left-- > 0) {
        // A request arrives as an I/O event and is handled on a later turn of the loop: its time
        // includes the wait for whatever holds the loop (in-process, the other callers' queries).
        const arrived = performance.now();
        await new Promise((resolve) => setImmediate(resolve));
        await step();
        times.push(performance.now() - arrived);
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  loop.disable();
  const elu = performance.eventLoopUtilization(elu0);
  ascending(times);
  return {
    count: times.length,
    seconds,
    p50: pct(times, 50),
    p99: pct(times, 99),
    loopP99: loop.percentile(99) / 1e6,
    loopMax: loop.max / 1e6,
    elu: elu.utilization,
  };
}

const fmtLoop = (r: Row) =>
  `bucle p99 ${ms(r.loopP99).padStart(8)} máx ${ms(r.loopMax).padStart(8)} ocupado ${(r.elu * 100).toFixed(0).padStart(3)} %`;
/** A row of CONCURRENCY callers: calls a second (`unit`), p50/p99 and the event loop. */
const rateLine = (label: string, r: Row, unit: string) =>
  `${label.padEnd(36)} ${String(CONCURRENCY).padStart(2)} a la vez ${Math.round(r.count / r.seconds)
    .toString()
    .padStart(5)} ${unit.padEnd(11)} p50 ${ms(r.p50).padStart(8)} p99 ${ms(r.p99).padStart(8)}  ${fmtLoop(r)}`;

console.info(
  `\n== bench:embedded-db · ${(restaurants + businesses).toLocaleString("es-PA")} listados · ${os.cpus().length} CPU · Node ${process.version} · ` +
    `${CONCURRENCY} llamantes × ${DURATION} s · render ${RENDER_MS} ms · calentamiento ${WARMUP} s\n`,
);

/** One way in: warmed up, then every query alone, the mix, and the mix with a render's work; a line each. */
async function modeRows(mode: Mode): Promise<string[]> {
  await mode.open();
  // PGlite's WebAssembly is compiled by V8's baseline tier first and optimized in the background
  // during the first seconds: without a warm-up the first rows measure compilation.
  await measure(() => pick(pageMix).run(), { callers: CONCURRENCY, seconds: WARMUP });
  const lines: string[] = [];
  for (const op of operations) {
    const r = await measure(op.run, { callers: 1, runs: QUERY_RUNS });
    lines.push(`${op.name.padEnd(36)} sola      p50 ${ms(r.p50).padStart(8)} p99 ${ms(r.p99).padStart(8)}  ${fmtLoop(r)}`);
    console.info(lines.at(-1));
  }
  const mixed = await measure(() => pick(pageMix).run(), { callers: CONCURRENCY, seconds: DURATION });
  lines.push(rateLine("mezcla", mixed, "consultas/s"));
  console.info(lines.at(-1));
  const pages = await measure(
    async () => {
      await pick(pageMix).run();
      busy(RENDER_MS);
    },
    { callers: CONCURRENCY, seconds: DURATION },
  );
  lines.push(rateLine(`mezcla + ${RENDER_MS} ms de render`, pages, "páginas/s"));
  console.info(lines.at(-1));
  await mode.close();
  return lines;
}

const summary: string[] = [];
for (let round = 1; round <= ROUNDS; round++) {
  for (const mode of modes) {
    const title = `-- ${mode.name}${ROUNDS > 1 ? ` · ronda ${round}` : ""}`;
    console.info(title);
    summary.push(title, ...(await modeRows(mode)));
  }
}
if (!GIVEN_DIR) fs.rmSync(dataDir, { recursive: true, force: true });
console.info(`\n== resumen\n${summary.join("\n")}`);
