/**
 * WEB_CONCURRENCY > 1 on the embedded database (decision 028): the primary keeps PGlite on its thread
 * and both workers read and write it through its socket; SIGTERM stops the workers, then closes the
 * database (its files, socket folder and lock). Real processes and real HTTP;
 * tests/fixtures/embedded-cluster-app.ts is the app.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, describe, expect, it } from "vitest";
import { requestOnce, startFixture } from "../setup/fixture-process";

/** The status and the JSON answer (which worker, and the row count). */
async function request(port: number, method: string, pathname: string): Promise<{ status: number; body: { worker: number; rows?: number } }> {
  const res = await requestOnce(port, method, pathname);
  return { status: res.status, body: JSON.parse(res.body) };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pv-embedded-cluster-"));
const { port, child, exited, output } = await startFixture("tests/fixtures/embedded-cluster-app.ts", { DATA_DIR: dataDir, DATABASE_URL: "" });

afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function until<T>(get: () => Promise<T>, ok: (v: T) => boolean): Promise<T> {
  for (let i = 0; ; i++) {
    try {
      const v = await get();
      if (ok(v)) return v;
    } catch (error) {
      if (i > 300) throw error;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("two workers on the embedded database", () => {
  it("both write and read the primary's database, concurrently and in transactions", async () => {
    // Both workers listening (each answers on its own connections).
    const seen = new Set<number>();
    await until(() => request(port, "GET", "/rows"), (r) => seen.add(r.body.worker).size === 2);
    const writes = await Promise.all(Array.from({ length: 60 }, () => request(port, "POST", "/add")));
    expect(writes.every((w) => w.status === 200)).toBe(true);
    expect(new Set(writes.map((w) => w.body.worker)).size).toBe(2);
    const reads = await Promise.all(Array.from({ length: 20 }, () => request(port, "GET", "/rows")));
    expect(new Set(reads.map((r) => r.body.worker)).size).toBe(2);
    expect(reads.every((r) => r.body.rows === 60)).toBe(true);
  }, 60_000);

  it("on SIGTERM stops the workers, then closes the database: exit 0, lock and socket gone", async () => {
    const lock = path.join(dataDir, "pglite.lock");
    const socket = fs.readFileSync(lock, "utf8").split("\n")[1]!;
    expect(fs.existsSync(socket)).toBe(true);
    child.kill("SIGTERM");
    expect(await exited, output()).toBe(0);
    expect(fs.existsSync(lock)).toBe(false);
    expect(fs.existsSync(path.dirname(socket))).toBe(false);
    // The files were closed cleanly: every committed row is there.
    const reopened = await PGlite.create(path.join(dataDir, "pglite"));
    const { rows } = await reopened.query<{ n: number }>("select count(*)::int as n from cluster_probe");
    await reopened.close();
    expect(rows[0]!.n).toBe(60);
  }, 30_000);
});
