/**
 * WEB_CONCURRENCY > 1: a write served by one worker empties every worker's page cache (relayed by the
 * primary), and SIGTERM to the primary stops all workers and exits 0. Real processes (node:cluster)
 * and real HTTP; tests/fixtures/cluster-app.ts is the app.
 */
import { spawn } from "node:child_process";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

/** One request on its own connection, so the kernel may hand it to either worker. */
function request(port: number, method: string, pathname: string) {
  return new Promise<{ worker: string; cache: string | undefined; body: string }>((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, path: pathname, method, agent: false }, (res) => {
      let body = "";
      res.on("data", (d) => (body += d));
      res.on("end", () =>
        resolve({ worker: String(res.headers["x-worker"]), cache: res.headers["x-page-cache"] as string | undefined, body }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

const port = await freePort();
const child = spawn(process.execPath, ["--import", "tsx", "tests/fixtures/cluster-app.ts"], {
  cwd: root,
  env: { ...process.env, PORT: String(port) },
  stdio: ["ignore", "pipe", "pipe"],
});
let output = "";
child.stdout!.on("data", (d) => (output += d));
child.stderr!.on("data", (d) => (output += d));
const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));

afterAll(() => {
  if (child.exitCode === null) child.kill("SIGKILL");
});

async function untilBothWorkers(check: (r: Awaited<ReturnType<typeof request>>) => boolean) {
  const seen = new Map<string, Awaited<ReturnType<typeof request>>[]>();
  for (let i = 0; i < 400 && [...seen.values()].filter((rs) => rs.some(check)).length < 2; i++) {
    const r = await request(port, "GET", "/pagina");
    seen.set(r.worker, [...(seen.get(r.worker) ?? []), r]);
  }
  return seen;
}

describe("cluster of two workers", () => {
  it("relays a page-cache invalidation from the worker that wrote to the other one", async () => {
    for (let i = 0; ; i++) {
      try {
        await request(port, "GET", "/pagina");
        break;
      } catch {
        if (i > 200) throw new Error(`the cluster did not start:\n${output}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    // Both workers have the page cached.
    const warm = await untilBothWorkers((r) => r.cache === "HIT");
    expect([...warm.keys()].length).toBe(2);
    const cachedBodies = new Map([...warm].map(([w, rs]) => [w, rs.find((r) => r.cache === "HIT")!.body]));

    const write = await request(port, "POST", "/escribir");
    await new Promise((r) => setTimeout(r, 300));

    // Each worker's first answer after the write is a fresh render, not its old copy.
    const after = new Map<string, Awaited<ReturnType<typeof request>>>();
    for (let i = 0; i < 400 && after.size < 2; i++) {
      const r = await request(port, "GET", "/pagina");
      if (!after.has(r.worker)) after.set(r.worker, r);
    }
    expect(after.size).toBe(2);
    for (const [worker, first] of after) {
      expect(first.cache, `worker ${worker} (the write went to ${write.worker})`).toBe("MISS");
      expect(first.body).not.toBe(cachedBodies.get(worker));
    }
  });

  it("stops every worker and exits 0 on SIGTERM", async () => {
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    await expect(request(port, "GET", "/pagina")).rejects.toThrow();
  });
});
