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
import { type ChildProcess, execSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
// @ts-expect-error autocannon ships no type declarations
import autocannonModule from "autocannon";
import pg from "pg";
import { PROVINCES } from "../app/catalog/provinces";
import { startPostgres } from "../tests/setup/postgres";
import { waitHealthy } from "./lib/wait-healthy";

type AcResult = { requests: { total: number; average: number }; errors: number; timeouts: number; duration: number };
type AcRequest = {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (req: AcRequest, context: Ctx) => AcRequest | null;
  onResponse?: (status: number, body: string, context: Ctx, headers: Record<string, string>) => void;
};
/** A connection: the response event reads its context (kind of request, chain state). */
type AcClient = { requestIterator: { context: Ctx } };
type AcInstance = {
  on(event: "response", fn: (client: AcClient, status: number, bytes: number, time: number) => void): void;
  stop(): void;
};
const autocannon = autocannonModule as (opts: Record<string, unknown>, cb: (err: Error | null, res: AcResult) => void) => AcInstance;
/** Per connection, reset after the last of its `steps` (autocannon's `context`). */
type Ctx = Record<string, unknown>;

const root = path.resolve(import.meta.dirname, "..");
function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}
const SOAK = process.argv.includes("--soak");
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

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;
const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : Number.NaN;
const ms = (n: number) => (Number.isNaN(n) ? "-" : `${n < 10 ? n.toFixed(1) : Math.round(n)} ms`);
const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;

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

// ---- process memory (Linux /proc)

type Proc = { pid: number; ppid: number; server: boolean; args: string[] };
function processes(): Proc[] {
  const out: Proc[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      // node running scripts/start.ts (not the shell npm starts it with)
      const args = fs.readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0");
      const server = path.basename(args[0] ?? "") === "node" && args.some((a) => a.endsWith("scripts/start.ts"));
      out.push({ pid: Number(entry), ppid, server, args });
    } catch {
      /* gone */
    }
  }
  return out;
}

/** The cluster's workers: processes of scripts/start.ts (under `rootPid`) whose parent is one too, the primary. */
function workerPids(rootPid: number): number[] {
  const all = processes();
  const below = new Set<number>([rootPid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const p of all) {
      if (below.has(p.ppid) && !below.has(p.pid)) {
        below.add(p.pid);
        grew = true;
      }
    }
  }
  const byPid = new Map(all.map((p) => [p.pid, p]));
  return all
    .filter((p) => below.has(p.pid) && p.server && byPid.get(p.ppid)?.server)
    .map((p) => p.pid)
    .sort((a, b) => a - b);
}

const TICKS = Number(execSync("getconf CLK_TCK").toString().trim()) || 100;
/** CPU seconds a process has used, its reaped children included (PostgreSQL's ended backends). */
function cpuSeconds(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) / TICKS;
  } catch {
    return 0;
  }
}

/**
 * PostgreSQL's postmaster listening on `port`, and its backends: their CPU, plus the postmaster's
 * reaped children. Approximate: a short run with connections closing has come out slightly negative.
 */
function postgresPids(port: string): number[] {
  const all = processes();
  const master = all.find((p) => p.args.includes("-p") && p.args.includes(port) && p.args.some((a) => a.endsWith("/postgres")));
  return master ? [master.pid, ...all.filter((p) => p.ppid === master.pid).map((p) => p.pid)] : [];
}

function rssKb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
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

