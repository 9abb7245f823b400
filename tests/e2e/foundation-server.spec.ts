/**
 * The production server as a process: bad configuration stops it with a clear message, assets are
 * cached immutable, and SIGTERM finishes the requests in flight before it exits.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { expect, test } from "@playwright/test";
import { freePort } from "../setup/free-port";

function startServer(env: Record<string, string>) {
  // node itself (not npx) so that signals reach the server process directly.
  const child = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
    env: { ...process.env, NODE_ENV: "production", SEED_DEMO: "0", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitHealthy(port: number, child: ChildProcess) {
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error("server exited");
    try {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (res.ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("server did not become healthy");
}

test.describe.configure({ mode: "serial" });

test("a bad configuration value stops the server with a message naming it", async () => {
  const s = startServer({ PORT: "no-es-un-puerto", DATA_DIR: "memory://" });
  expect(await s.exited).toBe(1);
  expect(s.output()).toContain("Configuración inválida");
  expect(s.output()).toContain("PORT");
});

test("SIGTERM lets an in-flight request finish, then the server closes its database and exits cleanly", async () => {
  test.setTimeout(120_000);
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pv-srv-"));
  const s = startServer({ PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: `http://127.0.0.1:${port}` });
  try {
    await waitHealthy(port, s.child);

    // Fingerprinted assets are cached for a year, immutable.
    const html = await (await fetch(`http://127.0.0.1:${port}/auth`)).text();
    const asset = html.match(/\/assets\/[\w.-]+\.js/)![0];
    const assetRes = await fetch(`http://127.0.0.1:${port}${asset}`);
    expect(assetRes.headers.get("cache-control")).toContain("immutable");

    // A form POST whose body is still arriving when SIGTERM comes.
    const body = "intent=login&email=&password=";
    const response = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = http.request(
        {
          host: "127.0.0.1",
          port,
          path: "/auth",
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": Buffer.byteLength(body) },
        },
        (res) => {
          let text = "";
          res.on("data", (d) => (text += d));
          res.on("end", () => resolve({ status: res.statusCode!, text }));
        },
      );
      req.on("error", reject);
      req.write(body.slice(0, 10));
      setTimeout(() => {
        s.child.kill("SIGTERM");
        setTimeout(() => req.end(body.slice(10)), 500);
      }, 300);
    });
    const done = await response;
    expect(done.status).toBe(400);
    expect(done.text).toContain("El email es obligatorio");
    expect(await s.exited).toBe(0);
    expect(s.output()).toContain("cerrado");
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
    // The embedded database was closed: its lock is gone, and its files open again with what it committed.
    expect(fs.existsSync(path.join(dataDir, "pglite.lock"))).toBe(false);
    const reopened = await PGlite.create(path.join(dataDir, "pglite"));
    const { rows } = await reopened.query<{ n: number }>("select count(*)::int as n from drizzle.__drizzle_migrations");
    await reopened.close();
    expect(rows[0]!.n).toBeGreaterThan(0);
  } finally {
    if (s.child.exitCode === null) s.child.kill("SIGKILL");
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
