/**
 * `npm run scan:security`: starts the production server on 127.0.0.1 with the demo data in a fresh
 * embedded database, and attacks it with sqlmap and wapiti (Debian packages, installed with apt-get
 * when missing): the public pages, search, the API, MCP and the forms, signed out and signed in.
 * Only the XSS, SQL, exec, file, CRLF and redirect modules run, never one that calls an outside
 * server; every step has a time limit. Prints the findings per tool, session and module, keeps the
 * reports in reports/security/ (out of git) and exits 0 without findings, 1 with findings, 2 when
 * the scan could not run to the end. docs/security.md explains what it covers and what it does not.
 *
 * wapiti signed out, wapiti signed in and sqlmap (two targets at a time) run side by side; with the
 * defaults the attacks end within about 10 minutes, the server's start (and build, when stale) aside.
 *
 * Environment: SCAN_PORT (3310), SCAN_REPORT_DIR (reports/security), SCAN_ONLY (sqlmap | wapiti),
 * SCAN_WAPITI_CRAWL_SECONDS (75, per session), SCAN_WAPITI_ATTACK_SECONDS (75 per module and
 * session; three times that for xss, 40 % for blindsql, exec and file), SCAN_WAPITI_XSS_PAYLOADS
 * (10 per place a field is echoed; 0 for all), SCAN_SQLMAP_TARGET_SECONDS (240 per target),
 * SCAN_SQLMAP_MINUTES (10: targets not done by then are cut and reported), SCAN_SQLMAP_PARALLEL (2),
 * SCAN_SQLMAP_LEVEL (every target at this level, instead of 2 for the three search entry points
 * and 1 for the rest), SCAN_SQLMAP_RISK (1), BUILD_DIR (build).
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { BLOG_CATEGORIES } from "../app/catalog/categories";
import { CONTACT_SERVICE_SLUGS } from "../app/catalog/plans";
import {
  type Finding,
  readSqlmap,
  readWapiti,
  type SqlmapResult,
  WAPITI_MODULES,
  type WapitiModule,
  type WapitiResult,
} from "./security/findings";
import { exited, signalGroup, sleep } from "./lib/processes";
import { alignedTable } from "./lib/report-table";
import { waitHealthy } from "./lib/wait-healthy";

const root = path.resolve(import.meta.dirname, "..");
const num = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} debe ser un número positivo`);
  return value;
};
const PORT = num("SCAN_PORT", 3310);
const ORIGIN = `http://127.0.0.1:${PORT}`;
/** The one account that may become admin (OWNER_EMAIL of the scanned server). */
const ADMIN_EMAIL = `escaneo-admin-${crypto.randomBytes(4).toString("hex")}@example.com`;
const ONLY = process.env.SCAN_ONLY ?? "";
const CRAWL_S = num("SCAN_WAPITI_CRAWL_SECONDS", 75);
const ATTACK_S = num("SCAN_WAPITI_ATTACK_SECONDS", 75);
/**
 * Seconds per wapiti module and session. The server answers a fixed number of requests in the run,
 * so they go where they count: XSS gets three times the base (its payloads are many per echoed
 * field, and no other tool here looks for it); time-based SQL is sqlmap's job too, and exec and file
 * payloads aim at shells and include(): these get 40 %.
 */
const MODULE_SECONDS: Record<WapitiModule, number> = {
  xss: 3 * ATTACK_S,
  permanentxss: ATTACK_S,
  sql: ATTACK_S,
  blindsql: Math.round(0.4 * ATTACK_S),
  exec: Math.round(0.4 * ATTACK_S),
  file: Math.round(0.4 * ATTACK_S),
  crlf: ATTACK_S,
  redirect: ATTACK_S,
};
/** Payloads the xss module tries per place a field is echoed (the first, plainest ones); 0: all (about 80). */
const XSS_PAYLOADS = Number(process.env.SCAN_WAPITI_XSS_PAYLOADS ?? 10);
const TARGET_S = num("SCAN_SQLMAP_TARGET_SECONDS", 240);
const SQLMAP_MINUTES = num("SCAN_SQLMAP_MINUTES", 10);
const SQLMAP_PARALLEL = num("SCAN_SQLMAP_PARALLEL", 2);
const LEVEL = process.env.SCAN_SQLMAP_LEVEL ? num("SCAN_SQLMAP_LEVEL", 1) : null;
const RISK = num("SCAN_SQLMAP_RISK", 1);
/** Seconds a wapiti request may take; its time-based SQL payloads sleep one second longer. */
const REQUEST_TIMEOUT_S = 10;
if (ONLY && ONLY !== "sqlmap" && ONLY !== "wapiti") throw new Error("SCAN_ONLY es sqlmap o wapiti");
if (!Number.isInteger(XSS_PAYLOADS) || XSS_PAYLOADS < 0) throw new Error("SCAN_WAPITI_XSS_PAYLOADS es un entero, 0 o más");

const startedAt = new Date();
const stamp = startedAt.toISOString().replace(/[:.]/g, "-").slice(0, 19);
const reportDir = path.resolve(root, process.env.SCAN_REPORT_DIR ?? "reports/security", stamp);

// Anything either tool tries to reach outside this machine goes to a closed local port and fails at
// once (wapiti, for one, fetches databases and uploads crash reports by default).
const NO_OUTSIDE = {
  http_proxy: "http://127.0.0.1:9",
  https_proxy: "http://127.0.0.1:9",
  HTTP_PROXY: "http://127.0.0.1:9",
  HTTPS_PROXY: "http://127.0.0.1:9",
  no_proxy: "127.0.0.1,localhost",
  NO_PROXY: "127.0.0.1,localhost",
};

