import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import path from "node:path";
import zlib, { type InputType } from "node:zlib";
import { gzipAsync } from "@gfx/zopfli";
import { defineConfig, type PluginOption } from "vite";
import { compression, defineAlgorithm } from "vite-plugin-compression2";

const appDir = path.resolve(import.meta.dirname, "app");

type ModuleInfo = { importers: readonly string[]; importedIds: readonly string[] };
type GetModuleInfo = (id: string) => ModuleInfo | null;

/** app/routes/<area>/… -> <area>; root.tsx -> "root"; other app modules -> null. */
function routeArea(id: string): string | null {
  const rel = path.relative(appDir, id.split("?")[0]!);
  if (rel === "root.tsx") return "root";
  const m = /^routes\/(?:([^/]+)\/)?[^/]+$/.exec(rel);
  return m ? (m[1] ?? "misc") : null;
}

/** The route modules (and root), as paths under app/, that statically import `id` through app modules. */
function routesOf(id: string, info: GetModuleInfo, memo: Map<string, Set<string>>, stack = new Set<string>()): Set<string> {
  const known = memo.get(id);
  if (known) return known;
  const out = new Set<string>();
  if (routeArea(id)) out.add(path.relative(appDir, id.split("?")[0]!));
  else if (!stack.has(id)) {
    stack.add(id);
    for (const importer of info(id)?.importers ?? []) for (const r of routesOf(importer, info, memo, stack)) out.add(r);
    stack.delete(id);
  }
  if (!stack.size) memo.set(id, out);
  return out;
}

type Memo = { routes: Map<string, Set<string>>; forms: Map<string, boolean> };

const ENTRY_ROUTES = new Set(["routes/directory/entry.tsx"]);
const LISTING_ROUTES = new Set(["routes/directory/province.tsx", "routes/directory/industry.tsx", "routes/directory/search.tsx"]);

const FORM_LIBRARIES = /\/node_modules\/(zod|@conform-to\/[^/]+)\//;

/**
 * Travel with the forms: the dialog primitives (they load Radix's dialogs, which import the shell's
 * Slot, so a module that uses them must stay out of the shell: every page would load them, and the
 * two chunks would import each other) and the labelled form fields, which only forms use.
 */
const FORM_PARTS = /\/app\/components\/ui\/((alert-)?dialog|field)\.tsx$/;

/** Whether `id` imports Zod, Conform or a dialog, directly or through other app modules. */
function usesFormLibraries(id: string, info: GetModuleInfo, memo: Map<string, boolean>, stack = new Set<string>()): boolean {
  if (FORM_PARTS.test(id)) return true;
  const known = memo.get(id);
  if (known !== undefined) return known;
  if (stack.has(id)) return false;
  stack.add(id);
  const result = (info(id)?.importedIds ?? []).some(
    (dep) => FORM_LIBRARIES.test(dep) || (dep.startsWith(appDir) && !routeArea(dep) && usesFormLibraries(dep, info, memo, stack)),
  );
  stack.delete(id);
  memo.set(id, result);
  return result;
}

/**
 * Left to the default splitting, a page loads ~45 modulepreloaded files (one per icon, catalog file,
 * UI primitive…); on Lighthouse's mobile profile (HTTP/1.1, 6 connections, 150 ms RTT) every extra
 * round trip delays the first paint. Chunks instead (docs/decisions/015):
 * - `framework`: React, React DOM and React Router, loaded by every page;
 * - `shell`: everything root.tsx needs (header, footer, menus, toaster, UI primitives, catalogs);
 * - `<area>-shared`: modules used by several routes of one area (marketing, directory, blog,
 *   admin, account…), and `<area>-forms` for those of them that use Zod or Conform; a module used
 *   across areas goes to the shell, or to `forms` when it uses
 *   Zod or Conform (so that pages without a client-side form never load them); a module used by one
 *   route stays in that route's chunk;
 * - `zod`, `conform` and `radix` only for the pages with client-side forms and dialogs. The public
 *   pages with a form (/auth, /contact) load theirs with React.lazy, after the page (decision 045).
 * Every module is named explicitly (Rolldown groups, without their dependencies).
 * `npm run js-budget` prints what each page loads.
 */
