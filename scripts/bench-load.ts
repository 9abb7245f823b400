/**
 * `npm run bench:load [-- --duration 60 --connections 200 --warmup 60 --timeout 30 --workers 2 --port 3540] [--soak]`
 *
 * The whole site under a mixed load, in its production shape: a throwaway PostgreSQL (initdb/pg_ctl,
 * as the tests start it), the production server (`npm start`) with WEB_CONCURRENCY=2 worker processes
 * on one port, the demo data and 60 signed-up accounts. After a warm-up, autocannon keeps 200
 * connections busy for 60 s over a fixed mix (KINDS below; per 21 requests): 10 public pages (home,
 * province, industry, entry, blog), 2 /buscar, 2 /api/v1 (search and entry), 2 /mcp tools/call,
 * 2 sign-ins (better-auth's JSON endpoint and the /auth form) and one article written in 3 requests
 * (create a draft, open the editor, publish it, through the editor's form). `--soak`: 30 minutes at
 * half the connections (100), with a line a minute.
 *
 * It prints, per route, requests, p50/p99/max and errors (any status other than 2xx/3xx, a JSON-RPC
 * error, a write whose answer is not the expected redirect, a socket error, or no answer within
 * `--timeout` seconds), the requests per second, the CPU time the server, PostgreSQL and the load
 * generator used, and the workers' resident memory at the end of the warm-up and of the run. Then it
 * checks that every article the server said it created is in the database. A benchmark: it prints
 * numbers and never fails on them.
 *
 * Every simulated visitor sends its own X-Forwarded-For (TRUST_PROXY=1, as behind a load balancer),
 * so per-IP limits see many clients, not one; the app's limits are also raised (AUTH_RATE_LIMIT,
 * AUTH_SIGNUP_RATE_LIMIT, API_RATE_LIMIT): one machine stands in for thousands of visitors. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { PROVINCES } from "../app/catalog/provinces";
import { arg, flag } from "./lib/args";
import { type AcContext as Ctx, type AcRequest, runAutocannon } from "./lib/autocannon";
import { type BenchDatabase, type BenchServer, benchDatabase, benchServerEnv, startBenchServer } from "./lib/bench-server";
import { type RecordedCall, recordMcpCalls } from "./lib/mcp-recorder";
import { sleep } from "./lib/processes";
import { type Cpu, cpuNow, rssKb, workerPids } from "./lib/procfs";
import { markdownTable } from "./lib/report-table";
import { ascending, msRounded as ms, percentile as pct, pick, sum } from "./lib/stats";

const SOAK = flag("soak");
const DURATION = Number(arg("duration", SOAK ? "1800" : "60"));
const CONNECTIONS = Number(arg("connections", SOAK ? "100" : "200"));
/** Long enough for the heaps to reach their working size (caches full) on a busy 2-core machine. */
const WARMUP = Number(arg("warmup", "60"));
const WORKERS = Number(arg("workers", "2"));
const PORT = Number(arg("port", "3540"));
const USERS = Number(arg("users", "60"));
/** Seconds between progress lines (memory, requests so far). */
const EVERY = Number(arg("every", SOAK ? "60" : "10"));
/** Seconds a request may take before the client gives up on it (counted as an error). */
const TIMEOUT = Number(arg("timeout", "30"));
const BUILD_DIR = process.env.BUILD_DIR ?? "build-bench";
const BASE = `http://127.0.0.1:${PORT}`;
const PASSWORD = "carga-de-prueba-2025";
const SEARCHES = ["mariscos", "ceviche", "café", "abogado", "dentista", "pizza", "hotel", "tours", "panadería", "comida típica"];
const TOWNS = ["", " en Bocas", " en David", " Chitré", " en Colón", " Boquete", " Panamá", " Pedasí"];

const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;
const loadAverages = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ");