// ---------------------------------------------------------------- processes

type Exit = { code: number | null; timedOut: boolean };
const running = new Set<ChildProcess>();

/** Signals a running child's whole process group (each child leads its own, so npm, sh and python go too). */
function signalRunning(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  signalGroup(child, signal);
}

/** SIGTERM, then SIGKILL after `graceMs`. */
async function stop(child: ChildProcess, graceMs: number) {
  signalRunning(child, "SIGTERM");
  if (!(await exited(child, graceMs))) {
    signalRunning(child, "SIGKILL");
    await exited(child, 2000);
  }
}

/** A child in its own process group, its output appended to `log`. */
function start(cmd: string, args: string[], opts: { env: NodeJS.ProcessEnv; log: string }): ChildProcess {
  const out = fs.openSync(opts.log, "a");
  const child = spawn(cmd, args, { cwd: root, env: opts.env, stdio: ["ignore", out, out], detached: true });
  fs.closeSync(out);
  running.add(child);
  child.once("exit", () => running.delete(child));
  child.once("error", (error) => fs.appendFileSync(opts.log, `\n[scan] no se pudo ejecutar ${cmd}: ${error.message}\n`));
  return child;
}

/** Runs a command to its end or to `timeoutMs`, its output in `log`. */
async function run(cmd: string, args: string[], opts: { env: NodeJS.ProcessEnv; log: string; timeoutMs: number }): Promise<Exit> {
  fs.appendFileSync(opts.log, `$ ${cmd} ${args.map((a) => (/[\s"'*&;]/.test(a) ? JSON.stringify(a) : a)).join(" ")}\n\n`);
  const child = start(cmd, args, opts);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    void stop(child, 5000);
  }, opts.timeoutMs);
  const code = await new Promise<number | null>((resolve) => {
    child.once("exit", (c) => resolve(c));
    child.once("error", () => resolve(-1));
  });
  clearTimeout(timer);
  return { code, timedOut };
}

let server: ChildProcess | null = null;
let dataDir: string | null = null;
let stopping: Promise<void> | null = null;

/** Stops every scanner and the server (the server gets time to close its database), then removes the data. */
function stopAll(): Promise<void> {
  stopping ??= (async () => {
    await Promise.all([...running].filter((c) => c !== server).map((c) => stop(c, 5000)));
    if (server) await stop(server, 15_000);
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  })();
  return stopping;
}

