/**
 * The real server (server.ts) on the embedded database, as a process: one process per DATA_DIR (a
 * second server refuses, naming the first one's pid), and WEB_CONCURRENCY > 1 without DATABASE_URL
 * stops at start with one line (decision 044). The production server's clean SIGTERM is
 * tests/e2e/foundation-server.spec.ts (here the server runs Vite's development middleware).
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { requestOnce, startFixture } from "../setup/fixture-process";
import { freePort } from "../setup/free-port";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pv-embedded-server-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** server.ts run to its end (it must stop by itself), with `env` added. */
async function runServer(env: Record<string, string>) {
  return spawnSync(process.execPath, ["--import", "tsx", "server.ts"], {
    env: { ...process.env, PORT: String(await freePort()), ...env },
    encoding: "utf8",
    timeout: 60_000,
  });
}

describe("the server on the embedded database", () => {
  it("refuses WEB_CONCURRENCY > 1 without DATABASE_URL, with one line that names it", async () => {
    const child = await runServer({ WEB_CONCURRENCY: "2", DATABASE_URL: "", DATA_DIR: dataDir });
    expect(child.error).toBeUndefined();
    expect(child.status).toBe(1);
    expect(child.stderr.trim()).toBe(
      "WEB_CONCURRENCY=2 necesita PostgreSQL: define DATABASE_URL (la base embebida admite un solo proceso).",
    );
    expect(fs.existsSync(path.join(dataDir, "pglite"))).toBe(false); // nothing was opened
  });

  it("refuses a second server on the same DATA_DIR, naming the first one's pid", async () => {
    const server = await startFixture("server.ts", { DATA_DIR: dataDir, DATABASE_URL: "" });
    for (let i = 0; ; i++) {
      try {
        if ((await requestOnce(server.port, "GET", "/healthz")).status === 200) break;
      } catch {
        /* not listening yet */
      }
      if (server.child.exitCode !== null || i > 600) throw new Error(`the server did not start:\n${server.output()}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const lock = path.join(dataDir, "pglite.lock");
    const socket = fs.readFileSync(lock, "utf8").split("\n")[1]!;
    expect(fs.existsSync(socket)).toBe(true);

    const second = await runServer({ DATA_DIR: dataDir, DATABASE_URL: "" });
    expect(second.status).toBe(1);
    expect(second.stderr).toContain(`abierta por otro proceso (pid ${server.child.pid})`);
    expect((await requestOnce(server.port, "GET", "/healthz")).status).toBe(200); // the first one is unaffected

    server.child.kill("SIGTERM");
    await server.exited;
  }, 180_000);
});