function ipOf(n: number): string {
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}
/** A new address per sign-in or sign-up (a new device each time): better-auth allows 3 a 10 s per address. */
let ipTurn = 100_000;
const nextIp = () => ipOf(++ipTurn);
/** Readers come from 2,000 addresses, a few requests a minute each, as visitors do. */
const VISITORS = 2000;
const visitorIp = () => ipOf(1 + Math.floor(Math.random() * VISITORS));

function form(fields: Record<string, string>): string {
  return new URLSearchParams(fields).toString();
}

/** The `name=value` pairs of a response's Set-Cookie headers, as a browser sends them back. */
function cookieOf(setCookies: string[]): string {
  return setCookies.map((c) => c.split(";")[0]).join("; ");
}

/** The hidden inputs of the editor's form (whatever the editor adds, it gets back). */
function hiddenInputs(html: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const tag of html.match(/<input[^>]*type="hidden"[^>]*>/g) ?? []) {
    const name = /name="([^"]*)"/.exec(tag)?.[1];
    const value = /value="([^"]*)"/.exec(tag)?.[1] ?? "";
    if (name)
      out[name] = value
        .replaceAll("&quot;", '"')
        .replaceAll("&#x27;", "'")
        .replaceAll("&lt;", "<")
        .replaceAll("&gt;", ">")
        .replaceAll("&amp;", "&");
  }
  return out;
}

// ---- statistics per route

type RouteStats = { latencies: number[]; errors: number; statuses: Map<string, number>; samples: string[] };
const stats = new Map<string, RouteStats>();
function statsOf(name: string): RouteStats {
  let s = stats.get(name);
  if (!s) {
    s = { latencies: [], errors: 0, statuses: new Map(), samples: [] };
    stats.set(name, s);
  }
  return s;
}
/** Set by onResponse when an answer with a good status is wrong all the same (read by the response event). */
const verdicts = new WeakMap<Ctx, string>();

function recordError(name: string, why: string) {
  const s = statsOf(name);
  s.errors++;
  s.statuses.set(why, (s.statuses.get(why) ?? 0) + 1);
  if (s.samples.length < 3) s.samples.push(why);
}

const answered = () => sum([...stats.values()].map((s) => s.latencies.length));

// ---- the server, its database and its workers

type Site = { database: BenchDatabase; server: BenchServer; serverLog: string; workers: number[] };

async function startSite(tmp: string): Promise<Site> {
  const database = await benchDatabase("pv_load");
  const env: Record<string, string> = {
    ...benchServerEnv({ port: PORT, buildDir: BUILD_DIR, workers: WORKERS }),
    DATABASE_URL: database.url,
    // Behind a load balancer every visitor has its own address: here each simulated one sends it.
    TRUST_PROXY: "1",
    // One machine plays thousands of visitors: the per-minute limits would answer 429s.
    AUTH_RATE_LIMIT: "1000000000",
    AUTH_SIGNUP_RATE_LIMIT: "1000000000",
  };
  delete env.DATA_DIR;
  console.info("[carga] compilando si hace falta e iniciando el servidor…");
  const serverLog = path.join(tmp, "server.log");
  const logFd = fs.openSync(serverLog, "a");
  process.once("SIGINT", () => process.exit(130));
  const server = await startBenchServer({
    env,
    stdio: ["ignore", logFd, logFd],
    timeoutMs: 600_000,
    failure: () => {
      console.error(fs.readFileSync(serverLog, "utf8").slice(-3000));
      return new Error("el servidor no arrancó");
    },
  });
  let workers = workerPids(server.child.pid!);
  for (let i = 0; workers.length < WORKERS && i < 60; i++) {
    await sleep(500);
    workers = workerPids(server.child.pid!);
  }
  console.info(`[carga] servidor listo: procesos ${workers.join(", ")}`);
  return { database, server, serverLog, workers };
}