async function main() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "pv-load-"));
  console.info(
    `\n== bench:load · PostgreSQL · ${WORKERS} procesos de servidor (WEB_CONCURRENCY) en un puerto · ${os.cpus().length} CPU · carga media ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")} · ${CONNECTIONS} conexiones · ${WARMUP} s de calentamiento + ${DURATION} s${SOAK ? " (soak)" : ""}\n`,
  );

  const pgServer = await startPostgres();
  const admin = new pg.Client({ connectionString: `${pgServer.url}/postgres` });
  await admin.connect();
  await admin.query("create database pv_load");
  await admin.end();
  const databaseUrl = `${pgServer.url}/pv_load`;
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    NODE_ENV: "production",
    PORT: String(PORT),
    PUBLIC_URL: BASE,
    BUILD_DIR,
    DATABASE_URL: databaseUrl,
    SEED_DEMO: "1",
    WEB_CONCURRENCY: String(WORKERS),
    AUTH_SECRET: "bench-secret-bench-secret-bench-secret-0123",
    // Behind a load balancer every visitor has its own address: here each simulated one sends it.
    TRUST_PROXY: "1",
    // One machine plays thousands of visitors: the per-minute limits would answer 429s.
    API_RATE_LIMIT: "1000000000",
    AUTH_RATE_LIMIT: "1000000000",
    AUTH_SIGNUP_RATE_LIMIT: "1000000000",
  };
  delete env.DATA_DIR;

  console.info("[carga] compilando si hace falta e iniciando el servidor…");
  const serverLog = path.join(tmp, "server.log");
  const logFd = fs.openSync(serverLog, "a");
  // `npm start` (the flags production runs with), in its own process group so that stopping it also
  // stops the node processes under npm.
  const server: ChildProcess = spawn("npm", ["start"], { cwd: root, env, stdio: ["ignore", logFd, logFd], detached: true });
  let stopped = false;
  const stopAll = () => {
    if (stopped) return;
    stopped = true;
    try {
      process.kill(-server.pid!, "SIGTERM");
    } catch {
      /* already gone */
    }
  };
  process.once("exit", () => {
    stopAll();
    pgServer.stop();
  });
  process.once("SIGINT", () => process.exit(130));
  await waitHealthy(`${BASE}/healthz`, {
    timeoutMs: 600_000,
    intervalMs: 500,
    child: server,
    failure: () => {
      console.error(fs.readFileSync(serverLog, "utf8").slice(-3000));
      return new Error("el servidor no arrancó");
    },
  });
  let workers = workerPids(server.pid!);
  for (let i = 0; workers.length < WORKERS && i < 60; i++) {
    await new Promise((r) => setTimeout(r, 500));
    workers = workerPids(server.pid!);
  }
  console.info(`[carga] servidor listo: procesos ${workers.join(", ")}`);
  // Each worker's resident memory, every second.
  const samples: { at: number; rss: number[] }[] = [];
  const sampler = setInterval(() => samples.push({ at: Date.now(), rss: workers.map(rssKb) }), 1000);
  const meanRss = (from: number, to: number) => {
    const window = samples.filter((x) => x.at >= from && x.at <= to);
    return workers.map((_, i) => window.reduce((n, x) => n + x.rss[i]!, 0) / Math.max(1, window.length));
  };

  // ---- what the visitors ask for: the demo data
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const q = async (sql: string) => (await client.query(sql)).rows as Record<string, string>[];
  const restaurantSlugs = (await q("select slug from restaurants where is_active")).map((r) => r.slug!);
  const businessSlugs = (await q("select slug from businesses where is_active")).map((r) => r.slug!);
  const industries = (await q("select distinct industria from businesses where is_active")).map((r) => r.industria!);
  const blogSlugs = (await q("select slug from blogs where is_published")).map((r) => r.slug!);
  const provinces = PROVINCES.map((p) => p.slug);
  console.info(
    `[carga] datos: ${restaurantSlugs.length} restaurantes, ${businessSlugs.length} negocios, ${industries.length} industrias, ${blogSlugs.length} artículos`,
  );
  const SEARCHES = ["mariscos", "ceviche", "café", "abogado", "dentista", "pizza", "hotel", "tours", "panadería", "comida típica"];
  const TOWNS = ["", " en Bocas", " en David", " Chitré", " en Colón", " Boquete", " Panamá", " Pedasí"];
  const search = () => `${pick(SEARCHES)}${pick(TOWNS)}`;
  const entries = [...restaurantSlugs.map((s) => ["restaurante", s] as const), ...businessSlugs.map((s) => ["negocio", s] as const)];

  // ---- accounts: signed up through better-auth's endpoint, as a browser's form would
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
  type User = { email: string; ip: string; cookie: string };
  const users: User[] = [];
  for (let i = 0; i < USERS; i += 10) {
    users.push(...(await Promise.all(Array.from({ length: Math.min(10, USERS - i) }, (_, j) => signUp(i + j)))));
  }
  console.info(`[carga] ${users.length} cuentas registradas`);

  // ---- what an assistant sends to /mcp: the official v2 client's own tools/call requests (headers
  // such as Mcp-Name must agree with the body), recorded for a set of calls and replayed at random
  const { Client, StreamableHTTPClientTransport } = await import("@modelcontextprotocol/client");
  type Recorded = { headers: Record<string, string>; body: string };
  const mcpCalls: Recorded[] = [];
  const mcp = new Client({ name: "carga", version: "1.0.0" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } });
  await mcp.connect(
    new StreamableHTTPClientTransport(new URL(`${BASE}/mcp`), {
      fetch: async (input: string | URL | Request, init?: RequestInit) => {
        if (typeof init?.body === "string" && JSON.parse(init.body).method === "tools/call") {
          // Its own headers (content type, accepted types, protocol version, method and tool); autocannon writes Host and length.
          const headers = [...new Headers(init.headers).entries()].filter(([k]) => k !== "host" && k !== "content-length");
          mcpCalls.push({ headers: Object.fromEntries(headers), body: init.body });
        }
        return fetch(input, init);
      },
    }),
  );
  for (const q of SEARCHES.flatMap((what) => TOWNS.slice(0, 4).map((town) => `${what}${town}`))) {
    await mcp.callTool({ name: "buscar", arguments: { q } });
  }
  for (const [kind, slug] of entries.slice(0, 40)) await mcp.callTool({ name: "detalle", arguments: { slug, tipo: kind } });
  await mcp.close();
  console.info(`[carga] ${mcpCalls.length} llamadas MCP registradas`);

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
  let userTurn = 0;
  let articleTurn = 0;
  const created: string[] = [];
  const KINDS: Kind[] = [
    { name: "inicio /", weight: 2, build: () => page("/") },
    { name: "provincia /restaurantes-…", weight: 2, build: () => page(`/restaurantes-${pick(provinces)}`) },
    { name: "industria /negocios/…", weight: 1, build: () => page(`/negocios/${pick(industries)}`) },
    {
      name: "ficha /restaurante|negocio/…",
      weight: 3,
      build: () => {
        const [kind, slug] = pick(entries);
        return page(`/${kind}/${slug}`);
      },
    },
    { name: "blog /blog", weight: 1, build: () => page("/blog") },
    { name: "blog /blog/…", weight: 1, build: () => page(`/blog/${pick(blogSlugs)}`) },
    { name: "búsqueda /buscar", weight: 2, build: () => page(`/buscar?q=${encodeURIComponent(search())}`) },
    { name: "API /api/v1/buscar", weight: 1, build: () => page(`/api/v1/buscar?q=${encodeURIComponent(search())}`) },
    {
      name: "API /api/v1/…/:slug",
      weight: 1,
      build: () => {
        const [kind, slug] = pick(entries);
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
    {
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
    },
    {
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
    },
    {
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
    },
  ];
  const kindByName = new Map(KINDS.map((k) => [k.name, k]));
  // The rotation, each kind spread out over it (not all its slots in a row).
  const rotation = KINDS.flatMap((k) => Array.from({ length: k.weight }, (_, i) => ({ k, at: (i + 0.5) / k.weight })))
    .sort((a, b) => a.at - b.at)
    .map((x) => x.k);
  let turn = 0;

  /**
   * One step of a connection. autocannon resets a connection's context after its last request, so
   * the step is repeated many times in the list: a chain is cut only once every 100 requests.
   */
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
  const steps = Array.from({ length: 100 }, () => ({ ...step }));

  // ---- a run: one autocannon over every connection
  async function run(
    seconds: number,
    connections: number,
    label: string,
  ): Promise<{ seconds: number; total: number; socketErrors: number; timeouts: number }> {
    stats.clear();
    const started = Date.now();
    const ticker = setInterval(() => {
      const done = [...stats.values()].reduce((n, s) => n + s.latencies.length, 0);
      const errs = [...stats.values()].reduce((n, s) => n + s.errors, 0);
      const rss = workers.map((p) => mb(rssKb(p))).join(" + ");
      console.info(
        `[${label}] ${Math.round((Date.now() - started) / 1000)} s · ${done} respuestas (${Math.round(done / ((Date.now() - started) / 1000))}/s) · ${errs} errores · RSS ${rss} · carga ${os.loadavg()[0]!.toFixed(1)}`,
      );
    }, EVERY * 1000);
    const result = await new Promise<AcResult>((resolve, reject) => {
      const inst = autocannon({ url: BASE, connections, duration: seconds, timeout: TIMEOUT, requests: steps }, (err, res) =>
        err ? reject(err) : resolve(res),
      );
      inst.on("response", (c, status, _bytes, time) => {
        // The response event comes right after onResponse, before the connection's next request.
        const ctx = c.requestIterator.context;
        const name = String(ctx.kind);
        const s = statsOf(name);
        s.latencies.push(time);
        const verdict = verdicts.get(ctx);
        if (verdict) {
          verdicts.delete(ctx);
          recordError(name, verdict);
        } else if (!(status >= 200 && status < 400)) recordError(name, status ? `HTTP ${status}` : "respuesta sin estado HTTP");
      });
    });
    clearInterval(ticker);
    return {
      seconds: (Date.now() - started) / 1000,
      total: [...stats.values()].reduce((n, s) => n + s.latencies.length, 0),
      socketErrors: result.errors - result.timeouts,
      timeouts: result.timeouts,
    };
  }

  function report(label: string, totals: Awaited<ReturnType<typeof run>>): string[] {
    const lines = [
      `| ruta | respuestas | por s | p50 | p99 | máx | errores |`,
      `| ---- | ---------: | ----: | --: | --: | --: | ------: |`,
    ];
    let errors = 0;
    for (const kind of KINDS) {
      const s = statsOf(kind.name);
      const sorted = s.latencies.slice().sort((a, b) => a - b);
      errors += s.errors;
      const why = [...s.statuses.entries()].map(([k, v]) => `${v}× ${k}`).join(", ");
      lines.push(
        `| ${kind.name} | ${sorted.length} | ${(sorted.length / totals.seconds).toFixed(1)} | ${ms(pct(sorted, 50))} | ${ms(pct(sorted, 99))} | ${ms(sorted.at(-1) ?? Number.NaN)} | ${s.errors}${why ? ` (${why})` : ""} |`,
      );
    }
    const all = [...stats.values()].flatMap((s) => s.latencies).sort((a, b) => a - b);
    lines.push(
      `| **todas** | ${all.length} | ${(all.length / totals.seconds).toFixed(1)} | ${ms(pct(all, 50))} | ${ms(pct(all, 99))} | ${ms(all.at(-1) ?? Number.NaN)} | ${errors + totals.socketErrors + totals.timeouts} |`,
    );
    lines.push(
      "",
      `${label}: ${errors} respuestas erróneas, ${totals.socketErrors} errores de conexión, ${totals.timeouts} esperas de más de ${TIMEOUT} s.`,
    );
    for (const [name, s] of stats) if (s.samples.length) lines.push(`  ${name}: ${s.samples.join(" | ")}`);
    return lines;
  }

  // ---- warm-up, then the measured run
  console.info(`\n-- calentamiento: ${WARMUP} s, ${CONNECTIONS} conexiones`);
  const warm = await run(WARMUP, CONNECTIONS, "calentamiento");
  console.info(report("calentamiento", warm).slice(-3).join("\n"));
  const createdWarm = created.length;
  const warmEnd = Date.now();
  // The server keeps working on requests whose client has gone (the warm-up's last ones): the run
  // starts once it answers /healthz within a second again, not behind that queue.
  const drainStart = Date.now();
  for (let i = 0; i < 120; i++) {
    const t = Date.now();
    const ok = await fetch(`${BASE}/healthz`, { signal: AbortSignal.timeout(30_000) })
      .then((r) => r.ok)
      .catch(() => false);
    if (ok && Date.now() - t < 1000) break;
    await new Promise((r) => setTimeout(r, 1000));
  }
  console.info(`[carga] cola del calentamiento terminada en ${((Date.now() - drainStart) / 1000).toFixed(1)} s`);

  console.info(`\n-- medición: ${DURATION} s, ${CONNECTIONS} conexiones`);
  const pgPort = new URL(pgServer.url).port;
  const cpu = () => ({
    workers: workers.reduce((n, p) => n + cpuSeconds(p), 0),
    postgres: postgresPids(pgPort).reduce((n, p) => n + cpuSeconds(p), 0),
    bench: (process.cpuUsage().user + process.cpuUsage().system) / 1e6,
  });
  const cpuBefore = cpu();
  const main = await run(DURATION, CONNECTIONS, SOAK ? "soak" : "medición");
  const cpuAfter = cpu();
  const runEnd = Date.now();
  await new Promise((r) => setTimeout(r, 10_000));
  clearInterval(sampler);
  const rssIdle = workers.map(rssKb);
  // Memory as the mean of the last 10 s of each phase: a single reading lands anywhere on the
  // garbage collector's saw-tooth (tens of MB).
  const rssWarm = meanRss(warmEnd - 10_000, warmEnd);
  const rssEnd = meanRss(runEnd - 10_000, runEnd);
  const total = (list: number[]) => list.reduce((a, b) => a + b, 0);

  // Every article the server answered as created is in the database (more may be: answers still on
  // their way when autocannon stopped, or after a client gave up waiting).
  const [found] = (await client.query("select count(*)::int as n from blogs where id = any($1::uuid[])", [created])).rows as {
    n: number;
  }[];
  const [row] = await q("select count(*)::int as n from blogs b join users u on u.id = b.author_id where u.email like 'carga-%'");
  const [published] = await q(
    "select count(*)::int as n from blogs b join users u on u.id = b.author_id where u.email like 'carga-%' and b.is_published",
  );
  await client.end();

  const serverErrors = fs
    .readFileSync(serverLog, "utf8")
    .split("\n")
    .filter((l) => /error|\[db\]/i.test(l));
  const lines = [
    "",
    `== resultado (${new Date().toISOString()}, ${os.cpus().length} CPU, ${WORKERS} procesos, ${CONNECTIONS} conexiones, ${DURATION} s, carga media al final ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")})`,
    "",
    ...report(SOAK ? "soak" : "medición", main),
    "",
    `Peticiones por segundo: ${(main.total / main.seconds).toFixed(1)} (${main.total} en ${main.seconds.toFixed(1)} s).`,
    `Memoria residente (media de los últimos 10 s del calentamiento → de la medición → 10 s después, sin carga): ${workers
      .map(
        (pid, i) =>
          `pid ${pid}: ${mb(rssWarm[i]!)} → ${mb(rssEnd[i]!)} (${(((rssEnd[i]! - rssWarm[i]!) / rssWarm[i]!) * 100).toFixed(1)} %) → ${mb(rssIdle[i]!)}`,
      )
      .join(
        "; ",
      )}; los dos: ${mb(total(rssWarm))} → ${mb(total(rssEnd))} (${(((total(rssEnd) - total(rssWarm)) / total(rssWarm)) * 100).toFixed(1)} %).`,
    `CPU usada durante la medición (de ${(os.cpus().length * main.seconds).toFixed(0)} s de CPU de la máquina): servidor ${(cpuAfter.workers - cpuBefore.workers).toFixed(1)} s, PostgreSQL ≈${(cpuAfter.postgres - cpuBefore.postgres).toFixed(1)} s, generador de carga ${(cpuAfter.bench - cpuBefore.bench).toFixed(1)} s; el resto fue de otros procesos de la máquina.`,
    `Artículos: ${created.length} creados según las respuestas (${createdWarm} en el calentamiento), de ellos ${found!.n} en la base${found!.n === created.length ? " (todos)" : " (¡FALTAN ALGUNOS!)"}; ${row!.n} artículos de las cuentas de carga en la base, ${published!.n} publicados.`,
    `Registro del servidor: ${serverErrors.length} líneas de error${serverErrors.length ? `, p. ej.:\n  ${serverErrors.slice(0, 5).join("\n  ")}` : "."}`,
  ];
  console.info(lines.join("\n"));
  stopAll();
  await new Promise((r) => setTimeout(r, 3000));
  fs.rmSync(tmp, { recursive: true, force: true });
}

main()
  .then(() => process.exit(0))
  .catch((error) => {
    console.error(error);
    process.exit(1);
  });
