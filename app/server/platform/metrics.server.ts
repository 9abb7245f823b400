/**
 * Prometheus metrics (prom-client), served at /metrics only when METRICS_TOKEN is set. One registry per
 * process, shared by every copy of this module (server.ts and the app's build each load one). With
 * WEB_CONCURRENCY > 1 the worker that answers /metrics asks the primary, which sums every worker's
 * registry (prom-client's AggregatorRegistry), so a scrape sees the whole server, not one process.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import cluster from "node:cluster";
import type { IncomingMessage, ServerResponse } from "node:http";
import { AggregatorRegistry, Counter, Histogram, Registry } from "prom-client";
import { singleton } from "./singleton.server";

type Metrics = ReturnType<typeof createMetrics>;

function createMetrics() {
  const registry = new Registry();
  const httpDuration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Duración de las peticiones HTTP, por método, ruta (patrón) y estado.",
    labelNames: ["method", "route", "status"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const pageCache = new Counter({
    name: "page_cache_requests_total",
    help: "Páginas públicas buscadas en la caché de páginas: hit (servida desde la caché) o miss.",
    labelNames: ["outcome"] as const,
    registers: [registry],
  });
  const dbPoolWait = new Histogram({
    name: "db_pool_wait_seconds",
    help: "Espera por una conexión libre del pool de la base de datos (solo cuando no había una libre).",
    buckets: [0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const dbPoolTimeouts = new Counter({
    name: "db_pool_timeouts_total",
    help: "Consultas que no obtuvieron conexión dentro de DB_POOL_TIMEOUT_MS.",
    registers: [registry],
  });
  const dbStatementTimeouts = new Counter({
    name: "db_statement_timeouts_total",
    help: "Sentencias canceladas por DB_STATEMENT_TIMEOUT_MS.",
    registers: [registry],
  });
  const searchDuration = new Histogram({
    name: "search_duration_seconds",
    help: "Duración de las búsquedas del directorio, por tipo (text, near, filters).",
    labelNames: ["kind"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const stripeWebhooks = new Counter({
    name: "stripe_webhook_events_total",
    help: "Eventos de webhook de Stripe, por resultado.",
    labelNames: ["outcome"] as const,
    registers: [registry],
  });
  const mailOutcomes = new Counter({
    name: "mail_outcomes_total",
    help: "Correos por tipo y resultado (p. ej. sent, failed, logged).",
    labelNames: ["kind", "outcome"] as const,
    registers: [registry],
  });
  // A worker answers the primary's requests for its registry; the primary aggregates them.
  AggregatorRegistry.setRegistries([registry]);
  const aggregator = cluster.isWorker ? new AggregatorRegistry() : null;
  return {
    registry,
    aggregator,
    httpDuration,
    pageCache,
    dbPoolWait,
    dbPoolTimeouts,
    dbStatementTimeouts,
    searchDuration,
    stripeWebhooks,
    mailOutcomes,
  };
}

export const metrics: Metrics = singleton("metrics", createMetrics);

export const httpDuration = metrics.httpDuration;
export const pageCacheRequests = metrics.pageCache;
export const dbPoolWait = metrics.dbPoolWait;
export const dbPoolTimeouts = metrics.dbPoolTimeouts;
export const dbStatementTimeouts = metrics.dbStatementTimeouts;
export const searchDuration = metrics.searchDuration;
export const stripeWebhooks = metrics.stripeWebhooks;
/** Mail outcomes: `mailOutcomes.inc({ kind: "verification", outcome: "sent" })`. */
export const mailOutcomes = metrics.mailOutcomes;

/** Times `work` into the search histogram under `kind`, whether it succeeds or throws. */
export async function timeSearch<T>(kind: string, work: () => Promise<T>): Promise<T> {
  const end = searchDuration.startTimer({ kind });
  try {
    return await work();
  } finally {
    end();
  }
}

/** Whether `header` is exactly `Bearer <token>`, compared in constant time. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  // Digests of equal length, so neither the comparison nor its length tells anything about the token.
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(header ?? ""), digest(`Bearer ${token}`));
}

/** The text a scrape gets: this process's registry, or every worker's summed when in a cluster. */
export async function metricsText(): Promise<{ contentType: string; body: string }> {
  if (cluster.isWorker && typeof process.send === "function") {
    return { contentType: metrics.registry.contentType, body: await askPrimary() };
  }
  return { contentType: metrics.registry.contentType, body: await metrics.registry.metrics() };
}

/**
 * GET /metrics: a 404 (to the next handler) without METRICS_TOKEN, so nothing says it exists; a 401
 * without `Authorization: Bearer <token>`; else the Prometheus text.
 */
export function metricsEndpoint(token: string | undefined) {
  return async (req: IncomingMessage, res: ServerResponse & { locals?: Record<string, unknown> }, next: (error?: unknown) => void) => {
    if (res.locals) res.locals.route = "/metrics";
    if (!token) return next();
    res.setHeader("Cache-Control", "no-store");
    if (!bearerMatches(req.headers.authorization, token)) {
      res.statusCode = 401;
      res.setHeader("WWW-Authenticate", 'Bearer realm="metrics"');
      res.setHeader("Content-Type", "text/plain; charset=utf-8");
      res.end("No autorizado.");
      return;
    }
    try {
      const { contentType, body } = await metricsText();
      res.setHeader("Content-Type", contentType);
      res.end(body);
    } catch (error) {
      next(error);
    }
  };
}

const ASK = "panamavipia:metrics-req";
const ANSWER = "panamavipia:metrics-res";
let asked = 0;

function askPrimary(): Promise<string> {
  const id = `${process.pid}-${asked++}`;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      process.off("message", onMessage);
      reject(new Error("el proceso principal no respondió con las métricas"));
    }, 5_000);
    const onMessage = (message: { type?: string; id?: string; body?: string; error?: string }) => {
      if (message?.type !== ANSWER || message.id !== id) return;
      clearTimeout(timer);
      process.off("message", onMessage);
      if (message.error) reject(new Error(message.error));
      else resolve(message.body ?? "");
    };
    process.on("message", onMessage);
    process.send?.({ type: ASK, id });
  });
}

/** In the primary of a cluster: answer the workers' requests for the summed metrics. */
export function serveClusterMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on("message", (worker, message: { type?: string; id?: string }) => {
    if (message?.type !== ASK) return;
    aggregator.clusterMetrics().then(
      (body) => worker.send({ type: ANSWER, id: message.id, body }),
      (error: Error) => worker.send({ type: ANSWER, id: message.id, error: error.message }),
    );
  });
}
