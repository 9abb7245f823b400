/**
 * `npm run bench:directory -- --listings 1000000 [--embedded] [--workers N] [--warmup S] [--duration 10] [--connections 20] [--rate 250] [--api-rate 100] [--first-rates 40,70,100] [--lang-mix 0.5] [--explain] [--no-http]`
 *
 * Seeds a throwaway PostgreSQL (or, with --embedded, PGlite) with generated listings, times every
 * directory query in the database (p50/p99 over repeated runs, plus EXPLAIN ANALYZE with --explain),
 * starts the production server, and drives it with autocannon on loopback for bounded durations:
 * province page 1, page 50 through the cursor, an industry page with a province filter, an entry page
 * and a search. Per route it prints req/s, p50/p95/p99 and errors, from the page cache and uncached
 * (a unique query string per request), and the same HTML served as a static file by the same server,
 * as a ratio; then uncached pages at a fixed rate (--rate, open loop) for their latency at that
 * throughput. Last, questions asked for the first time (a share --lang-mix of them in English, the
 * rest in Spanish; none asked twice in a run, so no answer cache helps) to /api/v1/buscar, the MCP
 * `buscar` tool and the /buscar page, each at --api-rate or at each of --first-rates (open loop), with
 * the CPU a question cost the server, PostgreSQL and the load generator. On PostgreSQL the server runs one process per CPU (WEB_CONCURRENCY, as in production;
 * `--workers 1` for a single process); the embedded database runs one process. A benchmark, not a
 * test: it prints numbers and never fails on them.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { type SQL, sql } from "drizzle-orm";
import { arg, flag } from "./lib/args";
import { type BenchDatabase, benchDatabase, benchServerEnv, startBenchServer } from "./lib/bench-server";
import { firstTimeQuestions, type Lang } from "./lib/bench-questions";
import { closedLoop, formatStat as fmt, type LoadRequest, type LoadStat, openLoop, type Post } from "./lib/load";
import { recordMcpCalls } from "./lib/mcp-recorder";
import { type Cpu, cpuNow, workerPids } from "./lib/procfs";
import { sleep } from "./lib/processes";
import { ascending, ms, percentile as pct, sum } from "./lib/stats";
import { seedLarge } from "./seed-large";

const root = path.resolve(import.meta.dirname, "..");
const LISTINGS = Number(arg("listings", "100000"));
const EMBEDDED = flag("embedded");
const EXPLAIN = flag("explain");
/** Only the database part (seed, query timings, EXPLAIN): no server, no HTTP load. */
const NO_HTTP = flag("no-http");
const DURATION = Number(arg("duration", "10"));
const CONNECTIONS = Number(arg("connections", "20"));
const PORT = Number(arg("port", "3290"));
const BASE = `http://127.0.0.1:${PORT}`;
const BUILD_DIR = process.env.BUILD_DIR ?? "build-bench";
const QUERY_RUNS = Number(arg("query-runs", "300"));
const WORKERS = Number(arg("workers", EMBEDDED ? "1" : String(os.cpus().length)));
if (EMBEDDED && WORKERS > 1) {
  console.error("--workers mayor que 1 necesita PostgreSQL: la base embebida admite un solo proceso (quita --embedded).");
  process.exit(1);
}
const WARMUP = Number(arg("warmup", EMBEDDED ? "30" : "10"));
/** Requests per second of the open-loop rows (the target rate for uncached pages). */
const PACED_RATE = Number(arg("rate", "250"));
/** Requests per second of the open-loop rows of search: the API, MCP and the first-time questions' rows. */
const API_RATE = Number(arg("api-rate", "100"));
/** The rates of the first-time rows (`--first-rates 40,70,100`): where the p99 stands below the target rate too. */
const FIRST_RATES = arg("first-rates", String(API_RATE)).split(",").map(Number);
if (FIRST_RATES.some((r) => !(r > 0))) {
  console.error("--first-rates es una lista de preguntas por segundo separadas por comas (40,70,100).");
  process.exit(1);
}
/** Share of the first-time questions asked in English (0 to 1); the rest are Spanish. */
const LANG_MIX = Number(arg("lang-mix", "0.5"));
if (!(LANG_MIX >= 0 && LANG_MIX <= 1)) {
  console.error("--lang-mix es la parte de preguntas en inglés: un número entre 0 y 1 (0.5 = la mitad).");
  process.exit(1);
}