/** Each worker's resident memory, every second; `mean` of a window (a single reading lands anywhere on the GC's saw-tooth). */
function sampleMemory(workers: number[]) {
  const samples: { at: number; rss: number[] }[] = [];
  const sampler = setInterval(() => samples.push({ at: Date.now(), rss: workers.map(rssKb) }), 1000);
  return {
    stop: () => clearInterval(sampler),
    mean: (from: number, to: number) => {
      const window = samples.filter((x) => x.at >= from && x.at <= to);
      return workers.map((_, i) => window.reduce((n, x) => n + x.rss[i]!, 0) / Math.max(1, window.length));
    },
  };
}

// ---- what the visitors ask for: the demo data, accounts and recorded MCP calls

type Entry = readonly ["restaurante" | "negocio", string];
type Data = { entries: Entry[]; industries: string[]; blogSlugs: string[]; provinces: string[] };

async function demoData(client: pg.Client): Promise<Data> {
  const q = async (sql: string) => (await client.query(sql)).rows as Record<string, string>[];
  const restaurantSlugs = (await q("select slug from restaurants where is_active")).map((r) => r.slug!);
  const businessSlugs = (await q("select slug from businesses where is_active")).map((r) => r.slug!);
  const industries = (await q("select distinct industria from businesses where is_active")).map((r) => r.industria!);
  const blogSlugs = (await q("select slug from blogs where is_published")).map((r) => r.slug!);
  console.info(
    `[carga] datos: ${restaurantSlugs.length} restaurantes, ${businessSlugs.length} negocios, ${industries.length} industrias, ${blogSlugs.length} artículos`,
  );
  const entries = [...restaurantSlugs.map((s) => ["restaurante", s] as const), ...businessSlugs.map((s) => ["negocio", s] as const)];
  return { entries, industries, blogSlugs, provinces: PROVINCES.map((p) => p.slug) };
}

type User = { email: string; ip: string; cookie: string };

