/**
 * The HTTP server: Express with helmet (a real CSP with a per-request nonce), compression,
 * fingerprinted assets cached immutable, GET /healthz, an origin check on state-changing requests,
 * one log line per request (pino) with its X-Request-Id, Prometheus metrics at /metrics when
 * METRICS_TOKEN is set, and graceful shutdown on SIGTERM. In development Vite serves the app with HMR.
 */
import cluster from "node:cluster";
import http from "node:http";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import expressStaticGzip from "express-static-gzip";
import type { ServerBuild } from "react-router";
import { checkDatabase, closeDb } from "./app/server/platform/db.server";
import { DatabaseStartError } from "./app/server/platform/db-embedded.server";
import { isConnectionFailure } from "./app/server/platform/db-pools.server";
import { startPrimary } from "./app/server/platform/cluster.server";
import { currentRequestId, log, requestLogger } from "./app/server/platform/logger.server";
import { httpDuration, metricsEndpoint } from "./app/server/platform/metrics.server";
import { listenForInvalidations, stopListening } from "./app/server/http/page-cache-notify.server";
import { refuseMalformedUrls } from "./app/server/http/malformed-url.server";
import { markdownNegotiation } from "./app/server/directory/markdown-negotiation.server";
import { publicPageCache } from "./app/server/http/page-cache.server";
import { countVisits } from "./app/server/visibility/visits.server";
import { requestContext, routePatterns } from "./app/server/http/request-context.server";
import { securityHeaders } from "./app/server/http/security.server";
import { EnvError, getEnv } from "./app/server/platform/env.server";
import { prepareDatabase, startBackgroundWork, stopBackgroundWork } from "./app/server/platform/startup.server";
import { SERVICE_UNAVAILABLE } from "./app/lib/user-error";

export async function createApp() {
  const env = getEnv();
  const production = env.NODE_ENV === "production";
  // In a cluster the primary has migrated and seeded before forking the workers.
  if (!cluster.isWorker) await prepareDatabase();

  const app = express();
  app.disable("x-powered-by");
  if (env.TRUST_PROXY) app.set("trust proxy", true);
  const security = securityHeaders(env);

  // Route patterns, not paths, label the log lines and metrics (a path per listing would not do).
  let patternOf: (pathname: string) => string | null = () => null;
  const routeOf = (req: Request, res: Response) => {
    if (typeof res.locals.route === "string") return res.locals.route;
    const pathname = req.originalUrl?.split("?")[0] ?? req.path;
    if (pathname.startsWith("/assets/")) return "/assets/*";
    return patternOf(pathname) ?? (/\.[a-z0-9]+$/i.test(pathname) ? "(archivo)" : "(sin ruta)");
  };
  const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
  app.use(
    requestLogger(routeOf, ({ route, status, seconds, method }) =>
      httpDuration.observe({ method: METHODS.has(method) ? method : "OTHER", route, status: String(status) }, seconds),
    ),
  );
  app.use(security.everyResponse);

  // Prometheus text for the operator's scraper, only with METRICS_TOKEN and its bearer token (404
  // without the variable: nothing tells that the endpoint exists).
  app.get("/metrics", metricsEndpoint(env.METRICS_TOKEN));

  // For the load balancer: 503 while the database does not answer within 2 s (and while this process
  // stops, see main). The reason goes to the log once per change, never to whoever asks.
  let healthy = true;
  app.get("/healthz", async (_req, res) => {
    res.locals.route = "/healthz";
    const check = await checkDatabase(2_000);
    if (check.ok !== healthy) {
      healthy = check.ok;
      if (check.ok) log.info("[server] /healthz: la base de datos responde de nuevo");
      else log.error(`[server] /healthz: la base de datos no responde: ${check.error.message}`);
    }
    res.set("Cache-Control", "no-store");
    if (check.ok) res.json({ status: "ok" });
    else res.status(503).json({ status: "error", detalle: "La base de datos no responde." });
  });

  // Anonymous public pages are the same for every visitor: a fresh cached copy is answered before anything
  // else runs (decision 024); pages are stored further down, after helmet and compression (PAGE_CACHE=off
  // disables it).
  const pageCache = production && env.PAGE_CACHE ? publicPageCache() : null;
  // `Accept: text/markdown` on an entry or listing page becomes its .md URL before the cache
  // looks, since the cache keys by URL: HTML and Markdown copies can never be confused.
  app.use(markdownNegotiation);
  // AI referrals and crawler visits of entries are counted here, cache hits included (decision 099).
  app.use(countVisits);
  if (pageCache) app.use(pageCache.serve);

  // Fingerprinted assets first: cached for a year, with only the short set of security headers (a page
  // CSP on a script file means nothing, and ~1 kB of headers on each of many chunks adds up on mobile).
  // Scripts, styles and the sprite are served as the brotli or zopfli-gzip files the build wrote
  // (decision 016), never compressed per request.
  if (production) {
    const assetsDir = path.resolve(process.cwd(), env.BUILD_DIR, "client/assets");
    app.use(
      "/assets",
      expressStaticGzip(assetsDir, {
        enableBrotli: true,
        orderPreference: ["br", "gz"],
        serveStatic: { immutable: true, maxAge: "1y", index: false },
      }),
    );
  }

  app.use(compression());

  app.use(security.pages);
  // State-changing requests from a browser must come from our own pages.
  app.use(security.sameOriginWrites);

  // A URL with broken percent-encoding or a NUL byte is a bad request (JSON under /api/v1).
  app.use(refuseMalformedUrls);

  // Pages take forms only (the JSON APIs live under /api, the MCP server at /mcp): anything else is
  // a 415, not a crash.
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "POST" || req.path.startsWith("/api/") || /^\/mcp\/?$/i.test(req.path)) return next();
    const type = req.get("content-type") ?? "";
    if (/^(application\/x-www-form-urlencoded|multipart\/form-data)/i.test(type)) return next();
    res.status(415).type("text/plain; charset=utf-8").send("Tipo de contenido no admitido: envía un formulario.");
  });

  let build: ServerBuild | (() => Promise<ServerBuild>);
  if (production) {
    const buildDir = path.resolve(process.cwd(), env.BUILD_DIR);
    // Files of public/ (favicon…): only paths with an extension, so a page request costs no stat().
    const publicFiles = express.static(path.join(buildDir, "client"), { maxAge: "1h", index: false });
    app.use((req, res, next) => (/\.[a-z0-9]+$/i.test(req.path) ? publicFiles(req, res, next) : next()));
    build = (await import(path.join(buildDir, "server/index.js"))) as ServerBuild;
    patternOf = routePatterns(build.routes);
  } else {
    const vite = await import("vite");
    const devServer = await vite.createServer({ server: { middlewareMode: true } });
    app.use(devServer.middlewares);
    build = () => devServer.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
  }

  if (pageCache) app.use(pageCache.store);

  app.all(
    "/{*path}",
    createRequestHandler({
      build,
      mode: production ? "production" : "development",
      getLoadContext: (req, res) =>
        requestContext({
          cspNonce: res.locals.cspNonce as string,
          clientIp: req.ip ?? req.socket.remoteAddress ?? "desconocida",
          requestId: currentRequestId(),
        }),
    }),
  );

  // Last resort: never a stack trace to the visitor; a database that does not answer is a 503.
  app.use((error: Error, _req: Request, res: Response, _next: NextFunction) => {
    const unavailable = isConnectionFailure(error);
    if (unavailable) log.error(`[server] sin base de datos: ${error.message}`);
    else log.error("[server] error no controlado", { err: error });
    if (res.headersSent) return;
    if (unavailable) res.status(503).set("Retry-After", "5").type("text/plain; charset=utf-8").send(SERVICE_UNAVAILABLE);
    else
      res
        .status(500)
        .type("text/plain; charset=utf-8")
        .send(`Error interno del servidor. Referencia: ${res.getHeader("X-Request-Id") ?? currentRequestId()}.`);
  });

  return app;
}

