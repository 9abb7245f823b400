/**
 * `npm run bench:directory -- --listings 1000000 [--embedded] [--workers N] [--warmup S] [--duration 10] [--connections 20] [--rate 250] [--api-rate 100] [--lang-mix 0.5] [--explain] [--no-http]`
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
 * `buscar` tool and the /buscar page, each at --api-rate (open loop). On PostgreSQL the server runs one process per CPU (WEB_CONCURRENCY, as in production;
 * `--workers 1` for a single process); the embedded database runs one process. A benchmark, not a
 * test: it prints numbers and never fails on them.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
// @ts-expect-error autocannon ships no type declarations
import autocannonModule from "autocannon";
import pg from "pg";
import { startPostgres, type PgServer } from "../tests/setup/postgres";
import { firstTimeQuestions, type Lang } from "./lib/bench-questions";
import { waitHealthy } from "./lib/wait-healthy";
import { seedLarge } from "./seed-large";

type AcResult = { requests: { average: number }; errors: number; timeouts: number; non2xx: number };
type AcInstance = { on: (event: "response", fn: (client: unknown, status: number, bytes: number, time: number) => void) => void };
const autocannon = autocannonModule as (opts: Record<string, unknown>, cb: (err: Error | null, res: AcResult) => void) => AcInstance;

const root = path.resolve(import.meta.dirname, "..");
function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}
const LISTINGS = Number(arg("listings", "100000"));
const EMBEDDED = process.argv.includes("--embedded");
const EXPLAIN = process.argv.includes("--explain");
/** Only the database part (seed, query timings, EXPLAIN): no server, no HTTP load. */
const NO_HTTP = process.argv.includes("--no-http");
const DURATION = Number(arg("duration", "10"));
const CONNECTIONS = Number(arg("connections", "20"));
const PORT = Number(arg("port", "3290"));
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

const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;
const ms = (n: number) => `${n.toFixed(n < 10 ? 2 : 1)} ms`;