/** What assistants send to /api/v1/buscar most often (answered from the answer cache after the first time). */
const API_FREE_TEXT = [
  "mariscos en Bocas",
  "ceviche boquete",
  "restorante chitre",
  "abogado David",
  "dentista",
  "cafe",
  "pizza en colon",
  "surf pedasi",
];
const API_FILTERED: Record<string, string>[] = [
  { q: "clinica", industria: "salud", provincia: "panama" },
  { categoria: "mariscos", provincia: "colon" },
  { q: "corvina", tipo: "restaurantes", provincia: "los-santos" },
  { tipo: "negocios", industria: "abogados" },
];
/** Distinct questions (town × what), so that each request misses the answer cache: the search's own cost. */
const TOWNS = [
  "Bocas",
  "David",
  "Chitré",
  "Colón",
  "Boquete",
  "Santiago",
  "Penonomé",
  "Las Tablas",
  "La Chorrera",
  "Pedasí",
  "Aguadulce",
  "Portobelo",
  "Volcán",
  "Coronado",
  "El Valle",
  "Metetí",
];
const WHATS = [
  "mariscos",
  "ceviche",
  "corvina",
  "café",
  "abogado",
  "dentista",
  "ferretería",
  "pizza",
  "parrilla",
  "sancocho",
  "barbería",
  "gimnasio",
  "hotel",
  "tours",
  "clases de inglés",
  "contador",
  "panadería",
  "comida típica",
  "postres",
  "taller mecánico",
];
const API_DISTINCT = TOWNS.flatMap((t) => WHATS.flatMap((w) => [`${w} en ${t}`, `${w} ${t}`, `${t} ${w}`]));
/**
 * 'Near me, open now': distinct points scattered around the towns where listings cluster, so
 * that every request misses the answer cache, as a WhatsApp location would.
 */
const NEAR_TOWNS = [
  [8.9824, -79.5199],
  [8.4273, -82.4308],
  [8.1004, -80.9833],
  [7.9618, -80.4289],
  [9.3592, -79.9014],
  [8.88, -79.7833],
  [8.5188, -80.3573],
  [7.7644, -80.2756],
] as const;
const NEAR_POINTS = Array.from({ length: 1200 }, (_, i) => {
  const [lat, lng] = NEAR_TOWNS[i % NEAR_TOWNS.length]!;
  // A spiral around the town, up to ~4 km out.
  const r = 0.002 + (i / 1200) * 0.035;
  const a = i * 2.399963;
  return `${(lat + r * Math.cos(a)).toFixed(5)},${(lng + r * Math.sin(a)).toFixed(5)}`;
});

const apiQuery = (params: Record<string, string>) => `/api/v1/buscar?${new URLSearchParams(params).toString()}`;
/** The search page's fixed question (its cached and static rows). */
const SEARCH_TERM = "ceviche boquete";
/** Questions never asked before in this run, apart from the repeated ones of the rows above. */
const firstTime = firstTimeQuestions(LANG_MIX, [
  SEARCH_TERM,
  "cafe",
  "marisqueria",
  ...API_FREE_TEXT,
  ...API_DISTINCT,
  ...API_DISTINCT.map((q) => `busco ${q}`),
]);
const LANG_NAME: Record<Lang, string> = { en: "inglés", es: "español" };
/** Request counters shared by the rows, so that every uncached request and every question differs. */
const turns = { unique: 0, api: 0, distinct: 0, near: 0 };
const withQuery = (p: string, key: string, n: number) => `${p}${p.includes("?") ? "&" : "?"}${key}=${n}`;
/** A row's share of the same answer served as a static file. */
const ofStatic = (s: LoadStat, file: LoadStat) => `(${((s.rps / file.rps) * 100).toFixed(0)} % del estático)`;
/** `name` padded, then p50 and p99 of the ascending `times`: the start of a database row. */
const latencyLine = (name: string, times: number[]) =>
  `${name.padEnd(40)} p50 ${ms(pct(times, 50)).padStart(9)}  p99 ${ms(pct(times, 99)).padStart(9)}`;

async function timed<T>(run: () => Promise<T>): Promise<[number, T]> {
  const s = performance.now();
  const result = await run();
  return [performance.now() - s, result];
}

// ---- the database, seeded and timed in-process (PGlite allows one process at a time, so before the server)

/** The server's environment; this process gets it too, to seed and time the same database. */
async function serverEnv(tmp: string): Promise<{ env: Record<string, string>; database: BenchDatabase | null }> {
  const env = benchServerEnv({ port: PORT, buildDir: BUILD_DIR, workers: WORKERS });
  let database: BenchDatabase | null = null;
  if (EMBEDDED) {
    env.DATA_DIR = path.join(tmp, "data");
    delete env.DATABASE_URL;
  } else {
    database = await benchDatabase("pv_bench");
    env.DATABASE_URL = database.url;
  }
  Object.assign(process.env, env);
  // The seed's statements run far longer than a page's; the server keeps the default limit.
  process.env.DB_STATEMENT_TIMEOUT_MS = "0";
  return { env, database };
}

