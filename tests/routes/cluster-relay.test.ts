/**
 * WEB_CONCURRENCY > 1: a write served by one worker empties every worker's page cache (through
 * PostgreSQL's LISTEN/NOTIFY, as between machines: decision 068), and SIGTERM to the primary stops all
 * workers and exits 0. Real processes (node:cluster), a real PostgreSQL and real HTTP;
 * tests/fixtures/cluster-app.ts is the app.
 */
import { afterAll, describe, expect, it } from "vitest";
import { createDatabase } from "../fixtures/production-app";
import { requestOnce, startFixture } from "../setup/fixture-process";
import { findPgBin, startPostgres } from "../setup/postgres";

/** Which worker answered, its page-cache header, and the body. */
async function request(port: number, method: string, pathname: string) {
  const res = await requestOnce(port, method, pathname);
  return { worker: String(res.headers["x-worker"]), cache: res.headers["x-page-cache"] as string | undefined, body: res.body };
}

const withPostgres = Boolean(process.env.TEST_DATABASE_URL) || findPgBin() !== null;
const pgServer = withPostgres ? await startPostgres() : null;
afterAll(() => pgServer?.stop());
const { port, child, exited, output } = withPostgres
  ? await startFixture("tests/fixtures/cluster-app.ts", { DATABASE_URL: await createDatabase(pgServer!.url, "pv_cluster") })
  : ({} as Awaited<ReturnType<typeof startFixture>>);

async function untilBothWorkers(check: (r: Awaited<ReturnType<typeof request>>) => boolean) {
  const seen = new Map<string, Awaited<ReturnType<typeof request>>[]>();
  for (let i = 0; i < 400 && [...seen.values()].filter((rs) => rs.some(check)).length < 2; i++) {
    const r = await request(port, "GET", "/pagina");
    seen.set(r.worker, [...(seen.get(r.worker) ?? []), r]);
  }
  return seen;
}

describe.skipIf(!withPostgres)("cluster of two workers", () => {
  it("relays a page-cache invalidation from the worker that wrote to the other one", async () => {
    for (let i = 0; ; i++) {
      try {
        await request(port, "GET", "/pagina");
        break;
      } catch {
        if (i > 200) throw new Error(`the cluster did not start:\n${output()}`);
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