async function main() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "pv-bench-"));
  let pgServer: PgServer | null = null;
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    NODE_ENV: "production",
    PORT: String(PORT),
    PUBLIC_URL: `http://127.0.0.1:${PORT}`,
    BUILD_DIR,
    SEED_DEMO: "1",
    WEB_CONCURRENCY: String(WORKERS),
    AUTH_SECRET: "bench-secret-bench-secret-bench-secret-0123",
    // One client sends every request: the per-IP limit would answer 429s.
    API_RATE_LIMIT: "1000000000",
  };
  if (EMBEDDED) {
    env.DATA_DIR = path.join(tmp, "data");
    delete env.DATABASE_URL;
  } else {
    pgServer = await startPostgres();
    const admin = new pg.Client({ connectionString: `${pgServer.url}/postgres` });
    await admin.connect();
    await admin.query("create database pv_bench");
    await admin.end();
    env.DATABASE_URL = `${pgServer.url}/pv_bench`;
  }
  Object.assign(process.env, env);
  // The seed's statements run far longer than a page's; the server keeps the default limit.
  process.env.DB_STATEMENT_TIMEOUT_MS = "0";
  console.info(
    `\n== bench:directory · ${LISTINGS.toLocaleString("es-PA")} listados · ${EMBEDDED ? "PGlite (embebido)" : "PostgreSQL"} · ${os.cpus().length} CPU · ${WORKERS} proceso(s) de servidor · ${DURATION} s × ${CONNECTIONS} conexiones por prueba\n`,
  );

  // ---- seed and time the queries in-process (PGlite allows one process at a time, so before the server)
  const { db, dbReady, closeDb, queryRows } = await import("../app/server/platform/db.server");
  const { seedDemo } = await import("../app/server/seed/seed.server");
  const models = await import("../app/server/models/listings.server");
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
  const { sql } = await import("drizzle-orm");
  await dbReady();
  await seedDemo();
  const t0 = performance.now();
  await seedLarge(
    LISTINGS,
    (q) => db.execute(q),
    (q) => queryRows(q),
  );
  console.info(`[bench] datos listos en ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  // Cursor of page 50 (after 49 × 6 entries) of the Panamá restaurants.
  const [p50] = await queryRows<{ ts: string; id: string }>(sql`
    select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as ts, id::text as id from restaurants
    where provincia = 'panama' and is_active order by created_at desc, id desc offset ${49 * 6 - 1} limit 1`);
  const cursor50 = encodeCursor(p50!);
  const [entry] = await queryRows<{ slug: string }>(
    sql`select slug from restaurants where is_active and slug like 'gen-r-%' order by slug desc limit 1`,
  );
  const searchTerm = SEARCH_TERM;

  const queries: { name: string; run: () => Promise<unknown> }[] = [
    { name: "provincia, página 1", run: () => models.listRestaurantsByProvince("panama") },
    { name: "provincia, página 50 (cursor)", run: () => models.listRestaurantsByProvince("panama", decodeCursor(cursor50)!) },
    { name: "industria + provincia", run: () => models.listBusinessesByIndustry("construccion", { provincia: "chiriqui" }) },
    {
      name: "industria + provincia, página 50",
      run: async () => {
        let c: string | null = null;
        for (let i = 0; i < 1; i++) c = (await models.listBusinessesByIndustry("construccion", { provincia: "chiriqui" })).nextCursor;
        return models.listBusinessesByIndustry("construccion", { provincia: "chiriqui", cursor: decodeCursor(c!)! });
      },
    },
    { name: "ficha por slug", run: () => models.getRestaurantBySlug(entry!.slug) },
    { name: `búsqueda «${searchTerm}»`, run: () => pageSearch(searchTerm) },
    { name: "búsqueda «cafe» (frecuente)", run: () => pageSearch("cafe") },
    { name: "búsqueda «marisqueria» + provincia", run: () => pageSearch("marisqueria", "colon") },
    ...API_FREE_TEXT.map((q) => ({ name: `API «${q}»`, run: () => apiSearch({ q }) })),
    ...API_FILTERED.map((f) => ({ name: `API ${new URLSearchParams(f).toString()}`.slice(0, 40), run: () => apiSearch(f) })),
    { name: "API cerca + abierto_ahora", run: () => apiSearch({ cerca: NEAR_POINTS[0]!, abierto_ahora: "true" }) },
    { name: "API mariscos cerca + abierto_ahora", run: () => apiSearch({ q: "mariscos", cerca: NEAR_POINTS[0]!, abierto_ahora: "true" }) },
  ];
  console.info(`\n-- consultas en la base de datos (${QUERY_RUNS} ejecuciones cada una, secuenciales)`);
  const queryRowsOut: string[] = [];
  for (const q of queries) {
    for (let i = 0; i < 10; i++) await q.run();
    const times: number[] = [];
    for (let i = 0; i < QUERY_RUNS; i++) {
      const s = performance.now();
      await q.run();
      times.push(performance.now() - s);
    }
    times.sort((a, b) => a - b);
    const line = `${q.name.padEnd(40)} p50 ${ms(pct(times, 50)).padStart(9)}  p99 ${ms(pct(times, 99)).padStart(9)}`;
    queryRowsOut.push(line);
    console.info(line);
  }
  {
    // Every distinct question once, in order: what each costs the first time it is asked.
    const times: number[] = [];
    let empty = 0;
    for (const q of API_DISTINCT) {
      const s = performance.now();
      const found = await apiSearch({ q });
      times.push(performance.now() - s);
      if (found.length === 0) empty++;
    }
    const mean = times.reduce((a, b) => a + b, 0) / times.length;
    times.sort((a, b) => a - b);
    const line = `${`API ${API_DISTINCT.length} preguntas distintas, una vez`.padEnd(40)} p50 ${ms(pct(times, 50)).padStart(9)}  p99 ${ms(pct(times, 99)).padStart(9)}  media ${ms(mean)}  p90 ${ms(pct(times, 90))}  máx ${ms(times.at(-1)!)}  (${empty} sin resultados)`;
    queryRowsOut.push(line);
    console.info(line);
  }
  {
    // First-time questions, once each, per language: their cost and how many answer nothing (an empty
    // answer is cheap, so a language that empties looks fast).
    const per = Math.min(200, Math.round(QUERY_RUNS / 1.5));
    const times: Record<Lang, number[]> = { en: [], es: [] };
    const empty: Record<Lang, number> = { en: 0, es: 0 };
    while (times.en.length + times.es.length < 2 * per) {
      const { q, lang } = firstTime.next();
      const s = performance.now();
      const found = await apiSearch({ q });
      times[lang].push(performance.now() - s);
      if (found.length === 0) empty[lang]++;
    }
    for (const lang of ["en", "es"] as const) {
      const t = times[lang].sort((a, b) => a - b);
      if (!t.length) continue;
      const line = `${`API primera vez, ${LANG_NAME[lang]} (${t.length})`.padEnd(40)} p50 ${ms(pct(t, 50)).padStart(9)}  p99 ${ms(pct(t, 99)).padStart(9)}  máx ${ms(t.at(-1)!)}  (${empty[lang]} sin resultados)`;
      queryRowsOut.push(line);
      console.info(line);
    }
  }
  if (EXPLAIN) {
    // The exact SQL the pages run (the model's own query builders), with this run's parameters.
    const c50 = decodeCursor(cursor50)!;
    const plans: [string, ReturnType<typeof sql>][] = [
      ["provincia, página 1", models.provinceQuery("panama")],
      ["provincia, página 50 (cursor)", models.provinceQuery("panama", c50)],
      ["industria + provincia", models.industryQuery("construccion", { provincia: "chiriqui" })],
      ["ficha por slug", sql`select t.id from restaurants t where t.slug = ${entry!.slug} and t.is_active limit 1`],
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
      const rows = await queryRows<Record<string, string>>(sql`explain (analyze, buffers, costs off) ${q}`);
      console.info(`\n-- EXPLAIN ANALYZE: ${name}\n${rows.map((r) => Object.values(r)[0]).join("\n")}`);
    }
  }
  await closeDb();
  if (NO_HTTP) {
    pgServer?.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
    console.info(`\n== resumen\n${queryRowsOut.join("\n")}`);
    return;
  }

  // ---- the production server
  console.info("\n[bench] compilando si hace falta e iniciando el servidor…");
  // `npm start` (the flags production runs with), in its own process group so that stopping it also
  // stops the node process npm starts.
  const server: ChildProcess = spawn("npm", ["start"], { cwd: root, env, stdio: ["ignore", "ignore", "inherit"], detached: true });
  const stopServer = () => {
    try {
      process.kill(-server.pid!, "SIGTERM");
    } catch {
      /* already gone */
    }
  };
  process.once("exit", stopServer);
  const base = `http://127.0.0.1:${PORT}`;
  await waitHealthy(`${base}/healthz`, { timeoutMs: 300_000, intervalMs: 500, failure: () => new Error("el servidor no arrancó") });

  const searchPage = (q: string) => `/buscar?q=${encodeURIComponent(q)}`;
  // Uncached: a unique query string, which the loaders ignore; the search page's uncached requests
  // are first-time questions instead, since its answer may come from the answer cache.
  const routes: { name: string; path: string; uncached?: () => string }[] = [
    { name: "provincia p1", path: "/restaurantes-panama" },
    { name: "provincia p50", path: `/restaurantes-panama?cursor=${cursor50}` },
    { name: "industria+prov", path: "/negocios/construccion?provincia=chiriqui" },
    { name: "ficha", path: `/restaurante/${entry!.slug}` },
    { name: "búsqueda", path: searchPage(searchTerm), uncached: () => searchPage(firstTime.next().q) },
  ];
  // The same HTML as static files served by the same server (express.static of the build).
  const staticDir = path.join(root, BUILD_DIR, "client", "bench-static");
  fs.mkdirSync(staticDir, { recursive: true });
  for (const [i, r] of routes.entries()) {
    const res = await fetch(base + r.path);
    if (res.status !== 200) console.warn(`[bench] ${r.path} respondió ${res.status}`);
    fs.writeFileSync(path.join(staticDir, `${i}.html`), await res.text());
  }

  type Stat = {
    rps: number;
    p50: number;
    p95: number;
    p99: number;
    errors: number;
    non2xx: number;
    /** Sorted latencies per request tag (the question's language), when requests carry one. */
    byTag?: Record<string, number[]>;
  };
  type Post = { method: "POST"; headers: Record<string, string>; body: () => string };
  /** One request of an open-loop row: GET `path`, or POST `body` with `headers`; `tag` groups its latency. */
  type Req = { path: string; headers?: Record<string, string>; body?: string; tag?: string };
  async function load(
    pathFor: () => string,
    options: { duration?: number; connections?: number; rate?: number } & Partial<Post> = {},
  ): Promise<Stat> {
    const latencies: number[] = [];
    const result = await new Promise<AcResult>((resolve, reject) => {
      const inst = autocannon(
        {
          url: base,
          connections: options.connections ?? CONNECTIONS,
          duration: options.duration ?? DURATION,
          ...(options.rate ? { overallRate: options.rate } : {}),
          requests: [
            {
              setupRequest: (req: Record<string, unknown>) => ({
                ...req,
                path: pathFor(),
                ...(options.body ? { method: "POST", headers: { ...options.headers }, body: options.body() } : {}),
              }),
            },
          ],
        },
        (err: Error | null, res: AcResult) => (err ? reject(err) : resolve(res)),
      );
      inst.on("response", (_c, _s, _b, time) => latencies.push(time));
    });
    latencies.sort((a, b) => a - b);
    return {
      rps: result.requests.average,
      p50: pct(latencies, 50),
      p95: pct(latencies, 95),
      p99: pct(latencies, 99),
      errors: result.errors + result.timeouts,
      non2xx: result.non2xx,
    };
  }
  /** Open-loop load: one request every 1000/rate ms for `seconds`, each timed from its scheduled start. */
  async function paced(pathFor: () => string, rate: number, seconds: number, post?: Post): Promise<Stat> {
    return pacedRequests(() => (post ? { path: pathFor(), headers: post.headers, body: post.body() } : { path: pathFor() }), rate, seconds);
  }
  async function pacedRequests(nextRequest: () => Req, rate: number, seconds: number): Promise<Stat> {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
    const target = new URL(base);
    const latencies: number[] = [];
    const byTag: Record<string, number[]> = {};
    let errors = 0;
    let non2xx = 0;
    const start = performance.now();
    const total = Math.round(rate * seconds);
    const sent: Promise<void>[] = [];
    for (let i = 0; i < total; i++) {
      const due = start + (i * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 1) await new Promise((r) => setTimeout(r, wait));
      sent.push(
        new Promise<void>((resolve) => {
          const r = nextRequest();
          const post = r.body !== undefined;
          const req = http.request(
            { host: target.hostname, port: target.port, path: r.path, agent, method: post ? "POST" : "GET", headers: r.headers },
            (res) => {
              res.resume();
              res.on("end", () => {
                if (res.statusCode !== 200) non2xx++;
                const took = performance.now() - due;
                latencies.push(took);
                if (r.tag) {
                  byTag[r.tag] ??= [];
                  byTag[r.tag]!.push(took);
                }
                resolve();
              });
            },
          );
          req.on("error", () => {
            errors++;
            resolve();
          });
          req.end(r.body);
        }),
      );
    }
    await Promise.all(sent);
    agent.destroy();
    latencies.sort((a, b) => a - b);
    for (const t of Object.values(byTag)) t.sort((a, b) => a - b);
    return {
      rps: latencies.length / ((performance.now() - start) / 1000),
      p50: pct(latencies, 50),
      p95: pct(latencies, 95),
      p99: pct(latencies, 99),
      errors,
      non2xx,
      byTag,
    };
  }
  let unique = 0;
  const fmt = (s: Stat) =>
    `${Math.round(s.rps).toString().padStart(6)} req/s  p50 ${ms(s.p50).padStart(8)}  p95 ${ms(s.p95).padStart(8)}  p99 ${ms(s.p99).padStart(8)}  err ${s.errors + s.non2xx}`;
  // Warm-up: V8 compiles the render path, and with PGlite tiers up PostgreSQL's WebAssembly from its
  // baseline compiler to the optimizing one in the background, during the first seconds (PGlite runs
  // at about half speed for ~20 s). Without it the first rows measure compilation. Printed, not hidden.
  let turn = 0;
  const warm = await load(
    () => {
      const r = routes[turn++ % routes.length]!;
      return r.uncached ? r.uncached() : `${r.path}${r.path.includes("?") ? "&" : "?"}_w=${++unique}`;
    },
    { duration: WARMUP },
  );
  console.info(
    `\n-- calentamiento: ${WARMUP} s sin caché por todas las rutas: ${Math.round(warm.rps)} req/s, err ${warm.errors + warm.non2xx}`,
  );
  console.info(`\n-- HTTP (autocannon, ${CONNECTIONS} conexiones, ${DURATION} s por fila)`);
  const summary: string[] = [];
  for (const [i, r] of routes.entries()) {
    const sep = r.path.includes("?") ? "&" : "?";
    const cached = await load(() => r.path);
    const uncached = await load(r.uncached ?? (() => `${r.path}${sep}_b=${++unique}`));
    const file = await load(() => `/bench-static/${i}.html`);
    const lines = [
      `${r.name.padEnd(16)} caché      ${fmt(cached)}  (${((cached.rps / file.rps) * 100).toFixed(0)} % del estático)`,
      `${"".padEnd(16)} sin caché  ${fmt(uncached)}  (${((uncached.rps / file.rps) * 100).toFixed(0)} % del estático)`,
      `${"".padEnd(16)} estático   ${fmt(file)}`,
    ];
    summary.push(...lines);
    console.info(lines.join("\n"));
  }

  // The search page when the server is not saturated is measured with the API and MCP at the end
  // (first-time questions at API_RATE): saturated rows above measure throughput, and their latency is
  // mostly time spent waiting in the queue.

  // The same question for uncached pages at the target rate (250 req/s): requests sent on a fixed
  // schedule, whatever the server's answers (open loop), as independent visitors arrive. With a fixed
  // number of connections kept busy, latency is only the queue: 20 connections at 250 req/s means
  // 80 ms on average by Little's law, however fast each page is.
  for (const name of ["provincia p1", "ficha"]) {
    const r = routes.find((x) => x.name === name)!;
    const sep = r.path.includes("?") ? "&" : "?";
    const s = await paced(() => `${r.path}${sep}_p=${++unique}`, PACED_RATE, DURATION);
    const line = `${name.padEnd(16)} sin caché a ${PACED_RATE} req/s ${fmt(s)}`;
    console.info(line);
    summary.push(line);
  }

  // The machine interfaces: saturated throughput beside the same answer as a static file, then the
  // open-loop latency at API_RATE for free text alone and with filters.
  const apiFile = path.join(staticDir, "api.json");
  fs.writeFileSync(apiFile, await (await fetch(base + apiQuery({ q: API_FREE_TEXT[0]! }))).text());
  let apiTurn = 0;
  const freeText = () => apiQuery({ q: API_FREE_TEXT[apiTurn++ % API_FREE_TEXT.length]! });
  const filtered = () => apiQuery(API_FILTERED[apiTurn++ % API_FILTERED.length]!);
  let distinctTurn = 0;
  const distinct = () => apiQuery({ q: API_DISTINCT[distinctTurn++ % API_DISTINCT.length]! });
  let nearTurn = 0;
  const nearOpen = () => apiQuery({ cerca: NEAR_POINTS[nearTurn++ % NEAR_POINTS.length]!, abierto_ahora: "true" });
  const apiSaturated = await load(freeText);
  const apiStatic = await load(() => "/bench-static/api.json");
  const apiLines = [
    `${"API buscar".padEnd(16)} saturado   ${fmt(apiSaturated)}  (${((apiSaturated.rps / apiStatic.rps) * 100).toFixed(0)} % del estático)`,
    `${"".padEnd(16)} estático   ${fmt(apiStatic)}`,
    `${"API texto libre".padEnd(16)} a ${API_RATE} req/s  ${fmt(await paced(freeText, API_RATE, DURATION))}`,
    `${"API con filtros".padEnd(16)} a ${API_RATE} req/s  ${fmt(await paced(filtered, API_RATE, DURATION))}`,
    `${"API distintas".padEnd(16)} a ${API_RATE} req/s  ${fmt(await paced(distinct, API_RATE, DURATION))}  (${API_DISTINCT.length} preguntas, sin caché de respuestas)`,
    `${"API cerca+abierto".padEnd(16)} a ${API_RATE} req/s  ${fmt(await paced(nearOpen, API_RATE, DURATION))}  (${NEAR_POINTS.length} puntos, sin caché de respuestas)`,
  ];
  // MCP `buscar`: the official v2 client's own tools/call request (2026-07-28, no handshake), recorded
  // once and replayed with each query, so the load is what an assistant sends.
  const { Client, StreamableHTTPClientTransport } = await import("@modelcontextprotocol/client");
  let recorded: { headers: Record<string, string>; body: Record<string, unknown> } | null = null;
  const client = new Client({ name: "bench", version: "1.0.0" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${base}/mcp`), {
      fetch: async (input: string | URL | Request, init?: RequestInit) => {
        if (typeof init?.body === "string" && JSON.parse(init.body).method === "tools/call") {
          recorded = { headers: Object.fromEntries(new Headers(init.headers).entries()), body: JSON.parse(init.body) };
        }
        return fetch(input, init);
      },
    }),
  );
  await client.callTool({ name: "buscar", arguments: { q: API_FREE_TEXT[0]! } });
  await client.close();
  const call = recorded as { headers: Record<string, string>; body: { params: { arguments: Record<string, unknown> } } } | null;
  if (!call) throw new Error("no se registró la llamada MCP");
  const mcpBody = () =>
    JSON.stringify({
      ...call.body,
      params: { ...call.body.params, arguments: { q: API_FREE_TEXT[apiTurn++ % API_FREE_TEXT.length]! } },
    });
  const mcpSaturated = await load(() => "/mcp", { method: "POST", headers: call.headers, body: mcpBody });
  const mcpPaced = await paced(() => "/mcp", API_RATE, DURATION, { method: "POST", headers: call.headers, body: mcpBody });
  const mcpDistinctBody = () =>
    JSON.stringify({
      ...call.body,
      // 'busco' is a filler word: the same search under another cache key than the API rows' questions.
      params: { ...call.body.params, arguments: { q: `busco ${API_DISTINCT[distinctTurn++ % API_DISTINCT.length]!}` } },
    });
  const mcpDistinct = await paced(() => "/mcp", API_RATE, DURATION, { method: "POST", headers: call.headers, body: mcpDistinctBody });
  apiLines.push(
    `${"MCP buscar".padEnd(16)} saturado   ${fmt(mcpSaturated)}  (${((mcpSaturated.rps / apiStatic.rps) * 100).toFixed(0)} % del estático)`,
    `${"MCP buscar".padEnd(16)} a ${API_RATE} req/s  ${fmt(mcpPaced)}`,
    `${"MCP distintas".padEnd(16)} a ${API_RATE} req/s  ${fmt(mcpDistinct)}`,
  );
  console.info(`\n${apiLines.join("\n")}`);
  summary.push(...apiLines);

  // Questions asked for the first time, half in English by default: the whole search's cost on each
  // way in, at the same fixed rate, open loop (requests keep their schedule whatever the answers).
  const nextFirst = (fill: (q: string) => Omit<Req, "tag">) => (): Req => {
    const { q, lang } = firstTime.next();
    return { ...fill(q), tag: lang };
  };
  const mcpCall = (q: string) => JSON.stringify({ ...call.body, params: { ...call.body.params, arguments: { q } } });
  const firstWays: [string, (q: string) => Omit<Req, "tag">][] = [
    ["API buscar", (q) => ({ path: apiQuery({ q }) })],
    ["MCP buscar", (q) => ({ path: "/mcp", headers: call.headers, body: mcpCall(q) })],
    ["página /buscar", (q) => ({ path: searchPage(q) })],
  ];
  // With the machine's load average after each row: on a shared machine other work shows in the tail.
  const firstRows: { name: string; stat: Stat; load: number }[] = [];
  for (const [name, fill] of firstWays) {
    const stat = await pacedRequests(nextFirst(fill), API_RATE, DURATION);
    firstRows.push({ name, stat, load: os.loadavg()[0]! });
  }
  const byLang = (s: Stat) =>
    (["en", "es"] as const)
      .filter((l) => s.byTag?.[l]?.length)
      .map((l) => `${l} p99 ${ms(pct(s.byTag![l]!, 99))}`)
      .join(" · ");
  const firstLines = [
    `-- preguntas por primera vez (${Math.round(LANG_MIX * 100)} % en inglés, sin caché de respuestas), a ${API_RATE} req/s sin esperar respuestas, ${DURATION} s por fila`,
    ...firstRows.map((r) => `${r.name.padEnd(16)} a ${API_RATE} req/s  ${fmt(r.stat)}  (${byLang(r.stat)}; carga ${r.load.toFixed(1)})`),
    ...(firstTime.repeated
      ? [`   ¡ojo! ${firstTime.repeated} preguntas se repitieron (la lista se agotó): esas vinieron de la caché de respuestas`]
      : [`   ${firstTime.asked.toLocaleString("es-PA")} preguntas distintas en toda la corrida, ninguna repetida`]),
  ];
  console.info(`\n${firstLines.join("\n")}`);
  summary.push(...firstLines);

  stopServer();
  await new Promise((r) => (server.exitCode !== null ? r(null) : server.once("exit", r)));
  await new Promise((r) => setTimeout(r, 1500));
  fs.rmSync(staticDir, { recursive: true, force: true });
  pgServer?.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
  console.info(`\n== resumen\n${[...queryRowsOut, ...summary].join("\n")}`);
}

main().catch((error) => {
  console.error("[bench] error:", error);
  process.exit(1);
});
