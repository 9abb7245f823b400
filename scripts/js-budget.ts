/**
 * `npm run js-budget`: the JavaScript a visitor downloads on each public page, measured as a browser
 * gets it. Builds (when stale) and starts the app on a fresh demo database, opens every page in
 * headless Chromium with an empty cache, waits until the network has been idle after hydration (so
 * the chunks React.lazy and the router fetch after the first paint count too) and adds up the bytes
 * of every script response as they crossed the wire (the encoded body: the server sends its
 * precompressed brotli or gzip files, decision 016), as Lighthouse's "JS transferred" does without
 * the HTTP headers. The budget, 120 kB (decision 015), holds for what Chromium gets (brotli); each
 * page is loaded a second time accepting only gzip, printed for information: React, React DOM and
 * React Router alone are 106 kB of gzip (decision 091). Exits 1 when a page goes over the budget.
 * `tests/e2e/js-budget.spec.ts` runs the same measure in `npm test`.
 *
 * Options: `--url http://localhost:3000` measures a server that is already running instead;
 * `--files` lists each page's scripts; `--manifest [route ids]` prints the older estimate from the
 * client build's React Router manifest (what the first paint modulepreloads, no lazy chunks).
 * Environment: BUILD_DIR (build), CHROMIUM_PATH (/usr/bin/chromium), JS_BUDGET_PORT (a free port).
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { type Browser, chromium } from "@playwright/test";

type ManifestRoute = { id: string; parentId?: string; module: string; imports?: string[] };
type Manifest = { entry: { module: string; imports: string[] }; routes: Record<string, ManifestRoute> };

export const JS_BUDGET_KB = 120;

/** Chromium's flags for a headless run in a container (the same as the Playwright config's). */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  "--disable-quic",
  "--disable-sync",
];

/**
 * The visitor-facing pages the budget holds for, by kind. Entries and articles are found on the
 * running site (its sitemap and listings), as their slugs depend on the data.
 */
export const PUBLIC_PAGES = [
  "/",
  "/about",
  "/services",
  "/ai-solutions",
  "/ai-solutions/yodda",
  "/local-ai-pricing",
  "/contact",
  "/privacidad",
  "/restaurantes-panama",
  "/buscar",
  "/buscar?q=pizza",
  "/blog",
  "/auth",
  "/pagina-que-no-existe",
];

/** The first link on `listPath` whose path matches `pattern` (an entry of a listing, an article of the blog). */
async function firstLink(origin: string, listPath: string, pattern: RegExp): Promise<string | null> {
  try {
    const html = await (await fetch(`${origin}${listPath}`)).text();
    for (const m of html.matchAll(/href="([^"#?]+)"/g)) if (pattern.test(m[1]!)) return m[1]!;
  } catch {
    /* the page is measured without it */
  }
  return null;
}

/** PUBLIC_PAGES plus one industry, one restaurant, one business and one article of the running site. */
export async function publicPages(origin: string): Promise<string[]> {
  const industry = await firstLink(origin, "/", /^\/negocios\/[^/.]+$/);
  const found = await Promise.all([
    industry,
    firstLink(origin, "/restaurantes-panama", /^\/restaurante\/[^/.]+$/),
    industry ? firstLink(origin, industry, /^\/negocio\/[^/.]+$/) : null,
    firstLink(origin, "/blog", /^\/blog\/(?!rss\.xml)[^/.]+$/),
  ]);
  const pages = [...PUBLIC_PAGES];
  for (const p of found) if (p) pages.push(p);
  return pages;
}

export type PageScripts = { page: string; kb: number; files: { url: string; kb: number; encoding: string }[] };

/**
 * Loads `url` in a new, empty browser context and returns the scripts it downloaded: every response
 * of a script request (modulepreloads, the route modules, lazy chunks) until the network has been
 * quiet for `quietMs` after the load event and a browser idle period (hydration done).
 */
export async function measurePage(browser: Browser, url: string, { gzipOnly = false, quietMs = 700 } = {}): Promise<PageScripts> {
  const context = await browser.newContext(gzipOnly ? { extraHTTPHeaders: { "Accept-Encoding": "gzip" } } : {});
  const page = await context.newPage();
  const pending = new Set<Promise<void>>();
  const files: PageScripts["files"] = [];
  let inFlight = 0;
  let lastActivity = Date.now();
  page.on("request", () => {
    inFlight += 1;
    lastActivity = Date.now();
  });
  const settled = () => {
    inFlight -= 1;
    lastActivity = Date.now();
  };
  page.on("requestfailed", settled);
  page.on("requestfinished", (request) => {
    settled();
    const type = request.resourceType();
    if (type !== "script" && !/\.m?js(\?|$)/.test(new URL(request.url()).pathname)) return;
    const done = (async () => {
      const [sizes, response] = await Promise.all([request.sizes(), request.response()]);
      const headers = (await response?.allHeaders()) ?? {};
      // The encoded body as it came over the wire; Content-Length when Chromium cannot tell.
      const bytes = sizes.responseBodySize || Number(headers["content-length"] ?? 0);
      files.push({ url: request.url(), kb: bytes / 1024, encoding: headers["content-encoding"] ?? "identity" });
    })();
    pending.add(done);
  });
  try {
    const response = await page.goto(url, { waitUntil: "networkidle" });
    if (!response) throw new Error(`sin respuesta de ${url}`);
    // Hydration and what it fetches (React.lazy, route modules) may start after the load event.
    await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 3000 })));
    const deadline = Date.now() + 15_000;
    while (inFlight > 0 || Date.now() - lastActivity < quietMs) {
      if (Date.now() > deadline) throw new Error(`la red no quedó en reposo en ${url}`);
      await page.waitForTimeout(100);
    }
    await Promise.all(pending);
  } finally {
    await context.close();
  }
  files.sort((a, b) => b.kb - a.kb);
  return { page: new URL(url).pathname + new URL(url).search, kb: files.reduce((s, f) => s + f.kb, 0), files };
}