/** Accounts signed up through better-auth's endpoint, as a browser's form would, 10 at a time. */
async function signUpUsers(): Promise<User[]> {
  const signUp = async (i: number) => {
    const email = `carga-${i}-${Date.now().toString(36)}@ejemplo.test`;
    const ip = nextIp();
    const res = await fetch(`${BASE}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: BASE, "X-Forwarded-For": ip },
      body: JSON.stringify({ email, password: PASSWORD, name: `Autora de carga ${i}` }),
    });
    if (!res.ok) throw new Error(`registro de ${email}: ${res.status} ${await res.text()}`);
    return { email, ip, cookie: cookieOf(res.headers.getSetCookie()) };
  };
  const users: User[] = [];
  for (let i = 0; i < USERS; i += 10) {
    users.push(...(await Promise.all(Array.from({ length: Math.min(10, USERS - i) }, (_, j) => signUp(i + j)))));
  }
  console.info(`[carga] ${users.length} cuentas registradas`);
  return users;
}

/** What an assistant sends to /mcp, recorded for a set of searches and entries, replayed at random. */
async function recordMcp(entries: Entry[]): Promise<RecordedCall[]> {
  const calls = await recordMcpCalls(BASE, "carga", async (mcp) => {
    for (const q of SEARCHES.flatMap((what) => TOWNS.slice(0, 4).map((town) => `${what}${town}`))) {
      await mcp.callTool({ name: "buscar", arguments: { q } });
    }
    for (const [kind, slug] of entries.slice(0, 40)) await mcp.callTool({ name: "detalle", arguments: { slug, tipo: kind } });
  });
  console.info(`[carga] ${calls.length} llamadas MCP registradas`);
  return calls;
}

// ---- the mix: kinds of request with their weights. Every request a connection sends is the next
// kind in one shared weighted rotation, so the mix holds whatever each kind costs and wherever a
// connection is; an article is written in three requests on one connection (a visitor's session).

type Sent = { method: "GET" | "POST"; path: string; headers: Record<string, string>; body?: string };
type Kind = {
  name: string;
  /** Requests of this kind per rotation of 20 (0: only as the next step of a chain). */
  weight: number;
  build: (ctx: Ctx) => Sent | null;
  /** What is wrong with a 2xx/3xx answer (null: nothing); may set `ctx.next` for a chain. */
  check?: (status: number, body: string, ctx: Ctx, headers: Record<string, string>) => string | null;
};
const page = (path: string): Sent => ({
  method: "GET",
  path,
  headers: { "X-Forwarded-For": visitorIp(), "Accept-Encoding": "gzip, br" },
});
const redirectProblem = (pattern: RegExp, status: number, headers: Record<string, string>): string | null =>
  status !== 302 && status !== 303
    ? `${status} en vez de una redirección`
    : pattern.test(headers.location ?? "")
      ? null
      : `redirección a ${headers.location ?? "?"}`;
const formPost = (path: string, fields: Record<string, string>, ip: string, cookie?: string): Sent => ({
  method: "POST",
  path,
  headers: {
    "Content-Type": "application/x-www-form-urlencoded",
    Origin: BASE,
    "X-Forwarded-For": ip,
    ...(cookie ? { Cookie: cookie } : {}),
  },
  body: form(fields),
});
const search = () => `${pick(SEARCHES)}${pick(TOWNS)}`;

/** The public pages, search, the API and MCP. */
function readingKinds(data: Data, mcpCalls: RecordedCall[]): Kind[] {
  return [
    { name: "inicio /", weight: 2, build: () => page("/") },
    { name: "provincia /restaurantes-…", weight: 2, build: () => page(`/restaurantes-${pick(data.provinces)}`) },
    { name: "industria /negocios/…", weight: 1, build: () => page(`/negocios/${pick(data.industries)}`) },
    {
      name: "ficha /restaurante|negocio/…",
      weight: 3,
      build: () => {
        const [kind, slug] = pick(data.entries);
        return page(`/${kind}/${slug}`);
      },
    },
    { name: "blog /blog", weight: 1, build: () => page("/blog") },
    { name: "blog /blog/…", weight: 1, build: () => page(`/blog/${pick(data.blogSlugs)}`) },
    { name: "búsqueda /buscar", weight: 2, build: () => page(`/buscar?q=${encodeURIComponent(search())}`) },
    { name: "API /api/v1/buscar", weight: 1, build: () => page(`/api/v1/buscar?q=${encodeURIComponent(search())}`) },
    {
      name: "API /api/v1/…/:slug",
      weight: 1,
      build: () => {
        const [kind, slug] = pick(data.entries);
        return page(`/api/v1/${kind === "restaurante" ? "restaurantes" : "negocios"}/${slug}`);
      },
    },
    {
      name: "MCP tools/call",
      weight: 2,
      build: () => {
        const call = pick(mcpCalls);
        return { method: "POST", path: "/mcp", headers: { ...call.headers, "X-Forwarded-For": visitorIp() }, body: call.body };
      },
      check: (status, body) =>
        status === 200 && (!body.includes('"result"') || body.includes('"isError":true')) ? `JSON-RPC: ${body.slice(0, 120)}` : null,
    },
  ];
}

/** Signing in, through better-auth's JSON endpoint and through the /auth form. */
function signInKinds(users: User[]): Kind[] {
  return [
    {
      name: "sesión POST /api/auth/sign-in/email",
      weight: 1,
      build: () => ({
        method: "POST",
        path: "/api/auth/sign-in/email",
        headers: { "Content-Type": "application/json", Origin: BASE, "X-Forwarded-For": nextIp() },
        body: JSON.stringify({ email: pick(users).email, password: PASSWORD }),
      }),
      check: (status, _body, _ctx, headers) =>
        status === 200 && !String(headers["set-cookie"] ?? "").includes("session_token") ? "200 sin cookie de sesión" : null,
    },
    {
      name: "sesión POST /auth (formulario)",
      weight: 1,
      build: () => formPost("/auth", { intent: "login", email: pick(users).email, password: PASSWORD, redirectTo: "/my-blogs" }, nextIp()),
      check: (status, _body, _ctx, headers) => redirectProblem(/\/my-blogs$/, status, headers),
    },
  ];
}

/** An article in three requests on one connection: a draft, the editor, published; `created` gets each draft's id. */
function writingKinds(users: User[], created: string[]): Kind[] {
  let userTurn = 0;
  let articleTurn = 0;
  const draft: Kind = {
    name: "escritura POST /write-blog (borrador)",
    weight: 1,
    build: (ctx) => {
      const user = users[userTurn++ % users.length]!;
      const n = ++articleTurn;
      ctx.user = user;
      ctx.n = n;
      return formPost(
        "/write-blog",
        {
          intent: "draft",
          title: `Borrador de carga ${n}`,
          excerpt: "Un resumen escrito durante la prueba de carga.",
          content: `<p>Primera versión del artículo ${n}, con <strong>negritas</strong> y un <a href="https://example.com">enlace</a>.</p>`,
          category: "",
          tags: "carga,prueba",
          image_url: "",
        },
        user.ip,
        user.cookie,
      );
    },
    check: (status, _body, ctx, headers) => {
      const wrong = redirectProblem(/^\/edit-blog\/[0-9a-f-]{36}$/, status, headers);
      if (wrong) return wrong;
      ctx.id = headers.location!.split("/").pop();
      created.push(String(ctx.id));
      ctx.next = "escritura GET /edit-blog/:id";
      return null;
    },
  };
  return [draft, editorKind, publishKind];
}

const editorKind: Kind = {
  name: "escritura GET /edit-blog/:id",
  weight: 0,
  build: (ctx) => {
    const user = ctx.user as User;
    return { method: "GET", path: `/edit-blog/${String(ctx.id)}`, headers: { Cookie: user.cookie, "X-Forwarded-For": user.ip } };
  },
  check: (_status, body, ctx) => {
    if (!body.includes(`Borrador de carga ${String(ctx.n)}`)) return "el editor no muestra el borrador";
    ctx.hidden = hiddenInputs(body);
    ctx.next = "escritura POST /edit-blog/:id (publicar)";
    return null;
  },
};

const publishKind: Kind = {
  name: "escritura POST /edit-blog/:id (publicar)",
  weight: 0,
  build: (ctx) => {
    const user = ctx.user as User;
    return formPost(
      `/edit-blog/${String(ctx.id)}`,
      {
        ...(ctx.hidden as Record<string, string>),
        intent: "publish",
        title: `Artículo de carga ${String(ctx.n)}`,
        excerpt: "El resumen, revisado.",
        content: `<p>Segunda versión del artículo ${String(ctx.n)}.</p><ul><li>uno</li><li>dos</li></ul>`,
        category: pick(["Gastronomía", "Turismo", "Negocios", "Tecnología"]),
        tags: "carga,publicado",
        image_url: "",
      },
      user.ip,
      user.cookie,
    );
  },
  check: (status, _body, _ctx, headers) => redirectProblem(/^\/blog\/[\w-]+$/, status, headers),
};

/**
 * autocannon's request list: one step, repeated. autocannon resets a connection's context after its
 * last request, so the step is repeated many times in the list: a chain is cut only once every 100
 * requests.
 */
function stepsFor(kinds: Kind[]): AcRequest[] {
  const kindByName = new Map(kinds.map((k) => [k.name, k]));
  // The rotation, each kind spread out over it (not all its slots in a row).
  const rotation = kinds
    .flatMap((k) => Array.from({ length: k.weight }, (_, i) => ({ k, at: (i + 0.5) / k.weight })))
    .sort((a, b) => a.at - b.at)
    .map((x) => x.k);
  let turn = 0;
  const step: AcRequest = {
    setupRequest: (req, ctx) => {
      const kind = ctx.next ? kindByName.get(String(ctx.next))! : rotation[turn++ % rotation.length]!;
      ctx.next = undefined;
      ctx.kind = kind.name;
      const sent = kind.build(ctx);
      return sent ? { ...req, ...sent } : null;
    },
    onResponse: (status, body, ctx, rawHeaders) => {
      if (status >= 400) {
        // A refusal's words say more than its status (when they are not compressed).
        const readable = !Object.keys(rawHeaders).some((h) => h.toLowerCase() === "content-encoding");
        verdicts.set(ctx, `HTTP ${status}${readable ? `: ${body.replace(/\s+/g, " ").slice(0, 160)}` : ""}`);
        return;
      }
      // Header names as each layer wrote them (Location, location): lower-cased once for the checks.
      const headers = Object.fromEntries(Object.entries(rawHeaders).map(([k, v]) => [k.toLowerCase(), String(v)]));
      const wrong = kindByName.get(String(ctx.kind))!.check?.(status, body, ctx, headers);
      if (wrong) verdicts.set(ctx, wrong);
    },
  };
  return Array.from({ length: 100 }, () => ({ ...step }));
}

// ---- a run: one autocannon over every connection, and its report

type Totals = { seconds: number; total: number; socketErrors: number; timeouts: number };

async function run(steps: AcRequest[], workers: number[], seconds: number, connections: number, label: string): Promise<Totals> {
  stats.clear();
  const started = Date.now();
  const ticker = setInterval(() => {
    const done = answered();
    const errs = sum([...stats.values()].map((s) => s.errors));
    const rss = workers.map((p) => mb(rssKb(p))).join(" + ");
    console.info(
      `[${label}] ${Math.round((Date.now() - started) / 1000)} s · ${done} respuestas (${Math.round(done / ((Date.now() - started) / 1000))}/s) · ${errs} errores · RSS ${rss} · carga ${os.loadavg()[0]!.toFixed(1)}`,
    );
  }, EVERY * 1000);
  const result = await runAutocannon(
    { url: BASE, connections, duration: seconds, timeout: TIMEOUT, requests: steps },
    (c, status, _bytes, time) => {
      // The response event comes right after onResponse, before the connection's next request.
      const ctx = c.requestIterator.context;
      const name = String(ctx.kind);
      statsOf(name).latencies.push(time);
      const verdict = verdicts.get(ctx);
      if (verdict) {
        verdicts.delete(ctx);
        recordError(name, verdict);
      } else if (!(status >= 200 && status < 400)) recordError(name, status ? `HTTP ${status}` : "respuesta sin estado HTTP");
    },
  );
  clearInterval(ticker);
  return {
    seconds: (Date.now() - started) / 1000,
    total: answered(),
    socketErrors: result.errors - result.timeouts,
    timeouts: result.timeouts,
  };
}

function report(kinds: Kind[], label: string, totals: Totals): string[] {
  const row = (name: string, sorted: number[], errors: string) => [
    name,
    String(sorted.length),
    (sorted.length / totals.seconds).toFixed(1),
    ms(pct(sorted, 50)),
    ms(pct(sorted, 99)),
    ms(sorted.at(-1) ?? Number.NaN),
    errors,
  ];
  const rows = kinds.map((kind) => {
    const s = statsOf(kind.name);
    const why = [...s.statuses.entries()].map(([k, v]) => `${v}× ${k}`).join(", ");
    return row(kind.name, ascending(s.latencies.slice()), `${s.errors}${why ? ` (${why})` : ""}`);
  });
  const errors = sum(kinds.map((kind) => statsOf(kind.name).errors));
  const all = ascending([...stats.values()].flatMap((s) => s.latencies));
  rows.push(row("**todas**", all, String(errors + totals.socketErrors + totals.timeouts)));
  const lines = markdownTable(["ruta", "respuestas", "por s", "p50", "p99", "máx", "errores"], rows, [1, 2, 3, 4, 5, 6]);
  lines.push(
    "",
    `${label}: ${errors} respuestas erróneas, ${totals.socketErrors} errores de conexión, ${totals.timeouts} esperas de más de ${TIMEOUT} s.`,
  );
  for (const [name, s] of stats) if (s.samples.length) lines.push(`  ${name}: ${s.samples.join(" | ")}`);
  return lines;
}

/**
 * The server keeps working on requests whose client has gone (the warm-up's last ones): the run
 * starts once it answers /healthz within a second again, not behind that queue.
 */
async function drainQueue() {
  const drainStart = Date.now();
  for (let i = 0; i < 120; i++) {
    const t = Date.now();
    const ok = await fetch(`${BASE}/healthz`, { signal: AbortSignal.timeout(30_000) })
      .then((r) => r.ok)
      .catch(() => false);
    if (ok && Date.now() - t < 1000) break;
    await sleep(1000);
  }
  console.info(`[carga] cola del calentamiento terminada en ${((Date.now() - drainStart) / 1000).toFixed(1)} s`);
}

// ---- the measured run and what it left behind

/** Every article the server answered as created, and the load accounts' articles, as the database has them. */
async function articlesInDatabase(client: pg.Client, created: string[]): Promise<{ found: number; all: number; published: number }> {
  const count = async (sql: string, params: unknown[] = []) => ((await client.query(sql, params)).rows[0] as { n: number }).n;
  const found = await count("select count(*)::int as n from blogs where id = any($1::uuid[])", [created]);
  const all = await count("select count(*)::int as n from blogs b join users u on u.id = b.author_id where u.email like 'carga-%'");
  const published = await count(
    "select count(*)::int as n from blogs b join users u on u.id = b.author_id where u.email like 'carga-%' and b.is_published",
  );
  return { found, all, published };
}

type Outcome = {
  totals: Totals;
  cpu: Cpu;
  rss: { warm: number[]; end: number[]; idle: number[] };
  created: string[];
  createdWarm: number;
  articles: { found: number; all: number; published: number };
};

function memoryLine(workers: number[], rss: Outcome["rss"]): string {
  const { warm, end, idle } = rss;
  const change = (from: number, to: number) => `${(((to - from) / from) * 100).toFixed(1)} %`;
  const each = workers.map((pid, i) => `pid ${pid}: ${mb(warm[i]!)} → ${mb(end[i]!)} (${change(warm[i]!, end[i]!)}) → ${mb(idle[i]!)}`);
  return `Memoria residente (media de los últimos 10 s del calentamiento → de la medición → 10 s después, sin carga): ${each.join("; ")}; los dos: ${mb(sum(warm))} → ${mb(sum(end))} (${change(sum(warm), sum(end))}).`;
}

function resultLines(kinds: Kind[], site: Site, o: Outcome): string[] {
  const { totals, cpu, articles, created } = o;
  const serverErrors = fs
    .readFileSync(site.serverLog, "utf8")
    .split("\n")
    .filter((l) => /error|\[db\]/i.test(l));
  return [
    "",
    `== resultado (${new Date().toISOString()}, ${os.cpus().length} CPU, ${WORKERS} procesos, ${CONNECTIONS} conexiones, ${DURATION} s, carga media al final ${loadAverages()})`,
    "",
    ...report(kinds, SOAK ? "soak" : "medición", totals),
    "",
    `Peticiones por segundo: ${(totals.total / totals.seconds).toFixed(1)} (${totals.total} en ${totals.seconds.toFixed(1)} s).`,
    memoryLine(site.workers, o.rss),
    `CPU usada durante la medición (de ${(os.cpus().length * totals.seconds).toFixed(0)} s de CPU de la máquina): servidor ${cpu.workers.toFixed(1)} s, PostgreSQL ≈${cpu.postgres.toFixed(1)} s, generador de carga ${cpu.bench.toFixed(1)} s; el resto fue de otros procesos de la máquina.`,
    `Artículos: ${created.length} creados según las respuestas (${o.createdWarm} en el calentamiento), de ellos ${articles.found} en la base${articles.found === created.length ? " (todos)" : " (¡FALTAN ALGUNOS!)"}; ${articles.all} artículos de las cuentas de carga en la base, ${articles.published} publicados.`,
    `Registro del servidor: ${serverErrors.length} líneas de error${serverErrors.length ? `, p. ej.:\n  ${serverErrors.slice(0, 5).join("\n  ")}` : "."}`,
  ];
}

/** The warm-up, the queue's drain, then the measured run with its CPU time and the workers' memory. */
async function measure(site: Site, kinds: Kind[], created: string[]): Promise<Omit<Outcome, "articles">> {
  const { workers } = site;
  const steps = stepsFor(kinds);
  const memory = sampleMemory(workers);
  console.info(`\n-- calentamiento: ${WARMUP} s, ${CONNECTIONS} conexiones`);
  const warm = await run(steps, workers, WARMUP, CONNECTIONS, "calentamiento");
  console.info(report(kinds, "calentamiento", warm).slice(-3).join("\n"));
  const createdWarm = created.length;
  const warmEnd = Date.now();
  await drainQueue();

  console.info(`\n-- medición: ${DURATION} s, ${CONNECTIONS} conexiones`);
  const pgPort = new URL(site.database.server.url).port;
  const cpuBefore = cpuNow(workers, pgPort);
  const totals = await run(steps, workers, DURATION, CONNECTIONS, SOAK ? "soak" : "medición");
  const cpuAfter = cpuNow(workers, pgPort);
  const runEnd = Date.now();
  await sleep(10_000);
  memory.stop();
  const cpu = {
    workers: cpuAfter.workers - cpuBefore.workers,
    postgres: cpuAfter.postgres - cpuBefore.postgres,
    bench: cpuAfter.bench - cpuBefore.bench,
  };
  // Memory as the mean of the last 10 s of each phase: a single reading lands anywhere on the
  // garbage collector's saw-tooth (tens of MB).
  const rss = { warm: memory.mean(warmEnd - 10_000, warmEnd), end: memory.mean(runEnd - 10_000, runEnd), idle: workers.map(rssKb) };
  return { totals, cpu, rss, created, createdWarm };
}

async function main() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "pv-load-"));
  console.info(
    `\n== bench:load · PostgreSQL · ${WORKERS} procesos de servidor (WEB_CONCURRENCY) en un puerto · ${os.cpus().length} CPU · carga media ${loadAverages()} · ${CONNECTIONS} conexiones · ${WARMUP} s de calentamiento + ${DURATION} s${SOAK ? " (soak)" : ""}\n`,
  );
  const site = await startSite(tmp);
  const client = new pg.Client({ connectionString: site.database.url });
  await client.connect();
  const data = await demoData(client);
  const users = await signUpUsers();
  const mcpCalls = await recordMcp(data.entries);
  const created: string[] = [];
  const kinds = [...readingKinds(data, mcpCalls), ...signInKinds(users), ...writingKinds(users, created)];
  const measured = await measure(site, kinds, created);
  // Every article the server answered as created is in the database (more may be: answers still on
  // their way when autocannon stopped, or after a client gave up waiting).
  const articles = await articlesInDatabase(client, created);
  await client.end();
  console.info(resultLines(kinds, site, { ...measured, articles }).join("\n"));
  site.server.stop();
  await sleep(3000);
  fs.rmSync(tmp, { recursive: true, force: true });
}

main()
  .then(() => process.exit(0))
  .catch((error) => {
    console.error(error);
    process.exit(1);
  });