function chunkFor(id: string, { getModuleInfo }: { getModuleInfo: GetModuleInfo }, memo: Memo): string | undefined {
  // The bundler's runtime and Vite's preload helper are a few hundred bytes each that every page
  // loads: as files of their own they cost two more requests on the critical path (Lighthouse).
  if (id.startsWith("\0") && /rolldown\/runtime|vite\/preload-helper/.test(id)) return "framework";
  if (id.includes("/node_modules/")) {
    if (/\/node_modules\/(react|react-dom|scheduler|react-router|cookie|set-cookie-parser)\//.test(id)) return "framework";
    if (id.includes("/node_modules/zod/")) return "zod";
    if (id.includes("/node_modules/@conform-to/")) return "conform";
    // The font's URL module is the shell's (font-preload.tsx): left alone, Rolldown put it in the
    // root route's chunk, which made the shell and root chunks import each other.
    if (/\/node_modules\/@radix-ui\/react-(slot|compose-refs)\//.test(id) || /\/node_modules\/(clsx|@fontsource-variable)\//.test(id))
      return "shell";
    if (id.includes("/node_modules/@radix-ui/") || id.includes("/node_modules/radix-ui/")) return "radix";
    if (id.includes("/node_modules/lucide-react/")) return "lucide";
    return undefined; // sonner: loaded on demand (toaster.tsx)
  }
  if (!id.startsWith(appDir) || routeArea(id)) return undefined; // route modules are entries
  const all = routesOf(id, getModuleInfo, memo.routes);
  const areaOf = (r: string) => routeArea(path.join(appDir, r))!;
  const allAreas = new Set([...all].map(areaOf));
  // Admin pages have no JavaScript budget: what they share with one public area (coordinates,
  // contact links) rides with that area's chunks, not with every page's shell.
  const routes =
    allAreas.size === 2 && allAreas.has("admin") && !allAreas.has("root") ? new Set([...all].filter((r) => areaOf(r) !== "admin")) : all;
  const areas = new Set([...routes].map(areaOf));
  // The premium assistants' pages are marketing pages behind a gate: what they share with the
  // marketing pages (the catalog, the chat frame) rides with marketing, not with every page's shell.
  if (areas.size === 2 && areas.has("premium") && areas.has("marketing")) areas.delete("premium");
  if (areas.has("root")) return "shell";
  if (areas.size === 0) return undefined;
  // Used by one route only: leave it in that route's chunk.
  const importers = (getModuleInfo(id)?.importers ?? []).filter((i) => i.startsWith(appDir));
  if (importers.length <= 1 && areas.size === 1 && importers.every((i) => routeArea(i))) return undefined;
  if (areas.size === 1) {
    const area = [...areas][0]!;
    // The directory's entry pages and listing pages share only the small parts of a card (picture,
    // stars, contact links): each kind of page gets its own chunk besides that.
    if (area === "directory" && [...routes].every((r) => ENTRY_ROUTES.has(r))) return "directory-entry";
    if (area === "directory" && [...routes].every((r) => LISTING_ROUTES.has(r))) return "directory-listings";
    // The area's form parts go apart, so its pages without a form load neither Zod nor Conform.
    return usesFormLibraries(id, getModuleInfo, memo.forms) ? `${area}-forms` : `${area}-shared`;
  }
  // Used across areas: mostly small helpers nearly every page needs (meta, format, card, plans…),
  // so they ride with the shell instead of costing every page one more request.
  return usesFormLibraries(id, getModuleInfo, memo.forms) ? "forms" : "shell";
}

/**
 * Scripts, the stylesheet and the icon sprite are compressed once at build time (decision 016) and
 * served as files by server.ts: gzip by zopfli (the same format, ~3 % smaller than gzip -9) and
 * brotli at quality 11, both too slow to run per request.
 */
const zopfliGzip = async (input: InputType): Promise<Buffer> =>
  Buffer.from(await gzipAsync(typeof input === "string" ? Buffer.from(input) : Buffer.from(input as Uint8Array), { numiterations: 15 }));

/**
 * includeDependenciesRecursively: false (the client's codeSplitting below) needs entries that may
 * export more than their own signature. React Router's plugin sets
 * "exports-only" in its config hook; this runs after it, for the browser's build only.
 */
function allowEntryExtension(): PluginOption {
  return {
    name: "pv:allow-entry-extension",
    enforce: "post",
    configEnvironment(name) {
      if (name === "client") return { build: { rollupOptions: { preserveEntrySignatures: "allow-extension" } } };
    },
  };
}

function precompressed(): PluginOption[] {
  const include = /\.(js|css|svg)$/;
  // The plugin also sees the server's build; its bundle (index.js) is never sent over the network.
  const exclude = /^index\.js$/;
  return [
    compression({
      include,
      exclude,
      threshold: 512,
      filename: "[path][base].gz",
      algorithms: [defineAlgorithm(zopfliGzip)],
      logLevel: "silent",
    }),
    compression({
      include,
      exclude,
      threshold: 512,
      algorithms: [defineAlgorithm("brotliCompress", { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } })],
      logLevel: "silent",
    }),
  ];
}

export default defineConfig(() => {
  const memo: Memo = { routes: new Map(), forms: new Map() };
  return {
    plugins: [tailwindcss(), reactRouter(), allowEntryExtension(), ...precompressed()],
    resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
    build: { assetsInlineLimit: 0 },
    environments: {
      client: {
        build: {
          // Terser makes the browser's JavaScript ~3 % smaller after compression than the default
          // minifier (decision 016); the server build is not minified.
          minify: "terser" as const,
          terserOptions: { compress: { passes: 2 }, format: { comments: false } },
          rolldownOptions: {
            output: {
              // Rolldown suggests strictExecutionOrder with the option below; it wraps every module in
              // an init function (+2.5 kB gzip a page). Without it, two chunks that import each other
              // run in the wrong order (a page failed to hydrate): chunkFor must not create such a pair.
              codeSplitting: {
                // Each module goes where chunkFor names it; a group must not pull its modules' own
                // dependencies in with it (Rolldown's default), or every page would load them.
                includeDependenciesRecursively: false,
                groups: [
                  // getModuleInfo is a method of Rolldown's chunking context: called on it, not detached.
                  {
                    debugName: "chunkFor",
                    name: (id: string, meta: { getModuleInfo: GetModuleInfo }) =>
                      chunkFor(id, { getModuleInfo: (m) => meta.getModuleInfo(m) }, memo) ?? null,
                  },
                ],
              },
            },
          },
        },
      },
      ssr: {
        // Native/wasm packages stay external to the server bundle.
        resolve: { external: ["@electric-sql/pglite", "pg", "nodemailer"] },
      },
    },
  };
});