export type PageBudget = { page: string; br: PageScripts; gzip: PageScripts };

/** Every page of `pages` on `origin`, as Chromium asks for it (brotli) and accepting gzip only. */
export async function measurePages(browser: Browser, origin: string, pages: string[]): Promise<PageBudget[]> {
  const rows: PageBudget[] = [];
  for (const p of pages) {
    const br = await measurePage(browser, `${origin}${p}`);
    const gzip = await measurePage(browser, `${origin}${p}`, { gzipOnly: true });
    rows.push({ page: p, br, gzip });
  }
  return rows;
}

export const overBudget = (rows: PageBudget[]) => rows.filter((r) => r.br.kb > JS_BUDGET_KB);

export function printPages(rows: PageBudget[], withFiles: boolean) {
  const width = Math.max("página".length, ...rows.map((r) => r.page.length));
  console.info(`${"página".padEnd(width)}  archivos  brotli kB  gzip kB`);
  console.info(`${"-".repeat(width)}  --------  ---------  -------`);
  for (const r of rows) {
    const flag = r.br.kb <= JS_BUDGET_KB ? "" : "  > presupuesto";
    console.info(
      `${r.page.padEnd(width)}  ${String(r.br.files.length).padStart(8)}  ${r.br.kb.toFixed(1).padStart(9)}  ${r.gzip.kb.toFixed(1).padStart(7)}${flag}`,
    );
    if (withFiles)
      for (const f of r.br.files) console.info(`${"".padEnd(width)}    ${f.kb.toFixed(1).padStart(6)}  ${new URL(f.url).pathname}`);
  }
}

// The older estimate from the build's manifest: what the first paint modulepreloads, without the
// chunks loaded later. `npm run lighthouse` still prints it next to its own figures.

/** The visitor-facing route ids of app/routes.ts. */
export const PUBLIC_ROUTES = [
  "routes/marketing/home",
  "routes/marketing/about",
  "routes/marketing/services",
  "routes/marketing/ai-solutions",
  "routes/marketing/yodda",
  "routes/marketing/local-ai-pricing",
  "routes/marketing/contact",
  "routes/premium/amy",
  "routes/premium/roger",
  "province-panama",
  "routes/directory/industry",
  "routes/directory/restaurant",
  "routes/directory/business",
  "routes/directory/search",
  "routes/blog/index",
  "routes/blog/article",
  "routes/account/auth",
  "routes/not-found",
];

export type RouteBudget = { id: string; kb: number; files: { name: string; kb: number }[] };

export function readManifest(clientDir: string): Manifest {
  const assets = path.join(clientDir, "assets");
  const file = fs.readdirSync(assets).find((f) => /^manifest-.*\.js$/.test(f));
  if (!file) throw new Error(`No hay manifiesto de React Router en ${assets} (¿falta compilar?)`);
  const src = fs.readFileSync(path.join(assets, file), "utf8");
  return JSON.parse(src.replace(/^window\.__reactRouterManifest=/, "").replace(/;\s*$/, "")) as Manifest;
}

