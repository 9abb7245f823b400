/**
 * The server's request log and metrics, through the same middlewares server.ts mounts, on a small
 * Express app: one JSON line per request with its id, method, route pattern, status and duration;
 * X-Request-Id on every answer (a proxy's id kept only when safe); no cookie, authorization or whole
 * e-mail address in the log; /metrics closed without METRICS_TOKEN and without its bearer token.
 */
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import express from "express";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createLogger, log, maskEmails, requestLogger } from "~/server/platform/logger.server";
import { httpDuration, mailOutcomes, metricsEndpoint, pageCacheRequests } from "~/server/platform/metrics.server";
import { dropSingleton, replaceSingleton } from "~/server/platform/singleton.server";

type Line = Record<string, unknown>;
let lines: Line[] = [];
const capture = new Writable({
  write(chunk, _encoding, callback) {
    for (const text of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(text) as Line);
    callback();
  },
});

const TOKEN = "secreto-de-metricas-0123456789";
let base = "";
let close: () => void;

beforeAll(async () => {
  replaceSingleton("logger", createLogger("info", capture));
  const app = express();
  app.use(
    requestLogger(
      (req, res) => (res.locals.route as string | undefined) ?? (req.path.startsWith("/directorio/") ? "/directorio/:slug" : "(sin ruta)"),
      ({ route, status, seconds, method }) => httpDuration.observe({ method, route, status: String(status) }, seconds),
    ),
  );
  app.get("/metrics", metricsEndpoint(TOKEN));
  app.get("/closed/metrics", metricsEndpoint(undefined));
  app.get("/directorio/:slug", (_req, res) => {
    log.info('[mail] para=ana.perez@example.com asunto="Confirma tu email"');
    res.send("ok");
  });
  app.get("/boom", () => {
    throw new Error("falló para juan@example.org");
  });
  app.use((error: Error, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
    log.error("[server] error no controlado", { err: error });
    res.status(500).send(`Error interno del servidor. Referencia: ${res.getHeader("X-Request-Id")}.`);
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});

afterAll(() => {
  close();
  dropSingleton("logger");
});

afterEach(() => {
  lines = [];
});

/** The log lines written so far, once pino has flushed them. */
async function logged(): Promise<Line[]> {
  await new Promise((r) => setTimeout(r, 20));
  return lines;
}

describe("request log", () => {
  it("writes one line per request with id, method, route pattern, status and duration, and returns the id", async () => {
    const res = await fetch(`${base}/directorio/la-fonda-lo-que-hay?token=abc`);
    expect(res.status).toBe(200);
    const id = res.headers.get("x-request-id");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const requests = (await logged()).filter((l) => l.msg === "petición atendida");
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      level: 30,
      reqId: id,
      method: "GET",
      route: "/directorio/:slug",
      path: "/directorio/la-fonda-lo-que-hay",
      status: 200,
    });
    expect(typeof requests[0]!.durationMs).toBe("number");
    // The query string (which may carry a token) never reaches the log.
    expect(JSON.stringify(lines)).not.toContain("abc");
    // What the handler logged carries the same id.
    expect(lines.find((l) => String(l.msg).startsWith("[mail]"))).toMatchObject({ reqId: id });
  });

  it("keeps a proxy's X-Request-Id only when it is short and plain", async () => {
    const kept = await fetch(`${base}/directorio/x`, { headers: { "X-Request-Id": "proxy-id_123" } });
    expect(kept.headers.get("x-request-id")).toBe("proxy-id_123");
    for (const bad of ["a".repeat(65), "id con espacios", "<script>", "a;b", "../x"]) {
      const res = await fetch(`${base}/directorio/x`, { headers: { "X-Request-Id": bad } });
      const id = res.headers.get("x-request-id");
      expect(id).not.toBe(bad);
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it("a 500 answers with its X-Request-Id, quotes it, and logs the error under it at level error", async () => {
    const res = await fetch(`${base}/boom`);
    expect(res.status).toBe(500);
    const id = res.headers.get("x-request-id")!;
    expect(id).toBeTruthy();
    expect(await res.text()).toContain(`Referencia: ${id}`);
    const all = await logged();
    expect(all.find((l) => l.msg === "[server] error no controlado")).toMatchObject({ level: 50, reqId: id });
    expect(all.find((l) => l.msg === "petición fallida")).toMatchObject({ level: 50, reqId: id, status: 500 });
    expect(JSON.stringify(all)).not.toContain("juan@example.org");
    expect(JSON.stringify(all)).toContain("j***@example.org");
  });

  it("never carries cookies, authorization or whole e-mail addresses", async () => {
    await fetch(`${base}/directorio/x`, { headers: { Cookie: "session=secreta", Authorization: "Bearer muy-secreto" } });
    log.info("[auth] intento", {
      req: { headers: { cookie: "session=secreta", authorization: "Bearer muy-secreto" } },
      password: "clave123",
    });
    const text = JSON.stringify(await logged());
    expect(text).not.toContain("secreta");
    expect(text).not.toContain("muy-secreto");
    expect(text).not.toContain("clave123");
    expect(text).toContain("[oculto]");
    expect(text).not.toContain("ana.perez@example.com");
    expect(text).toContain("[mail] para=a***@example.com");
    expect(maskEmails("para=ana.perez@example.com, b@mail.co.pa")).toBe("para=a***@example.com, b***@mail.co.pa");
  });
});

/** Every line of the Prometheus text format 0.0.4 (comments, samples), checked one by one. */
function parsePrometheus(text: string) {
  const samples: { name: string; labels: Record<string, string>; value: number }[] = [];
  const types = new Map<string, string>();
  const NAME = "[a-zA-Z_:][a-zA-Z0-9_:]*";
  const sample = new RegExp(`^(${NAME})(?:\\{((?:[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\\\\n]|\\\\[\\\\"n])*",?)*)\\})? (\\S+)(?: -?\\d+)?$`);
  for (const line of text.split("\n")) {
    if (line === "") continue;
    const comment = line.match(new RegExp(`^# (HELP|TYPE) (${NAME}) (.*)$`));
    if (comment) {
      if (comment[1] === "TYPE") {
        expect(["counter", "gauge", "histogram", "summary", "untyped"]).toContain(comment[3]);
        types.set(comment[2]!, comment[3]!);
      }
      continue;
    }
    const m = line.match(sample);
    if (!m) throw new Error(`not a Prometheus line: ${line}`);
    const value = m[3] === "+Inf" ? Number.POSITIVE_INFINITY : m[3] === "-Inf" ? Number.NEGATIVE_INFINITY : Number(m[3]);
    if (Number.isNaN(value) && m[3] !== "NaN") throw new Error(`not a number: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, k, v] of (m[2] ?? "").matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) labels[k!] = v!;
    samples.push({ name: m[1]!, labels, value });
  }
  return { samples, types };
}

describe("/metrics", () => {
  it("is a 404 without METRICS_TOKEN", async () => {
    expect((await fetch(`${base}/closed/metrics`)).status).toBe(404);
    expect((await fetch(`${base}/closed/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
  });

  it("is a 401 without the bearer token or with another one", async () => {
    const tries: Record<string, string>[] = [
      {},
      { Authorization: "Bearer otro-token-0123456789-abcdef" },
      { Authorization: TOKEN },
      { Authorization: `Basic ${TOKEN}` },
    ];
    for (const headers of tries) {
      const res = await fetch(`${base}/metrics`, { headers });
      expect(res.status).toBe(401);
      expect(await res.text()).not.toContain("http_request");
    }
  });

  it("answers Prometheus text with the token: request durations by route and status, and the other counters", async () => {
    await fetch(`${base}/directorio/una-empresa`);
    pageCacheRequests.inc({ outcome: "hit" });
    mailOutcomes.inc({ kind: "verificacion", outcome: "sent" });
    const res = await fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const { samples, types } = parsePrometheus(await res.text());
    expect(types.get("http_request_duration_seconds")).toBe("histogram");
    for (const name of ["page_cache_requests_total", "db_statement_timeouts_total", "stripe_webhook_events_total", "mail_outcomes_total"])
      expect(types.get(name)).toBe("counter");
    expect(types.get("search_duration_seconds")).toBe("histogram");
    expect(types.get("db_pool_wait_seconds")).toBe("histogram");
    const count = samples.find(
      (s) =>
        s.name === "http_request_duration_seconds_count" &&
        s.labels.route === "/directorio/:slug" &&
        s.labels.status === "200" &&
        s.labels.method === "GET",
    );
    expect(count?.value).toBeGreaterThanOrEqual(1);
    expect(samples.some((s) => s.name === "http_request_duration_seconds_bucket" && s.labels.le === "+Inf")).toBe(true);
    expect(samples.find((s) => s.name === "page_cache_requests_total" && s.labels.outcome === "hit")?.value).toBeGreaterThanOrEqual(1);
    expect(
      samples.find((s) => s.name === "mail_outcomes_total" && s.labels.kind === "verificacion" && s.labels.outcome === "sent")?.value,
    ).toBe(1);
  });
});
