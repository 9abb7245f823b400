/**
 * `npm run lighthouse`: builds (when stale) and starts the app in production mode on a fresh demo
 * database, launches the installed Chromium headless, and runs Lighthouse on the home page,
 * /services, /contact, one listing page and one article, on mobile and on desktop. Prints the four
 * category scores, LCP / TBT / CLS and the JavaScript transferred per page (brotli when Chromium
 * asks for it), then the gzip JavaScript budget of the public routes (`npm run js-budget`). A benchmark to read, not a test: it
 * never fails on a score.
 *
 * Environment: LIGHTHOUSE_PORT (3290), LIGHTHOUSE_DATA_DIR ($TMPDIR/pv-lighthouse-data-PORT, wiped first),
 * BUILD_DIR (build), CHROMIUM_PATH (/usr/bin/chromium), LIGHTHOUSE_PAGES (comma-separated paths to
 * measure instead of the default set), LIGHTHOUSE_FORM_FACTORS ("mobile,desktop"),
 * LIGHTHOUSE_JSON (write every report summary to this file), LIGHTHOUSE_REPORT_DIR (write each full
 * Lighthouse JSON report there, to read the diagnostics: render-blocking-resources, network-requests,
 * largest-contentful-paint-element, unused-javascript…).
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { JS_BUDGET_KB, jsBudget, printBudget, PUBLIC_ROUTES } from "./js-budget";
import { freePort } from "../tests/setup/free-port";

const root = path.resolve(import.meta.dirname, "..");
const port = Number(process.env.LIGHTHOUSE_PORT ?? 3290);
const origin = `http://localhost:${port}`;
const dataDir = path.resolve(process.env.LIGHTHOUSE_DATA_DIR ?? path.join(os.tmpdir(), `pv-lighthouse-data-${port}`));
const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const formFactors = (process.env.LIGHTHOUSE_FORM_FACTORS ?? "mobile,desktop").split(",").map((f) => f.trim()) as ("mobile" | "desktop")[];
const FALLBACK_ARTICLE = "/blog/gastronomia-panamena-10-platos-que-debes-probar";

const children: ChildProcess[] = [];
function cleanup() {
  for (const c of children) if (c.exitCode === null && c.pid) c.kill("SIGTERM");
}
process.on("exit", cleanup);
process.on("SIGINT", () => {
  cleanup();
  process.exit(130);
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor(url: string, timeoutMs: number, label: string) {
  const start = Date.now();
  let dots = 0;
  while (Date.now() - start < timeoutMs) {
    try {
      const res = await fetch(url);
      if (res.ok) {
        if (dots) process.stdout.write("\n");
        return;
      }
    } catch {
      /* not up yet */
    }
    if (++dots % 5 === 0) process.stdout.write(".");
    await sleep(1000);
  }
  throw new Error(`${label} no respondió en ${Math.round(timeoutMs / 1000)} s (${url})`);
}