async function main() {
  let env: ReturnType<typeof getEnv>;
  try {
    env = getEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  if (cluster.isPrimary && env.WEB_CONCURRENCY > 1) {
    // Migrate and seed once, then fork the workers (app/server/platform/cluster.server.ts).
    return startPrimary(env.WEB_CONCURRENCY, prepareDatabase);
  }
  const app = await createApp();
  // Before the first request: a write served by another process must empty this one's page cache.
  await listenForInvalidations();
  // The mail outbox's sender, in every serving process (claims are exclusive).
  startBackgroundWork();

  // On SIGTERM the requests in flight finish and nothing new starts: the listening socket closes (new
  // connections are refused), a request that arrives on a kept-alive connection gets a 503 that
  // closes it, and the answers in flight close theirs, so that the server is closed once they are sent.
  let stopping = false;
  const inFlight = new Set<http.ServerResponse>();
  const server = http
    .createServer((req, res) => {
      if (stopping) {
        res.shouldKeepAlive = false;
        res.writeHead(503, { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "5", "Cache-Control": "no-store" });
        res.end("El servidor se está reiniciando: inténtalo de nuevo en unos segundos.");
        return;
      }
      inFlight.add(res);
      res.once("close", () => inFlight.delete(res));
      app(req, res);
    })
    .listen(env.PORT, () => {
      log.info(`Servidor listo en ${env.PUBLIC_URL} (puerto ${env.PORT})`);
    });
  server.keepAliveTimeout = 65_000;

  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`[server] ${signal}: terminando las peticiones en curso…`);
    const force = setTimeout(() => {
      log.error("[server] cierre forzado tras 10 s");
      // Requests are still open, but the embedded database's files are closed first (within 3 s).
      void closeDb({ force: true })
        .catch((error: Error) => log.error(error.message))
        .finally(() => process.exit(1));
    }, 10_000);
    force.unref();
    server.close(async () => {
      await stopListening();
      await stopBackgroundWork();
      await closeDb().catch((error: Error) => log.error(error.message));
      log.info("[server] cerrado");
      process.exit(0);
    });
    for (const res of inFlight) if (!res.headersSent) res.shouldKeepAlive = false;
    server.closeIdleConnections();
    // An answer whose headers had already gone out leaves its connection open and idle once sent.
    setInterval(() => server.closeIdleConnections(), 250).unref();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

main().catch((error) => {
  // Start-up failures are for the operator at the terminal: plain text, written before the exit. A
  // database the operator must fix (held by another process, damaged, not answering) is one line.
  if (error instanceof DatabaseStartError) console.error(`[server] no se pudo iniciar: ${error.message}`);
  else console.error("[server] no se pudo iniciar", error);
  process.exit(1);
});