let signalled = false;
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  // `on`, not `once`: a Ctrl-C reaches npm, tsx and this process, and tsx relays it once more; a
  // signal with no listener left would kill this process before it has stopped the server.
  process.on(signal, () => {
    if (signalled) return;
    signalled = true;
    console.error(`\n[scan] ${signal}: deteniendo los escáneres y el servidor…`);
    void stopAll().finally(() => process.exit(signal === "SIGINT" ? 130 : 143));
  });
}
process.on("uncaughtException", (error) => {
  console.error(`[scan] ${error.stack ?? error.message}`);
  void stopAll().finally(() => process.exit(2));
});
// Last resort (an exit on the way out of an error): nothing this script started outlives it.
process.on("exit", () => {
  for (const child of running) signalRunning(child, "SIGKILL");
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

// ---------------------------------------------------------------- tools

function which(cmd: string): string | null {
  const found = spawnSync("sh", ["-c", `command -v ${cmd}`], { encoding: "utf8" });
  return found.status === 0 ? found.stdout.trim() : null;
}

/** sqlmap and wapiti from Debian, installed when missing (root, or sudo). */
function ensureTools() {
  const missing = ["sqlmap", "wapiti"].filter((t) => !which(t));
  if (!missing.length) return;
  const asRoot = process.getuid?.() === 0;
  if (!asRoot && !which("sudo")) {
    throw new Error(`Faltan ${missing.join(" y ")}: instálalos con apt-get install ${missing.join(" ")} (como root).`);
  }
  const sudo = asRoot ? [] : ["sudo"];
  console.info(`[scan] instalando ${missing.join(" y ")} con apt-get…`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  for (const args of [
    ["apt-get", "update", "-qq"],
    ["apt-get", "install", "-y", "-qq", "--no-install-recommends", "-o", "DPkg::Lock::Timeout=300", ...missing],
  ]) {
    const [cmd, ...rest] = [...sudo, ...args];
    const result = spawnSync(cmd!, rest, { stdio: "inherit", env });
    if (result.status !== 0) throw new Error(`${args.slice(0, 2).join(" ")} falló (código ${result.status})`);
  }
  const still = ["sqlmap", "wapiti"].filter((t) => !which(t));
  if (still.length) throw new Error(`apt-get no dejó instalados: ${still.join(", ")}`);
}

function version(pkg: string): string {
  // dpkg-query's own field syntax, not a template placeholder.
  const dpkg = spawnSync("dpkg-query", ["-W", `-f=${"$"}{Version}`, pkg], { encoding: "utf8" });
  if (dpkg.status === 0 && dpkg.stdout.trim()) return dpkg.stdout.trim();
  const own = spawnSync(pkg, ["--version"], { encoding: "utf8", env: { ...process.env, ...NO_OUTSIDE } });
  return (own.stdout + own.stderr).match(/\d+\.\d+(\.\d+)?/)?.[0] ?? "desconocida";
}

/** The Python that runs wapiti (its script's #! line): our wrapper must import the same wapitiCore. */
function wapitiPython(): string {
  const script = which("wapiti");
  const shebang = script ? fs.readFileSync(script, "utf8").split("\n")[0]! : "";
  return shebang.startsWith("#!") ? shebang.slice(2).trim().split(/\s+/)[0]! : "/usr/bin/python3";
}

// ---------------------------------------------------------------- server

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

async function startServer(log: string) {
  if (!(await portFree(PORT))) throw new Error(`El puerto ${PORT} está ocupado: elige otro con SCAN_PORT.`);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pv-scan-"));
  // Only what the server needs: no DATABASE_URL (the scan never touches a real database), no SMTP,
  // Stripe, Places or chat origins (nothing to call outside).
  const env: NodeJS.ProcessEnv = {};
  for (const key of ["PATH", "HOME", "TMPDIR", "LANG", "LC_ALL", "BUILD_DIR"]) if (process.env[key]) env[key] = process.env[key];
  Object.assign(env, {
    NODE_ENV: "production",
    PORT: String(PORT),
    PUBLIC_URL: ORIGIN,
    DATA_DIR: dataDir,
    SEED_DEMO: "1",
    // The one account that may become admin: by opening the link of its confirmation mail, as in production.
    OWNER_EMAIL: ADMIN_EMAIL,
    MAIL_LOG_FILE: path.join(dataDir, "mail.log"),
    // The scanners send thousands of requests a minute from one address: with the production limits
    // they would measure the limiter (429), not the code behind it.
    API_RATE_LIMIT: "1000000",
    AUTH_RATE_LIMIT: "1000000",
    AUTH_SIGNUP_RATE_LIMIT: "1000000",
    // Every answer rendered afresh, so that a stored payload shows on the next request.
    PAGE_CACHE: "off",
    API_CACHE_TTL_MS: "0",
  });
  console.info(`[scan] compilando si hace falta e iniciando el servidor en ${ORIGIN} (datos en ${dataDir})…`);
  server = start(
    process.execPath,
    ["--max-semi-space-size=32", "--import", "tsx", "--import", "./scripts/security/loopback.ts", "scripts/start.ts"],
    { env, log },
  );
  const child = server;
  await waitHealthy(`${ORIGIN}/healthz`, {
    timeoutMs: 300_000,
    intervalMs: 1000,
    child,
    failure: (why) =>
      new Error(
        why === "exited"
          ? `El servidor terminó con código ${child.exitCode} (ver ${log})`
          : `El servidor no respondió en 5 minutos (ver ${log})`,
      ),
  });
}

// ---------------------------------------------------------------- accounts and data

type Account = { email: string; cookie: string; cookies: [string, string][] };

function cookiesOf(res: Response): [string, string][] {
  return res.headers.getSetCookie().map((c) => {
    const pair = c.split(";")[0]!;
    const eq = pair.indexOf("=");
    return [pair.slice(0, eq).trim(), pair.slice(eq + 1).trim()] as [string, string];
  });
}

function account(email: string, cookies: [string, string][]): Account {
  const live = cookies.filter(([, v]) => v !== "");
  return { email, cookies: live, cookie: live.map(([k, v]) => `${k}=${v}`).join("; ") };
}

async function signUp(email: string, name: string): Promise<Account> {
  const password = `Escaneo-${crypto.randomBytes(12).toString("base64url")}`;
  const res = await fetch(`${ORIGIN}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: ORIGIN },
    body: JSON.stringify({ name, email, password }),
  });
  if (!res.ok) throw new Error(`No se pudo crear la cuenta ${email}: HTTP ${res.status} ${await res.text()}`);
  return account(email, cookiesOf(res));
}

/** The owner address confirms through the link of its mail (the log file without SMTP) and becomes admin. */
async function confirmAdmin(admin: Account): Promise<Account> {
  const mailLog = path.join(dataDir!, "mail.log");
  let link: string | undefined;
  for (let i = 0; i < 20 && !link; i++) {
    if (fs.existsSync(mailLog)) {
      link = fs
        .readFileSync(mailLog, "utf8")
        .split("\n")
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { to: string; text: string })
        .filter((m) => m.to === admin.email)
        .map((m) => m.text.match(/https?:\/\/\S+/)?.[0])
        .find(Boolean);
    }
    if (!link) await sleep(250);
  }
  if (!link) throw new Error("No llegó el correo de confirmación de la cuenta de administración");
  const jar = new Map(admin.cookies);
  let url = link;
  for (let hop = 0; hop < 5; hop++) {
    const res = await fetch(url, { redirect: "manual", headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; ") } });
    for (const [k, v] of cookiesOf(res)) jar.set(k, v);
    const next = res.headers.get("location");
    if (!next || res.status < 300 || res.status >= 400) break;
    url = new URL(next, url).href;
  }
  return account(admin.email, [...jar]);
}

async function status(pathname: string, who?: Account): Promise<number> {
  const res = await fetch(`${ORIGIN}${pathname}`, { redirect: "manual", headers: who ? { cookie: who.cookie } : {} });
  await res.arrayBuffer();
  return res.status;
}

/** A published article of the member, so that /my-blogs and /edit-blog/{id} have something to show. */
async function writeArticle(member: Account): Promise<{ slug: string; id: string }> {
  const body = new URLSearchParams({
    title: "Ruta del ceviche en Ciudad de Panamá",
    excerpt: "Cinco fondas junto al mar para probar el ceviche de corvina.",
    content: "<p>El ceviche de corvina se sirve con limón, cebolla y ají chombo.</p>",
    category: BLOG_CATEGORIES[0],
    tags: "ceviche,panamá",
    intent: "publish",
  });
  const res = await fetch(`${ORIGIN}/write-blog`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie: member.cookie, origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" },
    body,
  });
  const location = res.headers.get("location") ?? "";
  const slug = location.match(/^\/blog\/([^/?#]+)/)?.[1];
  if (!slug) throw new Error(`No se pudo publicar el artículo de prueba: HTTP ${res.status} ${location}`);
  const mine = await (await fetch(`${ORIGIN}/my-blogs`, { headers: { cookie: member.cookie } })).text();
  const id = mine.match(/\/edit-blog\/([0-9a-f-]{36})/)?.[1];
  if (!id) throw new Error("/my-blogs no enlaza el artículo de prueba");
  return { slug, id };
}

type Sample = { restaurant: string; industry: string; article: string; pageCursor: string | null; apiCursor: string | null };

/** Real values for the targets' parameters: a baseline answer that is not a 400 is what the tools compare against. */
async function sample(): Promise<Sample> {
  const search = (await (await fetch(`${ORIGIN}/api/v1/buscar?q=restaurante&provincia=panama&limite=2`)).json()) as {
    resultados: { slug: string }[];
    siguiente_cursor: string | null;
  };
  const catalog = (await (await fetch(`${ORIGIN}/api/v1/catalogo`)).json()) as { industrias: { slug: string }[] };
  const page = await (await fetch(`${ORIGIN}/buscar?q=restaurante`)).text();
  const blog = await (await fetch(`${ORIGIN}/blog`)).text();
  const restaurant = search.resultados[0]?.slug;
  const industry = catalog.industrias[0]?.slug;
  const article = blog.match(/href="\/blog\/([a-z0-9-]+)"/)?.[1];
  if (!restaurant || !industry || !article) throw new Error("Los datos de demostración no tienen restaurantes, industrias o artículos");
  return {
    restaurant,
    industry,
    article,
    pageCursor: page.match(/[?&;]cursor=([A-Za-z0-9_-]+)/)?.[1] ?? null,
    apiCursor: search.siguiente_cursor,
  };
}

// ---------------------------------------------------------------- sqlmap

type Session = "anónima" | "miembro" | "admin";
type Target = {
  name: string;
  session: Session;
  url: string;
  data?: string;
  json?: boolean;
  /** Only these parameters (sqlmap -p; named cookies are tested at any level). */
  params?: string;
  headers?: string[];
  /** A status that is the page's normal answer, not a refusal (a failed sign-in is a 401). */
  ignoreCode?: number;
  /** 2 for the search entry points (free text shapes the ranking query); 1, sqlmap's default, for the rest. */
  level: 1 | 2;
};

const mcpBody = (name: string, args: Record<string, string>) =>
  JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name, arguments: args } });
const MCP_HEADERS = ["Accept: application/json, text/event-stream"];

/**
 * The search entry points first (free text into the ranking query), cursors, the forms and the
 * session cookies, then paths and the filter pages: a run cut short by SCAN_SQLMAP_MINUTES loses those.
 */
function sqlmapTargets(s: Sample, writer: Account & { blogId: string }, admin: Account): Target[] {
  return [...searchTargets(s), ...formTargets(writer, admin), ...pageTargets(s)];
}

function searchTargets(s: Sample): Target[] {
  // A cursor belongs to its query (with another q it is refused), so it is tested on its own.
  const cursorTarget = (name: string, url: string): Target[] => [{ name, session: "anónima", level: 1, url, params: "cursor" }];
  return [
    { name: "buscar", session: "anónima", level: 2, url: "/buscar?q=ceviche&tipo=restaurantes&provincia=panama" },
    {
      name: "api-buscar",
      session: "anónima",
      level: 2,
      url: "/api/v1/buscar?q=restaurante&provincia=panama&limite=2",
    },
    ...(s.pageCursor ? cursorTarget("buscar-página", `/buscar?q=restaurante&cursor=${s.pageCursor}`) : []),
    ...(s.apiCursor
      ? cursorTarget("api-buscar-página", `/api/v1/buscar?q=restaurante&provincia=panama&limite=2&cursor=${s.apiCursor}`)
      : []),
    {
      name: "mcp-buscar",
      session: "anónima",
      level: 2,
      url: "/mcp",
      data: mcpBody("buscar", { q: "ceviche*", provincia: "panama*" }),
      json: true,
      headers: MCP_HEADERS,
    },
  ];
}

function formTargets(writer: Account & { blogId: string }, admin: Account): Target[] {
  const contact = new URLSearchParams({
    name: "Ana Pérez",
    email: "ana@example.com",
    phone: "+507 6000-0000",
    business: "Fonda Ana",
    service: CONTACT_SERVICE_SLUGS[0],
    message: "Hola, quiero información sobre el directorio.",
  }).toString();
  const article = new URLSearchParams({
    title: "Fondas de Bocas del Toro",
    excerpt: "Dónde comer frente al mar.",
    content: "<p>Pescado frito y patacones.</p>",
    category: BLOG_CATEGORIES[0],
    tags: "bocas",
    intent: "draft",
  }).toString();
  const sessionCookies = (who: Account) => who.cookies.map(([name]) => name).join(",");
  return [
    // Free text only: email, phone and the service list are refused by their format before any SQL.
    { name: "contacto", session: "anónima", level: 1, url: "/contact", data: contact, params: "name,business,message" },
    {
      name: "acceso",
      session: "anónima",
      level: 1,
      url: "/auth",
      data: new URLSearchParams({ intent: "login", redirectTo: "/", email: writer.email, password: "no-es-la-clave" }).toString(),
      params: "email,password",
      ignoreCode: 401,
    },
    { name: "escribir", session: "miembro", level: 1, url: "/write-blog", data: article, params: "title,excerpt,content,tags" },
    {
      name: "perfil",
      session: "miembro",
      level: 1,
      url: "/profile",
      data: new URLSearchParams({ full_name: "Cuenta de escaneo", email: writer.email }).toString(),
      params: "full_name",
    },
    // The session cookies, read by better-auth on every signed-in request.
    { name: "cookies-sesión", session: "miembro", level: 1, url: "/profile", params: sessionCookies(writer) },
    { name: "admin-cookies", session: "admin", level: 1, url: "/admin", params: sessionCookies(admin) },
    { name: "editar", session: "miembro", level: 1, url: `/edit-blog/${writer.blogId}*`, data: article },
  ];
}

function pageTargets(s: Sample): Target[] {
  return [
    { name: "api-ficha", session: "anónima", level: 1, url: `/api/v1/restaurantes/${s.restaurant}*` },
    { name: "ficha", session: "anónima", level: 1, url: `/restaurante/${s.restaurant}*` },
    { name: "artículo", session: "anónima", level: 1, url: `/blog/${s.article}*` },
    {
      name: "mcp-detalle",
      session: "anónima",
      level: 1,
      url: "/mcp",
      data: mcpBody("detalle", { slug: `${s.restaurant}*` }),
      json: true,
      headers: MCP_HEADERS,
    },
    { name: "industria", session: "anónima", level: 1, url: `/negocios/${s.industry}?provincia=panama` },
    { name: "blog", session: "anónima", level: 1, url: "/blog?q=panama&page=1" },
    {
      name: "admin-panel",
      session: "admin",
      level: 1,
      url: "/admin?tab=restaurantes&q=ceviche&provincia=panama",
      params: "q,provincia",
    },
    { name: "admin-miembros", session: "admin", level: 1, url: "/admin-members?q=escaneo&negocio=fonda", params: "q,negocio" },
    { name: "mis-blogs", session: "miembro", level: 1, url: "/my-blogs?q=ceviche&estado=publicados", params: "q,estado" },
    { name: "admin-auditoría", session: "admin", level: 1, url: "/admin/audit?entidad=blog", params: "entidad" },
  ];
}

type SqlmapRow = { target: Target; result: SqlmapResult; seconds: number };

async function runSqlmap(target: Target, who: Account | null, deadline: number): Promise<SqlmapRow> {
  const dir = path.join(reportDir, "sqlmap");
  const log = path.join(dir, `${target.name}.log`);
  const args = [
    "-u",
    `${ORIGIN}${target.url}`,
    "--batch",
    "--dbms=PostgreSQL",
    `--level=${LEVEL ?? target.level}`,
    `--risk=${RISK}`,
    `--timeout=${REQUEST_TIMEOUT_S}`,
    "--retries=1",
    // A redirect is an answer to compare, not a page to fetch (a saved draft redirects to a new one).
    "--answers=follow=N",
    "--flush-session",
    "--disable-coloring",
    // Cookies are ours to give (the session's), not the server's to change between requests.
    "--drop-set-cookie",
    `--output-dir=${path.join(dir, target.name)}`,
    "-H",
    `Origin: ${ORIGIN}`,
    ...(target.headers ?? []).flatMap((h) => ["-H", h]),
  ];
  if (target.data) args.push(`--data=${target.data}`);
  if (target.json) args.push("-H", "Content-Type: application/json");
  if (target.params) args.push("-p", target.params);
  if (target.ignoreCode) args.push(`--ignore-code=${target.ignoreCode}`);
  if (who) args.push(`--cookie=${who.cookie}`);
  const began = Date.now();
  const timeoutMs = Math.min(TARGET_S * 1000, deadline - began);
  const exit = await run("sqlmap", args, { env: { ...process.env, ...NO_OUTSIDE }, log, timeoutMs });
  const result = readSqlmap(log, exit);
  const seconds = Math.round((Date.now() - began) / 1000);
  const verdict = result.incomplete
    ? `INCOMPLETO (${result.incomplete})`
    : result.injectable.length
      ? `INYECTABLE: ${result.injectable.join("; ")}`
      : "sin hallazgos";
  console.info(`[sqlmap] ${target.session} ${target.name}: ${verdict} (${seconds} s)`);
  return { target, result, seconds };
}

async function sqlmapLane(targets: Target[], sessions: Record<Session, Account | null>): Promise<SqlmapRow[]> {
  fs.mkdirSync(path.join(reportDir, "sqlmap"), { recursive: true });
  const deadline = Date.now() + SQLMAP_MINUTES * 60_000;
  const queue = [...targets];
  const rows: SqlmapRow[] = [];
  const worker = async () => {
    for (let t = queue.shift(); t; t = queue.shift()) {
      if (deadline - Date.now() < 30_000) {
        const result = { injectable: [], hints: [], statuses: {}, incomplete: `sin tiempo (SCAN_SQLMAP_MINUTES=${SQLMAP_MINUTES})` };
        console.info(`[sqlmap] ${t.session} ${t.name}: no probado, ${result.incomplete}`);
        rows.push({ target: t, result, seconds: 0 });
        continue;
      }
      rows.push(await runSqlmap(t, sessions[t.session], deadline));
    }
  };
  await Promise.all(Array.from({ length: SQLMAP_PARALLEL }, worker));
  return targets.map((t) => rows.find((r) => r.target === t)!);
}

// ---------------------------------------------------------------- wapiti

type WapitiRow = { session: Session; result: WapitiResult; seconds: number };
/** The signed-in run's member, with their own article. */
type WapitiMember = Account & { blogId: string; article: string };

function wapitiCookieFile(who: Account, file: string) {
  // wapiti's own JSON cookie format (what wapiti-getcookie writes), keyed by host and path.
  const cookies = Object.fromEntries(
    who.cookies.map(([name, value]) => [name, { value, expires: null, secure: false, port: null, version: 0 }]),
  );
  fs.writeFileSync(file, JSON.stringify({ "127.0.0.1": { "/": cookies } }, null, 2));
}

/** Never attacked: files, and what would end a signed-in run. */
const WAPITI_EXCLUDE = [
  "/assets/*",
  // Files, not code: nothing in them reads a parameter.
  "/*.svg",
  "/*.png",
  "/*.webp",
  "/*.ico",
  "/*.woff2",
  // Signing out would end the signed-in run; better-auth's endpoints are not pages.
  "/logout*",
  "/api/auth/*",
];
/**
 * The signed-out run covers the public pages, search, API and forms; the signed-in one attacks what a
 * member has: the profile, their articles and the editor, the premium pages' subscribe form.
 */
const PUBLIC_PAGES = [
  "/",
  "/about",
  "/services",
  "/local-ai-pricing",
  "/ai-solutions",
  "/ai-solutions/yodda",
  "/ai-solutions/roger-chat",
  "/contact*",
  "/auth*",
  "/blog",
  "/blog?*",
  "/restaurante*",
  "/negocio*",
  "/buscar*",
  "/api/*",
  "/mcp*",
  "/sitemap*",
  "/*.md",
  "/*.xml",
  "/*.txt",
];

/** What a session's run excludes, and its own options: the member's cookies and start pages, or the signed-out run's sampling. */
function wapitiScope(base: string, who: WapitiMember | null): { exclude: string[]; extra: string[] } {
  if (!who) {
    // Pages of one template (a restaurant, a business, an industry, a province, an article) are
    // attacked through a few of them, not all 300.
    const extra = ["--sample", "/restaurante/,/negocio/,/negocios/,/restaurantes-,/blog/", "--sample-size", "4", "--no-cookies"];
    return { exclude: WAPITI_EXCLUDE, extra };
  }
  const cookieFile = path.join(base, "cookies.json");
  wapitiCookieFile(who, cookieFile);
  const extra = ["-c", cookieFile];
  for (const p of [
    "/profile",
    "/my-blogs",
    "/write-blog",
    `/edit-blog/${who.blogId}`,
    `/blog/${who.article}`,
    "/ai-solutions/amy",
    "/ai-solutions/roger",
  ]) {
    extra.push("-s", `${ORIGIN}${p}`);
  }
  return { exclude: [...WAPITI_EXCLUDE, ...PUBLIC_PAGES], extra };
}

function wapitiArgs(base: string, report: string, scope: { exclude: string[]; extra: string[] }): string[] {
  return [
    path.join(root, "scripts/security/wapiti.py"),
    "-u",
    `${ORIGIN}/`,
    "--scope",
    "folder",
    "-m",
    WAPITI_MODULES.join(","),
    "--no-bugreport",
    "--flush-session",
    "--store-session",
    path.join(base, "sesion"),
    "--store-config",
    path.join(base, "config"),
    "-H",
    `Origin: ${ORIGIN}`,
    // Debian's wapiti asks for brotli but cannot decode it (no python3-brotli): it would see no links.
    "-H",
    "Accept-Encoding: gzip, deflate",
    "--max-scan-time",
    String(CRAWL_S),
    "--max-attack-time",
    String(ATTACK_S),
    "--attack-seconds",
    WAPITI_MODULES.map((m) => `${m}=${MODULE_SECONDS[m]}`).join(","),
    "--xss-payloads",
    String(XSS_PAYLOADS),
    "-t",
    String(REQUEST_TIMEOUT_S),
    "-f",
    "json",
    "-o",
    report,
    "-v",
    "1",
    ...scope.exclude.flatMap((x) => ["-x", `${ORIGIN}${x}`]),
    ...scope.extra,
  ];
}

async function runWapiti(session: Session, who: WapitiMember | null): Promise<WapitiRow> {
  const name = session === "anónima" ? "anonima" : session;
  const base = path.join(reportDir, `wapiti-${name}`);
  fs.mkdirSync(base, { recursive: true });
  const log = path.join(base, "wapiti.log");
  const report = path.join(base, "informe.json");
  const args = wapitiArgs(base, report, wapitiScope(base, who));
  // The crawl, each module's attack (its last request may take REQUEST_TIMEOUT_S more), the report.
  const limitMs = (CRAWL_S + WAPITI_MODULES.reduce((n, m) => n + MODULE_SECONDS[m] + 2 * REQUEST_TIMEOUT_S, 0) + 120) * 1000;
  console.info(
    `[wapiti] ${session}: rastreo ≤ ${CRAWL_S} s, ${WAPITI_MODULES.map((m) => `${m} ≤ ${MODULE_SECONDS[m]} s`).join(", ")} (límite total ${Math.round(limitMs / 60000)} min)…`,
  );
  const began = Date.now();
  const exit = await run(wapitiPython(), args, { env: { ...process.env, ...NO_OUTSIDE }, log, timeoutMs: limitMs });
  const result = readWapiti(report, log, exit);
  const seconds = Math.round((Date.now() - began) / 1000);
  const count =
    WAPITI_MODULES.reduce((n, m) => n + result.modules[m].findings.length, 0) + result.serverErrors.length + result.timeouts.length;
  console.info(
    `[wapiti] ${session}: ${result.incomplete ? `INCOMPLETO (${result.incomplete}), ` : ""}${count} hallazgos, ${result.crawled ?? "?"} URLs y formularios (${seconds} s)`,
  );
  return { session, result, seconds };
}

// ---------------------------------------------------------------- summary

type Row = { tool: string; session: string; what: string; tested: string; findings: number; note: string };

function rowsOf(wapiti: WapitiRow[], sqlmap: SqlmapRow[]): { rows: Row[]; details: string[]; incomplete: string[] } {
  const rows: Row[] = [];
  const details: string[] = [];
  const incomplete: string[] = [];
  const findingText = (f: Finding) => `${f.method} ${f.path}${f.parameter ? ` [${f.parameter}]` : ""}: ${f.info.split("\n")[0]}`;
  for (const w of wapiti) {
    for (const m of WAPITI_MODULES) {
      const r = w.result.modules[m];
      rows.push({
        tool: "wapiti",
        session: w.session,
        what: m,
        // permanentxss reads pages back; the others attack requests with parameters (which come first).
        tested:
          m === "permanentxss" || r.withParams === null
            ? `${r.attacked}${r.total === null ? "" : ` de ${r.total}`} ${m === "permanentxss" ? "páginas" : "peticiones"}`
            : `${Math.min(r.attacked, r.withParams)} de ${r.withParams} con parámetros`,
        findings: r.findings.length,
        note: r.timeCapped ? `límite de ${MODULE_SECONDS[m]} s` : r.ran ? "" : "no se ejecutó",
      });
      for (const f of r.findings) details.push(`wapiti ${w.session} ${m}: ${findingText(f)}`);
    }
    rows.push({ tool: "wapiti", session: w.session, what: "respuestas 500", tested: "", findings: w.result.serverErrors.length, note: "" });
    rows.push({
      tool: "wapiti",
      session: w.session,
      what: `más de ${REQUEST_TIMEOUT_S} s`,
      tested: "",
      findings: w.result.timeouts.length,
      note: "",
    });
    for (const f of w.result.serverErrors) details.push(`wapiti ${w.session} HTTP 500: ${findingText(f)}`);
    for (const f of w.result.timeouts) details.push(`wapiti ${w.session} sin respuesta en ${REQUEST_TIMEOUT_S} s: ${findingText(f)}`);
    if (w.result.incomplete) incomplete.push(`wapiti ${w.session}: ${w.result.incomplete}`);
  }
  for (const s of sqlmap) {
    const errors500 = s.result.statuses["500"] ?? 0;
    rows.push({
      tool: "sqlmap",
      session: s.target.session,
      what: s.target.name,
      tested: `${s.target.data ? "POST" : "GET"} ${s.target.url.split("?")[0]}`,
      findings: s.result.injectable.length + (errors500 ? 1 : 0),
      note: [s.result.incomplete ? "incompleto" : "", errors500 ? `${errors500} respuestas 500` : "", `${s.seconds} s`]
        .filter(Boolean)
        .join(", "),
    });
    for (const p of s.result.injectable) details.push(`sqlmap ${s.target.session} ${s.target.name}: inyectable ${p}`);
    if (errors500)
      details.push(`sqlmap ${s.target.session} ${s.target.name}: ${errors500} respuestas 500 (ver sqlmap/${s.target.name}.log)`);
    for (const h of s.result.hints) details.push(`sqlmap ${s.target.session} ${s.target.name} (aviso heurístico): ${h}`);
    if (s.result.incomplete) incomplete.push(`sqlmap ${s.target.session} ${s.target.name}: ${s.result.incomplete}`);
  }
  return { rows, details, incomplete };
}

function table(rows: Row[]): string {
  const header = ["herramienta", "sesión", "módulo / objetivo", "probado", "hallazgos", "nota"];
  return alignedTable(
    header,
    rows.map((r) => [r.tool, r.session, r.what, r.tested, String(r.findings), r.note]),
    [4],
  );
}

// ---------------------------------------------------------------- main

type Accounts = {
  /** Each signed-in account, with a page only its session reaches. */
  signedIn: [string, Account, string][];
  member: Account;
  writer: Account;
  admin: Account;
};

/**
 * wapiti's member and sqlmap's are two accounts: wapiti submits every form it finds (deleting
 * articles, changing the address), which must not pull the ground from under sqlmap's targets.
 */
async function signUpAccounts(): Promise<Accounts> {
  const newEmail = (who: string) => `escaneo-${who}-${crypto.randomBytes(4).toString("hex")}@example.com`;
  const member = await signUp(newEmail("wapiti"), "Cuenta de escaneo");
  const writer = await signUp(newEmail("sqlmap"), "Cuenta de escaneo");
  const admin = await confirmAdmin(await signUp(ADMIN_EMAIL, "Administración de escaneo"));
  const signedIn: [string, Account, string][] = [
    ["miembro de wapiti", member, "/profile"],
    ["miembro de sqlmap", writer, "/profile"],
    ["administración", admin, "/admin"],
  ];
  for (const [label, who, page] of signedIn) {
    if ((await status(page, who)) !== 200) throw new Error(`La cuenta de ${label} no llegó a ${page} con su sesión`);
  }
  return { signedIn, member, writer, admin };
}

async function withArticle(who: Account): Promise<WapitiMember> {
  const written = await writeArticle(who);
  return { ...who, blogId: written.id, article: written.slug };
}

/** What ended before the scan did: a scan that signed itself out only attacked the sign-in page. */
async function endedEarly(accounts: Accounts): Promise<string[]> {
  const ended: string[] = [];
  for (const [label, who, page] of accounts.signedIn) {
    if ((await status(page, who)) !== 200) ended.push(`la sesión de ${label} terminó durante el escaneo`);
  }
  const health = await fetch(`${ORIGIN}/healthz`).then(
    (r) => r.status,
    () => 0,
  );
  if (health !== 200) ended.push(`el servidor no está sano al final (/healthz: ${health || "sin respuesta"})`);
  return ended;
}

type Versions = { sqlmap: string; wapiti: string; node: string };

/** The summary printed and kept as resumen.txt and resumen.json; the number of findings. */
function writeSummary(versions: Versions, scanSeconds: number, result: ReturnType<typeof rowsOf>): number {
  const { rows, details, incomplete } = result;
  const seconds = Math.round((Date.now() - startedAt.getTime()) / 1000);
  const total = rows.reduce((n, r) => n + r.findings, 0);
  const summary = [
    `Escaneo de seguridad del ${startedAt.toISOString().slice(0, 16).replace("T", " ")} UTC: ${Math.floor(seconds / 60)} min ${seconds % 60} s en total, ${Math.floor(scanSeconds / 60)} min ${scanSeconds % 60} s de ataques`,
    `sqlmap ${versions.sqlmap} (${LEVEL ? `nivel ${LEVEL}` : "nivel 2 en las tres búsquedas, 1 en el resto"}, riesgo ${RISK}), wapiti ${versions.wapiti} (módulos ${WAPITI_MODULES.join(", ")}), Node ${versions.node}`,
    "",
    table(rows),
    "",
    details.length ? `Detalle:\n${details.map((d) => `  - ${d}`).join("\n")}\n` : "",
    incomplete.length ? `Escaneo incompleto:\n${incomplete.map((d) => `  - ${d}`).join("\n")}\n` : "",
    `Total: ${total} hallazgos${incomplete.length ? `, ${incomplete.length} partes incompletas` : ""}. Informes: ${path.relative(root, reportDir)}`,
  ]
    .filter((l, i, all) => l !== "" || all[i - 1] !== "")
    .join("\n");
  console.info(`\n${summary}`);
  fs.writeFileSync(path.join(reportDir, "resumen.txt"), `${summary}\n`);
  fs.writeFileSync(
    path.join(reportDir, "resumen.json"),
    JSON.stringify({ startedAt, seconds, scanSeconds, versions, level: LEVEL, risk: RISK, rows, details, incomplete, total }, null, 2),
  );
  return total;
}

async function main(): Promise<number> {
  ensureTools();
  fs.mkdirSync(reportDir, { recursive: true });
  const versions = { sqlmap: version("sqlmap"), wapiti: version("wapiti"), node: process.version };
  console.info(`[scan] sqlmap ${versions.sqlmap}, wapiti ${versions.wapiti}; informes en ${path.relative(root, reportDir)}`);

  await startServer(path.join(reportDir, "servidor.log"));
  const ready = Date.now();
  const accounts = await signUpAccounts();
  // The demo data first (a seeded article), then each member's own article.
  const s = await sample();
  const member = await withArticle(accounts.member);
  const writer = await withArticle(accounts.writer);
  const sessions: Record<Session, Account | null> = { anónima: null, miembro: accounts.writer, admin: accounts.admin };

  const [wapiti, sqlmap] = await Promise.all([
    ONLY === "sqlmap" ? Promise.resolve([]) : Promise.all([runWapiti("anónima", null), runWapiti("miembro", member)]),
    ONLY === "wapiti" ? Promise.resolve([]) : sqlmapLane(sqlmapTargets(s, writer, accounts.admin), sessions),
  ]);
  const ended = await endedEarly(accounts);

  await stopAll();
  const scanSeconds = Math.round((Date.now() - ready) / 1000);
  const result = rowsOf(wapiti, sqlmap);
  result.incomplete.push(...ended);
  const total = writeSummary(versions, scanSeconds, result);
  if (total > 0) return 1;
  return result.incomplete.length ? 2 : 0;
}

main()
  .then(async (code) => {
    await stopAll();
    process.exit(code);
  })
  .catch(async (error: Error) => {
    console.error(`[scan] ${error.message}`);
    await stopAll();
    process.exit(2);
  });