/** Per route: the entry and the route chain's modules and static imports, gzip as served. */
export function jsBudget(clientDir: string, ids?: string[]): RouteBudget[] {
  const manifest = readManifest(clientDir);
  const sizes = new Map<string, number>();
  const gz = (file: string) => {
    if (!sizes.has(file)) {
      const full = path.join(clientDir, file);
      const served = fs.existsSync(`${full}.gz`)
        ? fs.statSync(`${full}.gz`).size
        : zlib.gzipSync(fs.readFileSync(full), { level: 9 }).length;
      sizes.set(file, served);
    }
    return sizes.get(file)!;
  };
  return (ids ?? Object.keys(manifest.routes)).map((id) => {
    const chain: ManifestRoute[] = [];
    for (let r: ManifestRoute | undefined = manifest.routes[id]; r; r = r.parentId ? manifest.routes[r.parentId] : undefined)
      chain.unshift(r);
    if (!chain.length) throw new Error(`Ruta desconocida: ${id}`);
    const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
    for (const r of chain) for (const f of [r.module, ...(r.imports ?? [])]) files.add(f);
    const list = [...files].map((f) => ({ name: path.basename(f), kb: gz(f) / 1024 }));
    return { id, kb: list.reduce((s, f) => s + f.kb, 0), files: list };
  });
}

export function printBudget(rows: RouteBudget[], withFiles: boolean) {
  const width = Math.max(...rows.map((r) => r.id.length));
  for (const r of rows) {
    const flag = r.kb > JS_BUDGET_KB ? `  > ${JS_BUDGET_KB}` : "";
    console.info(`${r.id.padEnd(width)}  ${r.kb.toFixed(1).padStart(6)} kB  ${String(r.files.length).padStart(2)} archivos${flag}`);
    if (withFiles) for (const f of r.files) console.info(`${"".padEnd(width)}    ${f.kb.toFixed(1).padStart(6)}  ${f.name}`);
  }
}

const root = path.resolve(import.meta.dirname, "..");

/** Builds when stale and starts the app on `port` with a fresh demo database; resolves once it answers. */
async function startApp(port: number): Promise<{ origin: string; stop: () => void }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pv-js-budget-"));
  const origin = `http://localhost:${port}`;
  const app: ChildProcess = spawn(process.execPath, [path.join(root, "node_modules/tsx/dist/cli.mjs"), "scripts/start.ts"], {
    cwd: root,
    env: { ...process.env, PORT: String(port), PUBLIC_URL: origin, DATA_DIR: dataDir, SEED_DEMO: "1", NODE_ENV: "production" },
    stdio: ["ignore", "ignore", "pipe"],
  });
  const log: string[] = [];
  app.stderr!.on("data", (d) => log.push(String(d)));
  const stop = () => {
    if (app.exitCode === null) app.kill("SIGTERM");
    fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
  };
  process.on("exit", stop);
  const start = Date.now();
  while (Date.now() - start < 300_000) {
    if (app.exitCode !== null) throw new Error(`la app terminó con código ${app.exitCode}:\n${log.join("").slice(-3000)}`);
    try {
      if ((await fetch(`${origin}/healthz`)).ok) return { origin, stop };
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`La app no respondió en 5 minutos (${origin})`);
}

async function main(args: string[]): Promise<number> {
  if (args.includes("--manifest")) {
    const clientDir = path.resolve(root, process.env.BUILD_DIR ?? "build", "client");
    const ids = args.filter((a) => !a.startsWith("--"));
    console.info(`Estimación por el manifiesto (${path.relative(process.cwd(), clientDir)}, gzip, sin lo que se carga después):`);
    printBudget(jsBudget(clientDir, ids.length ? ids : PUBLIC_ROUTES), ids.length > 0);
    return 0;
  }
  const urlArg =
    args.find((a) => a.startsWith("--url="))?.slice(6) ?? (args.includes("--url") ? args[args.indexOf("--url") + 1] : undefined);
  let app: { origin: string; stop: () => void } | undefined;
  if (!urlArg) {
    const { freePort } = await import("../tests/setup/free-port");
    const port = Number(process.env.JS_BUDGET_PORT ?? (await freePort()));
    console.info(`[js-budget] compilando (si hace falta) e iniciando la app en el puerto ${port}…`);
    app = await startApp(port);
  }
  const origin = (urlArg ?? app!.origin).replace(/\/$/, "");
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: CHROMIUM_ARGS });
  try {
    const rows = await measurePages(browser, origin, await publicPages(origin));
    console.info(`\nJavaScript descargado por página en ${origin} (cuerpo comprimido tal como se sirve; presupuesto ${JS_BUDGET_KB} kB):`);
    printPages(rows, args.includes("--files"));
    const over = overBudget(rows);
    if (over.length) {
      console.error(`\n[js-budget] por encima de ${JS_BUDGET_KB} kB: ${over.map((r) => r.page).join(", ")}`);
      return 1;
    }
    return 0;
  } finally {
    await browser.close();
    app?.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error) => {
      console.error(`[js-budget] ${(error as Error).message}`);
      process.exit(1);
    },
  );
}
