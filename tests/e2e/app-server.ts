/**
 * The production server as a spec's own process (configured as each test needs, on the build that
 * Playwright's web server made), and a stand-in for a third party's origin, served over real HTTP
 * on another port.
 */
import { spawn } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

export type AppServer = Awaited<ReturnType<typeof startAppServer>>;

/** Starts server.ts in production mode on `port` and waits until /healthz answers 200. */
export async function startAppServer(port: number, env: Record<string, string>) {
  // node itself (not npx) so that SIGTERM reaches the server, which then closes its database.
  const child = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", SEED_DEMO: "0", PORT: String(port), ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const stop = async () => {
    if (child.exitCode === null) child.kill("SIGTERM");
    return exited;
  };
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${output}`);
    if (i > 480) {
      await stop();
      throw new Error(`the server did not become healthy:\n${output}`);
    }
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  return { port, child, stop, output: () => output };
}

/** An HTTP server on 127.0.0.1 answering `routes` by path (404 otherwise); its origin and close(). */
export async function startStandIn(routes: Record<string, { type: string; body: string; headers?: Record<string, string> }>) {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    const pathname = new URL(req.url ?? "/", "http://x").pathname;
    hits.push(pathname);
    const route = routes[pathname];
    if (!route) {
      res.writeHead(404, { "Content-Type": "text/plain" }).end("no");
      return;
    }
    res.writeHead(200, { "Content-Type": route.type, "Cache-Control": "no-store", ...route.headers }).end(route.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, hits, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A Content-Security-Policy header as directive -> sources. */
export function parseCsp(header: string | null | undefined): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (header ?? "").split(";")) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) map.set(name.toLowerCase(), sources);
  }
  return map;
}