/** The app's modules, imported once the environment names the database. */
async function loadApp() {
  const { db, dbReady, closeDb, queryRows } = await import("../app/server/platform/db.server");
  const { seedDemo } = await import("../app/server/seed/seed.server");
  const models = await import("../app/server/models/listings.server");
  const entries = await import("../app/server/models/listing-entries.server");
  const directorySearch = await import("../app/server/models/directory-search.server");
  const { apiSearchParamsSchema } = await import("../app/schemas/api-v1");
  const { parseDirectoryQuery } = await import("../app/server/search/reader.server");
  const { searchFresh } = await import("../app/server/search/engine.server");
  const { decodeCursor, encodeCursor, PAGE_SIZE } = await import("../app/schemas/directory");
  // The engine without the answer cache, asked as the API asks it (its parameters) and as the
  // /buscar page asks it (words, a province, a page of PAGE_SIZE): what a first-time question costs.
  const apiSearch = async (params: Record<string, string>) => {
    const a = apiSearchParamsSchema.parse(params);
    const found = await searchFresh({
      text: a.q,
      kind: a.tipo === "restaurantes" ? "restaurant" : a.tipo === "negocios" ? "business" : undefined,
      province: a.provincia,
      industry: a.industria,
      category: a.categoria,
      near: a.cerca,
      radiusKm: a.radio,
      openNow: a.abierto_ahora,
      limit: a.limite,
    });
    return found.hits;
  };
  const pageSearch = async (q: string, provincia?: "colon") => (await searchFresh({ text: q, province: provincia, limit: PAGE_SIZE })).hits;
  return {
    db,
    dbReady,
    closeDb,
    queryRows,
    seedDemo,
    models,
    entries,
    directorySearch,
    parseDirectoryQuery,
    decodeCursor,
    encodeCursor,
    apiSearch,
    pageSearch,
  };
}
type App = Awaited<ReturnType<typeof loadApp>>;
/** What the rows ask for: the cursor of page 50 of the Panamá restaurants and a generated entry. */
type Seeded = { cursor50: string; entrySlug: string };

