/**
 * A failure in one section keeps the site around it: every page module's ErrorBoundary is the shared
 * RouteErrorBoundary, so a loader that throws renders inside root's header and footer, with the status
 * and a Spanish sentence (never the error's own text). The document is rendered by the real root,
 * entry.server and a real page module, through React Router's request handler.
 */
import path from "node:path";
import {
  createRequestHandler,
  data,
  type ServerBuild,
  UNSAFE_withComponentProps as withComponentProps,
  UNSAFE_withErrorBoundaryProps as withErrorBoundaryProps,
} from "react-router";
import { describe, expect, it, vi } from "vitest";
import * as entry from "~/entry.server";
import * as root from "~/root";
import routes from "~/routes";
import * as blogIndex from "~/routes/blog/index";
import { requestContext } from "~/server/http/request-context.server";

type Entry = { file: string; children?: Entry[] };
const filesOf = (entries: Entry[]): string[] => entries.flatMap((e) => [e.file, ...filesOf(e.children ?? [])]);

const manifestRoute = (id: string, parentId?: string) => ({
  id,
  parentId,
  path: id === "root" ? "" : "boom",
  module: `/assets/${id}.js`,
  hasAction: false,
  hasLoader: true,
  hasClientAction: false,
  hasClientLoader: false,
  hasClientMiddleware: false,
  hasErrorBoundary: true,
  clientActionModule: undefined,
  clientLoaderModule: undefined,
  clientMiddlewareModule: undefined,
  hydrateFallbackModule: undefined,
  imports: [],
  css: [],
});

/** A route module as React Router's build hands it over: its components get their props. */
const built = (mod: { default: any; ErrorBoundary: any }) => ({
  ...mod,
  default: withComponentProps(mod.default),
  ErrorBoundary: withErrorBoundaryProps(mod.ErrorBoundary),
});

/** The app's root with one page (the blog's list, its loader replaced by `loader`) at /boom. */
function handlerWith(loader: () => unknown) {
  const build = {
    entry: { module: entry },
    routes: {
      root: { id: "root", path: "", module: built(root) },
      boom: { id: "boom", parentId: "root", path: "boom", module: { ...built(blogIndex), loader } },
    },
    assets: {
      entry: { module: "/assets/entry.js", imports: [] },
      routes: { root: manifestRoute("root"), boom: manifestRoute("boom", "root") },
      url: "/assets/manifest.js",
      version: "test",
    },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "initial", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
  const handle = createRequestHandler(build, "production");
  return () => handle(new Request("http://localhost:3000/boom"), requestContext({ cspNonce: "n", clientIp: "203.0.113.7" }));
}

describe("error boundaries", () => {
  it("a loader that throws renders the page's boundary inside the site's header and footer: 500, Spanish, no error text", async () => {
    // As in production: the boundary shows the error's own text only in development.
    vi.stubEnv("DEV", false);
    const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const res = await handlerWith(() => {
        throw new Error('relation "blogs" does not exist');
      })();
      expect(res.status).toBe(500);
      const html = await res.text();
      expect(html).toContain('<html lang="es"');
      expect(html).toContain("Saltar al contenido");
      expect(html).toMatch(/<header[\s\S]*<main id="contenido"[\s\S]*Algo salió mal[\s\S]*<\/main>[\s\S]*<footer/);
      expect(html).toContain("Ocurrió un error inesperado. Intenta de nuevo en unos minutos.");
      expect(html).toContain("Volver al inicio");
      expect(html).not.toContain("does not exist");
      // The error view names the document; the failed page's own meta stays out.
      expect(html.match(/<title>[^<]*<\/title>/g)).toEqual(["<title>Algo salió mal | Panama VIP IA</title>"]);
      // The page's own boundary caught it (root's loader data is still there for the header).
      expect(html).toMatch(/\\"errors\\",\{\\"_\d+\\":\d+\},\\"boom\\"/);
    } finally {
      quiet.mockRestore();
      vi.unstubAllEnvs();
    }
  });

  it("an error page thrown on purpose keeps its status and its own words", async () => {
    const res = await handlerWith(() => {
      throw data({ title: "Acceso denegado", message: "No tienes permiso para ver esta página." }, { status: 403 });
    })();
    expect(res.status).toBe(403);
    const html = await res.text();
    expect(html).toMatch(/<header[\s\S]*Acceso denegado[\s\S]*<footer/);
    expect(html).toContain("No tienes permiso para ver esta página.");
  });

  it("every page module (.tsx) of the route table exports the shared ErrorBoundary", async () => {
    const pages = [...new Set(filesOf(routes as Entry[]))].filter((f) => f.endsWith(".tsx"));
    expect(pages.length).toBeGreaterThan(20);
    const { RouteErrorBoundary } = await import("~/components/route-error-boundary");
    const missing: string[] = [];
    for (const file of pages) {
      const mod = (await import(/* @vite-ignore */ path.resolve(import.meta.dirname, "../../app", file))) as { ErrorBoundary?: unknown };
      if (mod.ErrorBoundary !== RouteErrorBoundary) missing.push(file);
    }
    expect(missing).toEqual([]);
    expect(root.ErrorBoundary).toBe(RouteErrorBoundary);
  });
});
