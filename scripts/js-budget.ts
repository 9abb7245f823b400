/**
 * `npm run js-budget`: the JavaScript each page loads, from the client build's React Router manifest
 * (entry + the route's chain of route modules and their imports), gzip per file as served: the
 * build's precompressed `.gz` (zopfli, decision 016) when there is one, else gzip -9. The budget is
 * 120 kB gzip on public pages (decision 015). Reads BUILD_DIR (build); pass route ids to see the files
 * of those routes (`npm run js-budget -- routes/marketing/home province-panama`), `--all` for every
 * route. Lighthouse's "JS kB" column is a little higher: it counts HTTP headers too.
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

type ManifestRoute = { id: string; parentId?: string; module: string; imports?: string[] };
type Manifest = { entry: { module: string; imports: string[] }; routes: Record<string, ManifestRoute> };

export const JS_BUDGET_KB = 120;

/** The public pages measured by `npm run lighthouse` and the rest of the visitor-facing routes. */
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

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const clientDir = path.resolve(import.meta.dirname, "..", process.env.BUILD_DIR ?? "build", "client");
  const all = args.includes("--all");
  const ids = args.filter((a) => !a.startsWith("--"));
  console.info(
    `JavaScript por página (gzip tal como se sirve), ${path.relative(process.cwd(), clientDir)}; presupuesto ${JS_BUDGET_KB} kB en páginas públicas:`,
  );
  printBudget(jsBudget(clientDir, all ? undefined : ids.length ? ids : PUBLIC_ROUTES), ids.length > 0);
}