async function seed(app: App): Promise<Seeded> {
  await app.dbReady();
  await app.seedDemo();
  const t0 = performance.now();
  await seedLarge(
    LISTINGS,
    (q) => app.db.execute(q),
    (q) => app.queryRows(q),
  );
  console.info(`[bench] datos listos en ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  // Cursor of page 50 (after 49 × 6 entries) of the Panamá restaurants.
  const [p50] = await app.queryRows<{ ts: string; id: string }>(sql`
    select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as ts, id::text as id from restaurants
    where provincia = 'panama' and is_active order by created_at desc, id desc offset ${49 * 6 - 1} limit 1`);
  const [entry] = await app.queryRows<{ slug: string }>(
    sql`select slug from restaurants where is_active and slug like 'gen-r-%' order by slug desc limit 1`,
  );
  return { cursor50: app.encodeCursor(p50!), entrySlug: entry!.slug };
}

function databaseQueries(app: App, seeded: Seeded): { name: string; run: () => Promise<unknown> }[] {
  const { models, entries, decodeCursor, apiSearch, pageSearch } = app;
  const chiriqui = { provincia: "chiriqui" } as const;
  return [
    { name: "provincia, página 1", run: () => models.listRestaurantsByProvince("panama") },
    { name: "provincia, página 50 (cursor)", run: () => models.listRestaurantsByProvince("panama", decodeCursor(seeded.cursor50)!) },
    { name: "industria + provincia", run: () => models.listBusinessesByIndustry("construccion", chiriqui) },
    {
      name: "industria + provincia, página 50",
      run: async () => {
        let c: string | null = null;
        for (let i = 0; i < 1; i++) c = (await models.listBusinessesByIndustry("construccion", chiriqui)).nextCursor;
        return models.listBusinessesByIndustry("construccion", { ...chiriqui, cursor: decodeCursor(c!)! });
      },
    },
    { name: "ficha por slug", run: () => entries.getRestaurantBySlug(seeded.entrySlug) },
    { name: `búsqueda «${SEARCH_TERM}»`, run: () => pageSearch(SEARCH_TERM) },
    { name: "búsqueda «cafe» (frecuente)", run: () => pageSearch("cafe") },
    { name: "búsqueda «marisqueria» + provincia", run: () => pageSearch("marisqueria", "colon") },
    ...API_FREE_TEXT.map((q) => ({ name: `API «${q}»`, run: () => apiSearch({ q }) })),
    ...API_FILTERED.map((f) => ({ name: `API ${new URLSearchParams(f).toString()}`.slice(0, 40), run: () => apiSearch(f) })),
    { name: "API cerca + abierto_ahora", run: () => apiSearch({ cerca: NEAR_POINTS[0]!, abierto_ahora: "true" }) },
    { name: "API mariscos cerca + abierto_ahora", run: () => apiSearch({ q: "mariscos", cerca: NEAR_POINTS[0]!, abierto_ahora: "true" }) },
  ];
}

/** Each query 10 times to warm up, then QUERY_RUNS times in a row: a line each. */
async function timeQueries(queries: { name: string; run: () => Promise<unknown> }[]): Promise<string[]> {
  console.info(`\n-- consultas en la base de datos (${QUERY_RUNS} ejecuciones cada una, secuenciales)`);
  const lines: string[] = [];
  for (const q of queries) {
    for (let i = 0; i < 10; i++) await q.run();
    const times: number[] = [];
    for (let i = 0; i < QUERY_RUNS; i++) times.push((await timed(q.run))[0]);
    lines.push(latencyLine(q.name, ascending(times)));
    console.info(lines.at(-1));
  }
  return lines;
}

/** Every distinct question once, in order: what each costs the first time it is asked. */
async function timeDistinct(app: App): Promise<string> {
  const times: number[] = [];
  let empty = 0;
  for (const q of API_DISTINCT) {
    const [took, found] = await timed(() => app.apiSearch({ q }));
    times.push(took);
    if (found.length === 0) empty++;
  }
  const mean = sum(times) / times.length;
  ascending(times);
  const line = `${latencyLine(`API ${API_DISTINCT.length} preguntas distintas, una vez`, times)}  media ${ms(mean)}  p90 ${ms(pct(times, 90))}  máx ${ms(times.at(-1)!)}  (${empty} sin resultados)`;
  console.info(line);
  return line;
}

/**
 * First-time questions, once each, per language: their cost and how many answer nothing (an empty
 * answer is cheap, so a language that empties looks fast).
 */
async function timeFirstTime(app: App): Promise<string[]> {
  const per = Math.min(200, Math.round(QUERY_RUNS / 1.5));
  const times: Record<Lang, number[]> = { en: [], es: [] };
  const empty: Record<Lang, number> = { en: 0, es: 0 };
  while (times.en.length + times.es.length < 2 * per) {
    const { q, lang } = firstTime.next();
    const [took, found] = await timed(() => app.apiSearch({ q }));
    times[lang].push(took);
    if (found.length === 0) empty[lang]++;
  }
  const lines: string[] = [];
  for (const lang of ["en", "es"] as const) {
    const t = ascending(times[lang]);
    if (!t.length) continue;
    lines.push(
      `${latencyLine(`API primera vez, ${LANG_NAME[lang]} (${t.length})`, t)}  máx ${ms(t.at(-1)!)}  (${empty[lang]} sin resultados)`,
    );
    console.info(lines.at(-1));
  }
  return lines;
}

/** The exact SQL the pages run (the model's own query builders), with this run's parameters. */
async function explainPlans(app: App, seeded: Seeded) {
  const { models, directorySearch, parseDirectoryQuery } = app;
  const c50 = app.decodeCursor(seeded.cursor50)!;
  const plans: [string, SQL][] = [
    ["provincia, página 1", models.provinceQuery("panama")],
    ["provincia, página 50 (cursor)", models.provinceQuery("panama", c50)],
    ["industria + provincia", models.industryQuery("construccion", { provincia: "chiriqui" })],
    ["ficha por slug", sql`select t.id from restaurants t where t.slug = ${seeded.entrySlug} and t.is_active limit 1`],
  ];
  // The engine's first statement for a question (the page asks the same engine).
  for (const q of ["mariscos en Bocas", "ceviche boquete", "dentista", "lawyer in Panama City", "coffee shop in Boquete"]) {
    plans.push([`API «${q}»`, directorySearch.directorySearchQuery(parseDirectoryQuery(q), {})]);
  }
  const [lat, lng] = NEAR_POINTS[0]!.split(",").map(Number) as [number, number];
  const place = { near: { lat, lng, radiusKm: 5 }, openAt: 3 * 1440 + 12 * 60 };
  // As the API asks for its first page of 10 (a category word is a filter: the same walk).
  const nearest = directorySearch.nearestNeeded(0, 10);
  plans.push([
    "API cerca + abierto_ahora (miércoles 12:00)",
    directorySearch.directorySearchQuery(parseDirectoryQuery(""), {}, place, { nearest }),
  ]);
  plans.push([
    "API «mariscos» cerca + abierto_ahora",
    directorySearch.directorySearchQuery(parseDirectoryQuery("mariscos"), {}, place, { nearest }),
  ]);
  for (const [name, q] of plans) {
    const rows = await app.queryRows<Record<string, string>>(sql`explain (analyze, buffers, costs off) ${q}`);
    console.info(`\n-- EXPLAIN ANALYZE: ${name}\n${rows.map((r) => Object.values(r)[0]).join("\n")}`);
  }
}

/** The database part: seed, time every query, EXPLAIN with --explain; the summary's lines. */
async function databaseRows(app: App, seeded: Seeded): Promise<string[]> {
  const lines = await timeQueries(databaseQueries(app, seeded));
  lines.push(await timeDistinct(app));
  lines.push(...(await timeFirstTime(app)));
  if (EXPLAIN) await explainPlans(app, seeded);
  await app.closeDb();
  return lines;
}

// ---- HTTP on the production server

type Route = { name: string; path: string; uncached?: () => string };
const searchPage = (q: string) => `/buscar?q=${encodeURIComponent(q)}`;
const load = (pathFor: () => string, options: { duration?: number } & Partial<Post> = {}) =>
  closedLoop(BASE, pathFor, { duration: DURATION, connections: CONNECTIONS, ...options });
const paced = (pathFor: () => string, rate: number, seconds: number, post?: Post) =>
  openLoop(BASE, () => (post ? { path: pathFor(), headers: post.headers, body: post.body() } : { path: pathFor() }), rate, seconds);

/**
 * Uncached: a unique query string, which the loaders ignore; the search page's uncached requests
 * are first-time questions instead, since its answer may come from the answer cache.
 */
function routesOf(seeded: Seeded): Route[] {
  return [
    { name: "provincia p1", path: "/restaurantes-panama" },
    { name: "provincia p50", path: `/restaurantes-panama?cursor=${seeded.cursor50}` },
    { name: "industria+prov", path: "/negocios/construccion?provincia=chiriqui" },
    { name: "ficha", path: `/restaurante/${seeded.entrySlug}` },
    { name: "búsqueda", path: searchPage(SEARCH_TERM), uncached: () => searchPage(firstTime.next().q) },
  ];
}

/** The same HTML as static files served by the same server (express.static of the build). */
async function writeStaticCopies(routes: Route[]): Promise<string> {
  const staticDir = path.join(root, BUILD_DIR, "client", "bench-static");
  fs.mkdirSync(staticDir, { recursive: true });
  for (const [i, r] of routes.entries()) {
    const res = await fetch(BASE + r.path);
    if (res.status !== 200) console.warn(`[bench] ${r.path} respondió ${res.status}`);
    fs.writeFileSync(path.join(staticDir, `${i}.html`), await res.text());
  }
  return staticDir;
}

/**
 * Warm-up: V8 compiles the render path, and with PGlite tiers up PostgreSQL's WebAssembly from its
 * baseline compiler to the optimizing one in the background, during the first seconds (PGlite runs
 * at about half speed for ~20 s). Without it the first rows measure compilation. Printed, not hidden.
 */
async function warmUp(routes: Route[]) {
  let turn = 0;
  const warm = await load(
    () => {
      const r = routes[turn++ % routes.length]!;
      return r.uncached ? r.uncached() : withQuery(r.path, "_w", ++turns.unique);
    },
    { duration: WARMUP },
  );
  console.info(
    `\n-- calentamiento: ${WARMUP} s sin caché por todas las rutas: ${Math.round(warm.rps)} req/s, err ${warm.errors + warm.non2xx}`,
  );
}

/** Per route, saturated: from the page cache, uncached, and the same HTML as a static file. */
async function routeRows(routes: Route[]): Promise<string[]> {
  console.info(`\n-- HTTP (autocannon, ${CONNECTIONS} conexiones, ${DURATION} s por fila)`);
  const summary: string[] = [];
  for (const [i, r] of routes.entries()) {
    const cached = await load(() => r.path);
    const uncached = await load(r.uncached ?? (() => withQuery(r.path, "_b", ++turns.unique)));
    const file = await load(() => `/bench-static/${i}.html`);
    const lines = [
      `${r.name.padEnd(16)} caché      ${fmt(cached)}  ${ofStatic(cached, file)}`,
      `${"".padEnd(16)} sin caché  ${fmt(uncached)}  ${ofStatic(uncached, file)}`,
      `${"".padEnd(16)} estático   ${fmt(file)}`,
    ];
    summary.push(...lines);
    console.info(lines.join("\n"));
  }
  return summary;
}

/**
 * Uncached pages at the target rate (250 req/s): requests sent on a fixed schedule, whatever the
 * server's answers (open loop), as independent visitors arrive. With a fixed number of connections
 * kept busy, latency is only the queue: 20 connections at 250 req/s means 80 ms on average by
 * Little's law, however fast each page is. (The search page when the server is not saturated is
 * measured with the API and MCP at the end, at API_RATE.)
 */
async function pacedRows(routes: Route[]): Promise<string[]> {
  const lines: string[] = [];
  for (const name of ["provincia p1", "ficha"]) {
    const r = routes.find((x) => x.name === name)!;
    const s = await paced(() => withQuery(r.path, "_p", ++turns.unique), PACED_RATE, DURATION);
    lines.push(`${name.padEnd(16)} sin caché a ${PACED_RATE} req/s ${fmt(s)}`);
    console.info(lines.at(-1));
  }
  return lines;
}

/**
 * The API: saturated throughput beside the same answer as a static file, then the open-loop latency
 * at API_RATE for free text alone, with filters, distinct questions and 'near me, open now'.
 */
async function apiRows(staticDir: string): Promise<{ lines: string[]; apiStatic: LoadStat }> {
  fs.writeFileSync(path.join(staticDir, "api.json"), await (await fetch(BASE + apiQuery({ q: API_FREE_TEXT[0]! }))).text());
  const freeText = () => apiQuery({ q: API_FREE_TEXT[turns.api++ % API_FREE_TEXT.length]! });
  const filtered = () => apiQuery(API_FILTERED[turns.api++ % API_FILTERED.length]!);
  const distinct = () => apiQuery({ q: API_DISTINCT[turns.distinct++ % API_DISTINCT.length]! });
  const nearOpen = () => apiQuery({ cerca: NEAR_POINTS[turns.near++ % NEAR_POINTS.length]!, abierto_ahora: "true" });
  const apiSaturated = await load(freeText);
  const apiStatic = await load(() => "/bench-static/api.json");
  const lines = [
    `${"API buscar".padEnd(16)} saturado   ${fmt(apiSaturated)}  ${ofStatic(apiSaturated, apiStatic)}`,
    `${"".padEnd(16)} estático   ${fmt(apiStatic)}`,
    `${"API texto libre".padEnd(16)} a ${API_RATE} req/s  ${fmt(await paced(freeText, API_RATE, DURATION))}`,
    `${"API con filtros".padEnd(16)} a ${API_RATE} req/s  ${fmt(await paced(filtered, API_RATE, DURATION))}`,
    `${"API distintas".padEnd(16)} a ${API_RATE} req/s  ${fmt(await paced(distinct, API_RATE, DURATION))}  (${API_DISTINCT.length} preguntas, sin caché de respuestas)`,
    `${"API cerca+abierto".padEnd(16)} a ${API_RATE} req/s  ${fmt(await paced(nearOpen, API_RATE, DURATION))}  (${NEAR_POINTS.length} puntos, sin caché de respuestas)`,
  ];
  return { lines, apiStatic };
}

/** The MCP client's tools/call request for `buscar`, with its arguments replaced. */
type McpCall = { headers: Record<string, string>; body: { params: { arguments: Record<string, unknown> } } };
const mcpCallBody = (call: McpCall, q: string) => JSON.stringify({ ...call.body, params: { ...call.body.params, arguments: { q } } });

/** MCP `buscar`: the official client's own request, recorded once and replayed with each query. */
async function recordMcpCall(): Promise<McpCall> {
  const [recorded] = await recordMcpCalls(BASE, "bench", async (client) => {
    await client.callTool({ name: "buscar", arguments: { q: API_FREE_TEXT[0]! } });
  });
  if (!recorded) throw new Error("no se registró la llamada MCP");
  return { headers: recorded.headers, body: JSON.parse(recorded.body) };
}

async function mcpRows(call: McpCall, apiStatic: LoadStat): Promise<string[]> {
  const post = (body: () => string): Post => ({ method: "POST", headers: call.headers, body });
  const cached = post(() => mcpCallBody(call, API_FREE_TEXT[turns.api++ % API_FREE_TEXT.length]!));
  // 'busco' is a filler word: the same search under another cache key than the API rows' questions.
  const distinct = post(() => mcpCallBody(call, `busco ${API_DISTINCT[turns.distinct++ % API_DISTINCT.length]!}`));
  const mcpSaturated = await load(() => "/mcp", cached);
  const mcpPaced = await paced(() => "/mcp", API_RATE, DURATION, cached);
  const mcpDistinct = await paced(() => "/mcp", API_RATE, DURATION, distinct);
  return [
    `${"MCP buscar".padEnd(16)} saturado   ${fmt(mcpSaturated)}  ${ofStatic(mcpSaturated, apiStatic)}`,
    `${"MCP buscar".padEnd(16)} a ${API_RATE} req/s  ${fmt(mcpPaced)}`,
    `${"MCP distintas".padEnd(16)} a ${API_RATE} req/s  ${fmt(mcpDistinct)}`,
  ];
}

type Channel = "api" | "mcp" | "buscar";
/** A person's browser: pages count a visit only from one (a request without a user agent is a machine's). */
const PERSON_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
/** What the load generator saw of the first-time rows per channel: answers (200) and entries in them. */
const seen: Record<Channel, { answers: number; entries: number }> = {
  api: { answers: 0, entries: 0 },
  mcp: { answers: 0, entries: 0 },
  buscar: { answers: 0, entries: 0 },
};

/** The entries of an API answer, or of an MCP `buscar` result (JSON or a server-sent event). */
function entriesIn(channel: Channel, body: string): number {
  if (channel === "buscar") return 0;
  const json =
    channel === "api"
      ? body
      : (body
          .split("\n")
          .findLast((l) => l.startsWith("data: "))
          ?.slice(6) ?? body);
  const parsed = JSON.parse(json) as { resultados?: unknown[]; result?: { structuredContent?: { resultados?: unknown[] } } };
  return (channel === "api" ? parsed.resultados : parsed.result?.structuredContent?.resultados)?.length ?? 0;
}

const tally =
  (channel: Channel) =>
  (status: number, body: string): void => {
    if (status !== 200) return;
    seen[channel].answers += 1;
    seen[channel].entries += entriesIn(channel, body);
  };

/**
 * Questions asked for the first time, half in English by default: the whole search's cost on each
 * way in, at the same fixed rate, open loop (requests keep their schedule whatever the answers).
 * Every answer is counted for AI visibility meanwhile; its bodies are read for the check of the counts.
 */
async function firstTimeRows(call: McpCall, cpu: () => Cpu): Promise<string[]> {
  const nextFirst = (fill: (q: string) => Omit<LoadRequest, "tag">) => (): LoadRequest => {
    const { q, lang } = firstTime.next();
    return { ...fill(q), tag: lang };
  };
  const firstWays: [string, (q: string) => Omit<LoadRequest, "tag">][] = [
    ["API buscar", (q) => ({ path: apiQuery({ q }), onAnswer: tally("api") })],
    ["MCP buscar", (q) => ({ path: "/mcp", headers: call.headers, body: mcpCallBody(call, q), onAnswer: tally("mcp") })],
    ["página /buscar", (q) => ({ path: searchPage(q), headers: { "user-agent": PERSON_UA }, onAnswer: tally("buscar") })],
  ];
  // With the machine's load average after each row (on a shared machine other work shows in the
  // tail) and the CPU a question cost the server, PostgreSQL and the load generator.
  const rows: { name: string; rate: number; stat: LoadStat; load: number; cpu: string }[] = [];
  for (const [name, fill] of firstWays) {
    for (const rate of FIRST_RATES) {
      const before = cpu();
      const stat = await openLoop(BASE, nextFirst(fill), rate, DURATION);
      const after = cpu();
      const per = (k: keyof Cpu) => (((after[k] - before[k]) * 1000) / (rate * DURATION)).toFixed(1);
      // The embedded database runs inside the server's process: its CPU is the server's.
      const pgCpu = EMBEDDED ? "" : `, PostgreSQL ${per("postgres")} ms`;
      const cpuLine = `CPU por pregunta: servidor ${per("workers")} ms${pgCpu}, generador ${per("bench")} ms`;
      rows.push({ name, rate, stat, load: os.loadavg()[0]!, cpu: cpuLine });
    }
  }
  const byLang = (s: LoadStat) =>
    (["en", "es"] as const)
      .filter((l) => s.byTag?.[l]?.length)
      .map((l) => `${l} p99 ${ms(pct(s.byTag![l]!, 99))}`)
      .join(" · ");
  const lines = [
    `-- preguntas por primera vez (${Math.round(LANG_MIX * 100)} % en inglés, sin caché de respuestas), a ${FIRST_RATES.join(", ")} req/s sin esperar respuestas, ${DURATION} s por fila`,
    ...rows.map((r) => `${r.name.padEnd(16)} a ${r.rate} req/s  ${fmt(r.stat)}  (${byLang(r.stat)}; carga ${r.load.toFixed(1)}; ${r.cpu})`),
    ...(firstTime.repeated
      ? [`   ¡ojo! ${firstTime.repeated} preguntas se repitieron (la lista se agotó): esas vinieron de la caché de respuestas`]
      : [`   ${firstTime.asked.toLocaleString("es-PA")} preguntas distintas en toda la corrida, ninguna repetida`]),
  ];
  console.info(`\n${lines.join("\n")}`);
  return lines;
}

/** Answers and impressions counted so far per channel, from the whole directory's daily totals. */
async function visibilityTotals(app: App): Promise<Record<string, number>> {
  const rows = await app.queryRows<{ metric: string; n: string }>(sql`
    select split_part(metric, ':', 1) || ':' || split_part(metric, ':', 2) as metric, sum(count)::text as n
    from visibility_directory where metric like 'answer:%' or metric like 'imp:%' group by 1`);
  return Object.fromEntries(rows.map((r) => [r.metric, Number(r.n)]));
}

/** The counts the server wrote during the first-time rows against the answers the load generator got. */
function countsCheck(before: Record<string, number>, after: Record<string, number>): string[] {
  const delta = (m: string) => (after[m] ?? 0) - (before[m] ?? 0);
  const lines = (["api", "mcp", "buscar"] as const).map((c) => {
    const answers = `${seen[c].answers} respuestas dadas, ${delta(`answer:${c}`)} contadas`;
    const shown = c === "buscar" ? "" : `; ${seen[c].entries} apariciones en ellas, ${delta(`imp:${c}`)} contadas`;
    const lost = seen[c].answers - delta(`answer:${c}`) + (c === "buscar" ? 0 : seen[c].entries - delta(`imp:${c}`));
    return `conteo ${c.padEnd(7)} ${answers}${shown} (${lost === 0 ? "0 perdidas" : `¡diferencia ${lost}!`})`;
  });
  console.info(`\n-- visibilidad: lo contado durante las preguntas por primera vez\n${lines.join("\n")}`);
  return ["-- visibilidad (conteo con el servidor en marcha, escrito en lotes)", ...lines];
}

/** The HTTP part: starts the server, runs every row, stops it; the summary's lines. */
async function httpRows(env: Record<string, string>, seeded: Seeded, app: App): Promise<string[]> {
  console.info("\n[bench] compilando si hace falta e iniciando el servidor…");
  const server = await startBenchServer({
    env,
    stdio: ["ignore", "ignore", "inherit"],
    timeoutMs: 300_000,
    failure: () => new Error("el servidor no arrancó"),
  });
  const routes = routesOf(seeded);
  const staticDir = await writeStaticCopies(routes);
  await warmUp(routes);
  const summary = [...(await routeRows(routes)), ...(await pacedRows(routes))];
  const api = await apiRows(staticDir);
  const call = await recordMcpCall();
  const machine = [...api.lines, ...(await mcpRows(call, api.apiStatic))];
  console.info(`\n${machine.join("\n")}`);
  // Every process writes its counts at least every 2 s: what is in the tables now is all of the rows before.
  await sleep(5000);
  const before = await visibilityTotals(app);
  const workers = workerPids(server.child.pid!);
  const pgPort = env.DATABASE_URL ? new URL(env.DATABASE_URL).port : "";
  summary.push(...machine, ...(await firstTimeRows(call, () => cpuNow(workers, pgPort))));
  // Stopping writes what each process still holds.
  await server.stopAndWait();
  await sleep(1500);
  summary.push(...countsCheck(before, await visibilityTotals(app)));
  fs.rmSync(staticDir, { recursive: true, force: true });
  return summary;
}

async function main() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "pv-bench-"));
  const { env, database } = await serverEnv(tmp);
  console.info(
    `\n== bench:directory · ${LISTINGS.toLocaleString("es-PA")} listados · ${EMBEDDED ? "PGlite (embebido)" : "PostgreSQL"} · ${os.cpus().length} CPU · ${WORKERS} proceso(s) de servidor · ${DURATION} s × ${CONNECTIONS} conexiones por prueba\n`,
  );
  const app = await loadApp();
  const seeded = await seed(app);
  const summary = await databaseRows(app, seeded);
  if (!NO_HTTP) summary.push(...(await httpRows(env, seeded, app)));
  // Closed before its database stops, or the pool logs its connections as lost.
  await app.closeDb();
  database?.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
  console.info(`\n== resumen\n${summary.join("\n")}`);
}

main().catch((error) => {
  console.error("[bench] error:", error);
  process.exit(1);
});
