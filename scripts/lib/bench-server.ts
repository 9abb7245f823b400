/**
 * The production server as the benchmarks run it: `npm start` (the flags production runs with) with
 * the demo data, on loopback, in its own process group so that stopping it also stops the node
 * processes under npm; and the throwaway PostgreSQL database it reads.
 */
import { type ChildProcess, type StdioOptions, spawn } from "node:child_process";
import path from "node:path";
import pg from "pg";
import { type PgServer, startPostgres } from "../../tests/setup/postgres";
import { once, signalGroup, untilExit } from "./processes";
import { waitHealthy } from "./wait-healthy";

const root = path.resolve(import.meta.dirname, "../..");

/** The environment every benchmark's server gets; `extra` adds to it (the database, raised limits). */
export function benchServerEnv(opts: { port: number; buildDir: string; workers: number }): Record<string, string> {
  return {
    ...(process.env as Record<string, string>),
    NODE_ENV: "production",
    PORT: String(opts.port),
    PUBLIC_URL: `http://127.0.0.1:${opts.port}`,
    BUILD_DIR: opts.buildDir,
    SEED_DEMO: "1",
    WEB_CONCURRENCY: String(opts.workers),
    AUTH_SECRET: "bench-secret-bench-secret-bench-secret-0123",
    // One machine sends every request: the per-IP limit would answer 429s.
    API_RATE_LIMIT: "1000000000",
  };
}

export type BenchDatabase = { server: PgServer; url: string; stop: () => void };

/** A throwaway PostgreSQL server with an empty database `name`, stopped when this process exits at the latest. */
export async function benchDatabase(name: string): Promise<BenchDatabase> {
  const server = await startPostgres();
  const stop = once(() => server.stop());
  process.once("exit", stop);
  const admin = new pg.Client({ connectionString: `${server.url}/postgres` });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  return { server, url: `${server.url}/${name}`, stop };
}

export type BenchServer = {
  child: ChildProcess;
  /** Sends SIGTERM to the server's process group (once). */
  stop: () => void;
  /** Stops the server and waits for npm to exit. */
  stopAndWait: () => Promise<void>;
};

/** Starts `npm start` and waits for /healthz; stopped when this process exits. */
export async function startBenchServer(opts: {
  env: Record<string, string>;
  stdio: StdioOptions;
  timeoutMs: number;
  failure: () => Error;
}): Promise<BenchServer> {
  const child = spawn("npm", ["start"], { cwd: root, env: opts.env, stdio: opts.stdio, detached: true });
  const stop = once(() => signalGroup(child, "SIGTERM"));
  process.once("exit", stop);
  await waitHealthy(`http://127.0.0.1:${opts.env.PORT}/healthz`, {
    timeoutMs: opts.timeoutMs,
    intervalMs: 500,
    child,
    failure: opts.failure,
  });
  return {
    child,
    stop,
    stopAndWait: async () => {
      stop();
      await untilExit(child);
    },
  };
}