async function startApp() {
  fs.rmSync(dataDir, { recursive: true, force: true });
  console.info(`[lighthouse] compilando (si hace falta) e iniciando la app en ${origin}…`);
  const app = spawn(process.execPath, [path.join(root, "node_modules/tsx/dist/cli.mjs"), "scripts/start.ts"], {
    cwd: root,
    env: { ...process.env, PORT: String(port), PUBLIC_URL: origin, DATA_DIR: dataDir, SEED_DEMO: "1", NODE_ENV: "production" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(app);
  const log: string[] = [];
  app.stdout!.on("data", (d) => log.push(String(d)));
  app.stderr!.on("data", (d) => log.push(String(d)));
  app.on("exit", (code) => {
    if (code) console.error(`[lighthouse] la app terminó con código ${code}:\n${log.join("").slice(-4000)}`);
  });
  await waitFor(`${origin}/healthz`, 300_000, "La app");
}

async function startChromium(): Promise<number> {
  const debugPort = await freePort();
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "pv-lighthouse-"));
  const chrome = spawn(
    chromiumPath,
    [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--no-first-run",
      "--no-default-browser-check",
      "--disable-sync",
      "--disable-extensions",
      "--disable-dev-shm-usage",
      `--user-data-dir=${profile}`,
      `--remote-debugging-port=${debugPort}`,
      "about:blank",
    ],
    { stdio: "ignore" },
  );
  children.push(chrome);
  process.on("exit", () => {
    try {
      fs.rmSync(profile, { recursive: true, force: true, maxRetries: 3 });
    } catch {
      /* Chromium may still be writing its profile while it exits; the OS temp dir cleans up. */
    }
  });
  await waitFor(`http://127.0.0.1:${debugPort}/json/version`, 30_000, "Chromium");
  return debugPort;
}

/** An article that exists: the first /blog/{slug} of the sitemap, else the seeded sample. */
async function articlePath(): Promise<string> {
  try {
    const xml = await (await fetch(`${origin}/sitemap.xml`)).text();
    const match = xml.match(/<loc>[^<]*?(\/blog\/[^<]+)<\/loc>/);
    if (match && !match[1]!.endsWith("rss.xml")) return match[1]!;
  } catch {
    /* fall back */
  }
  return FALLBACK_ARTICLE;
}

type Row = {
  page: string;
  formFactor: string;
  performance: number | null;
  accessibility: number | null;
  bestPractices: number | null;
  seo: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  jsKb: number | null;
  failing: string[];
};

const score = (s: number | null | undefined) => (s == null ? null : Math.round(s * 100));

async function measure(debugPort: number, page: string, formFactor: "mobile" | "desktop"): Promise<Row> {
  const result = await lighthouse(
    `${origin}${page}`,
    {
      port: debugPort,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
    },
    formFactor === "desktop" ? desktopConfig : undefined,
  );
  if (!result) throw new Error(`Lighthouse no devolvió resultados para ${page}`);
  const lhr = result.lhr;
  if (process.env.LIGHTHOUSE_REPORT_DIR) {
    const dir = path.resolve(process.env.LIGHTHOUSE_REPORT_DIR);
    fs.mkdirSync(dir, { recursive: true });
    const name = `${formFactor}-${page.replace(/[^a-z0-9]+/gi, "_").replace(/^_|_$/g, "") || "home"}.json`;
    fs.writeFileSync(path.join(dir, name), JSON.stringify(lhr));
  }
  if (lhr.categories.performance?.score == null) {
    const why = lhr.runtimeError?.message ?? lhr.audits["largest-contentful-paint"]?.errorMessage ?? "sin detalle";
    throw new Error(`sin puntuación de rendimiento (${why})`);
  }
  const audit = (id: string) => lhr.audits[id];
  const resources =
    (audit("resource-summary")?.details as { items?: { resourceType: string; transferSize: number }[] } | undefined)?.items ?? [];
  const js = resources.find((r) => r.resourceType === "script");
  const failing: string[] = [];
  for (const cat of Object.values(lhr.categories)) {
    if (cat.id === "performance") continue;
    for (const ref of cat.auditRefs) {
      const a = lhr.audits[ref.id];
      if (ref.weight > 0 && a && a.score !== null && a.score < 1) failing.push(`${cat.id}:${ref.id}`);
    }
  }
  return {
    page,
    formFactor,
    performance: score(lhr.categories.performance?.score),
    accessibility: score(lhr.categories.accessibility?.score),
    bestPractices: score(lhr.categories["best-practices"]?.score),
    seo: score(lhr.categories.seo?.score),
    lcpMs: audit("largest-contentful-paint")?.numericValue ?? null,
    tbtMs: audit("total-blocking-time")?.numericValue ?? null,
    cls: audit("cumulative-layout-shift")?.numericValue ?? null,
    jsKb: js ? js.transferSize / 1024 : null,
    failing,
  };
}

function printTable(rows: Row[]) {
  const fmt = (v: number | null, digits = 0) => (v == null ? "—" : v.toFixed(digits));
  const header = ["página", "disp.", "Perf", "A11y", "BP", "SEO", "LCP ms", "TBT ms", "CLS", "JS kB transf."];
  const lines = rows.map((r) => [
    r.page,
    r.formFactor,
    fmt(r.performance),
    fmt(r.accessibility),
    fmt(r.bestPractices),
    fmt(r.seo),
    fmt(r.lcpMs),
    fmt(r.tbtMs),
    fmt(r.cls, 3),
    fmt(r.jsKb, 1),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  console.info(`\n${line(header)}\n${widths.map((w) => "-".repeat(w)).join("  ")}`);
  for (const l of lines) console.info(line(l));
  const failing = rows.filter((r) => r.failing.length);
  if (failing.length) {
    console.info("\nAuditorías no superadas (accesibilidad, buenas prácticas, SEO):");
    for (const r of failing) console.info(`  ${r.page} [${r.formFactor}]: ${r.failing.join(", ")}`);
  }
  console.info(
    "\nObjetivos (móvil): Performance ≥ 95, Accessibility 100, Best Practices 100, SEO 100; JavaScript en páginas públicas ≤ 120 kB gzip.",
  );
}

async function main() {
  if (!fs.existsSync(chromiumPath)) throw new Error(`No se encontró Chromium en ${chromiumPath} (usa CHROMIUM_PATH)`);
  await startApp();
  const debugPort = await startChromium();
  const pages = process.env.LIGHTHOUSE_PAGES
    ? process.env.LIGHTHOUSE_PAGES.split(",").map((p) => p.trim())
    : ["/", "/services", "/contact", "/restaurantes-panama", await articlePath()];
  // Warm the server (first renders compile templates, fill caches) before measuring.
  for (const p of pages) await fetch(`${origin}${p}`).catch(() => {});
  const rows: Row[] = [];
  const total = pages.length * formFactors.length;
  for (const formFactor of formFactors) {
    for (const p of pages) {
      process.stdout.write(`[lighthouse] ${rows.length + 1}/${total} ${formFactor} ${p}…\n`);
      // One retry: a busy machine occasionally makes a trace unusable (no score).
      for (let attempt = 1; attempt <= 2; attempt++) {
        try {
          rows.push(await measure(debugPort, p, formFactor));
          break;
        } catch (error) {
          console.error(`[lighthouse] falló ${p} (${formFactor}, intento ${attempt}): ${(error as Error).message}`);
        }
      }
    }
  }
  printTable(rows);
  try {
    console.info(
      `\nJavaScript por ruta pública según el manifiesto de la compilación (gzip tal como se sirve; presupuesto ${JS_BUDGET_KB} kB):`,
    );
    printBudget(jsBudget(path.join(root, process.env.BUILD_DIR ?? "build", "client"), PUBLIC_ROUTES), false);
  } catch (error) {
    console.error(`[lighthouse] sin presupuesto de JavaScript: ${(error as Error).message}`);
  }
  if (process.env.LIGHTHOUSE_JSON) fs.writeFileSync(process.env.LIGHTHOUSE_JSON, JSON.stringify(rows, null, 2));
}

main()
  .then(() => {
    cleanup();
    process.exit(0);
  })
  .catch((error) => {
    console.error(`[lighthouse] ${(error as Error).message}`);
    cleanup();
    process.exit(1);
  });
