/**
 * Load on a server on loopback, two ways: closed loop (autocannon keeps N connections busy; the
 * throughput) and open loop (requests sent on a fixed schedule, whatever the answers, as independent
 * visitors arrive; the latency at that rate). Each returns the same figures.
 */
import http from "node:http";
import { performance } from "node:perf_hooks";
import { runAutocannon } from "./autocannon";
import { ascending, ms, percentile } from "./stats";

export type LoadStat = {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** Sorted latencies per request tag (the question's language), when requests carry one. */
  byTag?: Record<string, number[]>;
};
/** A POST sent with every request: its headers and a body made anew each time. */
export type Post = { method: "POST"; headers: Record<string, string>; body: () => string };
/**
 * One request of an open-loop row: GET `path`, or POST `body` with `headers`; `tag` groups its latency;
 * `onAnswer`, when given, gets the status and the whole body (kept only for such requests).
 */
export type LoadRequest = {
  path: string;
  headers?: Record<string, string>;
  body?: string;
  tag?: string;
  onAnswer?: (status: number, body: string) => void;
};

function statOf(sorted: number[], rps: number, errors: number, non2xx: number): LoadStat {
  return { rps, p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), errors, non2xx };
}

/** Closed loop: `connections` connections busy for `duration` s (at most `rate` req/s in all when given). */
export async function closedLoop(
  base: string,
  pathFor: () => string,
  options: { duration: number; connections: number; rate?: number } & Partial<Post>,
): Promise<LoadStat> {
  const latencies: number[] = [];
  const setupRequest = (req: Record<string, unknown>) => ({
    ...req,
    path: pathFor(),
    ...(options.body ? { method: "POST", headers: { ...options.headers }, body: options.body() } : {}),
  });
  const result = await runAutocannon(
    {
      url: base,
      connections: options.connections,
      duration: options.duration,
      ...(options.rate ? { overallRate: options.rate } : {}),
      requests: [{ setupRequest }],
    },
    (_c, _s, _b, time) => latencies.push(time),
  );
  return statOf(ascending(latencies), result.requests.average, result.errors + result.timeouts, result.non2xx);
}

/** Open loop: one request every 1000/rate ms for `seconds`, each timed from its scheduled start. */
export async function openLoop(base: string, nextRequest: () => LoadRequest, rate: number, seconds: number): Promise<LoadStat> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
  const target = new URL(base);
  const latencies: number[] = [];
  const byTag: Record<string, number[]> = {};
  const counts = { errors: 0, non2xx: 0 };
  const start = performance.now();
  const total = Math.round(rate * seconds);
  const sent: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    const r = nextRequest();
    sent.push(
      send(target, agent, r, counts).then((status) => {
        if (status === null) return;
        const took = performance.now() - due;
        latencies.push(took);
        if (!r.tag) return;
        byTag[r.tag] ??= [];
        byTag[r.tag]!.push(took);
      }),
    );
  }
  await Promise.all(sent);
  agent.destroy();
  for (const t of Object.values(byTag)) ascending(t);
  const rps = latencies.length / ((performance.now() - start) / 1000);
  return { ...statOf(ascending(latencies), rps, counts.errors, counts.non2xx), byTag };
}

/** Sends one request and reads its answer to the end: its status, or null on a socket error (counted). */
function send(target: URL, agent: http.Agent, r: LoadRequest, counts: { errors: number; non2xx: number }): Promise<number | null> {
  return new Promise((resolve) => {
    const method = r.body !== undefined ? "POST" : "GET";
    const req = http.request({ host: target.hostname, port: target.port, path: r.path, agent, method, headers: r.headers }, (res) => {
      const chunks: Buffer[] = [];
      if (r.onAnswer) res.on("data", (c: Buffer) => chunks.push(c));
      else res.resume();
      res.on("end", () => {
        if (res.statusCode !== 200) counts.non2xx++;
        r.onAnswer?.(res.statusCode ?? 0, Buffer.concat(chunks).toString("utf8"));
        resolve(res.statusCode ?? 0);
      });
    });
    req.on("error", () => {
      counts.errors++;
      resolve(null);
    });
    req.end(r.body);
  });
}

/** A row's figures: req/s, p50/p95/p99 and errors (socket errors and answers other than 200). */
export const formatStat = (s: LoadStat): string =>
  `${Math.round(s.rps).toString().padStart(6)} req/s  p50 ${ms(s.p50).padStart(8)}  p95 ${ms(s.p95).padStart(8)}  p99 ${ms(s.p99).padStart(8)}  err ${s.errors + s.non2xx}`;
