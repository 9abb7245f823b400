/**
 * D23: an unexpected error is answered with a generic Spanish page that quotes the request's id (the
 * X-Request-Id of the response), and is logged under that same id. Rendered by the real root,
 * entry.server and a page module, through React Router's request handler, as route-error-boundary does.
 */
import { Writable } from "node:stream";
import {
  createRequestHandler,
  data,
  type ServerBuild,
  UNSAFE_withComponentProps as withComponentProps,
  UNSAFE_withErrorBoundaryProps as withErrorBoundaryProps,
} from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import * as entry from "~/entry.server";
import * as root from "~/root";
import * as blogIndex from "~/routes/blog/index";
import { createLogger } from "~/server/platform/logger.server";
import { requestContext } from "~/server/http/request-context.server";
import { dropSingleton, replaceSingleton } from "~/server/platform/singleton.server";

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
  imports: [],
  css: [],
});

const built = (mod: { default: any; ErrorBoundary: any }) => ({
  ...mod,
  default: withComponentProps(mod.default),
  ErrorBoundary: withErrorBoundaryProps(mod.ErrorBoundary),
});

function render(loader: () => unknown, requestId: string) {
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
  return createRequestHandler(build, "production")(
    new Request("http://localhost:3000/boom"),
    requestContext({ cspNonce: "n", clientIp: "203.0.113.7", requestId }),
  );
}

let lines: Record<string, unknown>[] = [];

beforeEach(() => {
  lines = [];
  const sink = new Writable({
    write(chunk, _encoding, callback) {
      for (const text of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(text));
      callback();
    },
  });
  replaceSingleton("logger", createLogger("info", sink));
  vi.stubEnv("DEV", false);
});

afterEach(() => {
  dropSingleton("logger");
  vi.unstubAllEnvs();
});

describe("the 500 page", () => {
  it("quotes the request id and logs the error, without its text on the page", async () => {
    const res = await render(() => {
      throw new Error("se cayó la consulta de ana@example.com");
    }, "req-abc_123");
    expect(res.status).toBe(500);
    const html = await res.text();
    expect(html).toContain("Ocurrió un error inesperado. Intenta de nuevo en unos minutos.");
    expect(html).toMatch(/Referencia: <code data-request-id="">req-abc_123<\/code>/);
    expect(html).not.toContain("se cayó");
    const logged = lines.find((l) => String(l.msg).startsWith("[app] error no controlado"));
    expect(logged).toMatchObject({ level: 50, msg: "[app] error no controlado en GET /boom" });
    expect(JSON.stringify(logged)).toContain("a***@example.com");
    expect(JSON.stringify(logged)).not.toContain("ana@example.com");
  });

  it("a 4xx page shows no reference", async () => {
    const res = await render(() => {
      throw data({ title: "Acceso denegado", message: "No tienes permiso para ver esta página." }, { status: 403 });
    }, "req-abc_123");
    expect(res.status).toBe(403);
    expect(await res.text()).not.toContain("req-abc_123");
  });
});
