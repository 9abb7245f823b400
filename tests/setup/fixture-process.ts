/**
 * A fixture app in its own process, for tests of real processes and real HTTP (the cluster tests):
 * started with tsx on a free port, its output kept for failure messages, killed after the file.
 */
import { spawn } from "node:child_process";
import http from "node:http";
import path from "node:path";
import { afterAll } from "vitest";
import { freePort } from "./free-port";

const root = path.resolve(import.meta.dirname, "../..");

/** Starts `script` (relative to the repository) with PORT set to a free port and `env` added. */
export async function startFixture(script: string, env: Record<string, string> = {}) {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", script], {
    cwd: root,
    env: { ...process.env, PORT: String(port), ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  afterAll(() => {
    if (child.exitCode === null) child.kill("SIGKILL");
  });
  return { port, child, exited, output: () => output };
}

/** One request on its own connection, so the kernel may hand it to either of a cluster's workers. */
export function requestOnce(port: number, method: string, pathname: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, path: pathname, method, agent: false }, (res) => {
      let body = "";
      res.on("data", (d) => (body += d));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end();
  });
}
