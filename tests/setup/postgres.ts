/**
 * A throwaway PostgreSQL server for the model suite: TEST_DATABASE_URL when given, otherwise a cluster
 * made with initdb/pg_ctl on a free port (as the postgres user when running as root).
 */
import { exec, execFile, execFileSync, execSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { freePort } from "./free-port";

export function findPgBin(): string | null {
  const candidates = [
    process.env.PG_BIN,
    ...(process.env.PATH ?? "").split(":"),
    ...(fs.existsSync("/usr/lib/postgresql")
      ? fs
          .readdirSync("/usr/lib/postgresql")
          .sort()
          .reverse()
          .map((v) => `/usr/lib/postgresql/${v}/bin`)
      : []),
  ].filter(Boolean) as string[];
  for (const dir of candidates) {
    if (fs.existsSync(path.join(dir, "initdb")) && fs.existsSync(path.join(dir, "pg_ctl"))) return dir;
  }
  return null;
}

export function postgresAvailable(): boolean {
  return Boolean(process.env.TEST_DATABASE_URL) || findPgBin() !== null;
}

/**
 * `halt` and `resume` (the fault tests): stop the server at once, as a crash would, and start it again
 * on the same port. Both run pg_ctl without blocking the test's own requests. This server commits
 * asynchronously (for speed), so `halt` runs a checkpoint first: like a production server's crash, it
 * loses no committed transaction.
 */
export type PgServer = { url: string; stop: () => void; halt: () => Promise<void>; resume: () => Promise<void> };

const notOurs = () => Promise.reject(new Error("TEST_DATABASE_URL: the tests cannot stop or start that server"));

export async function startPostgres(): Promise<PgServer> {
  if (process.env.TEST_DATABASE_URL) return { url: process.env.TEST_DATABASE_URL, stop: () => {}, halt: notOurs, resume: notOurs };
  const bin = findPgBin();
  if (!bin) throw new Error("No se encontraron initdb/pg_ctl de PostgreSQL");
  const asRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pv-pg-"));
  const dataDir = path.join(dir, "data");
  const port = await freePort();
  const run = (cmd: string) => {
    if (asRoot) execFileSync("su", ["postgres", "-s", "/bin/sh", "-c", cmd], { stdio: "pipe" });
    else execSync(cmd, { stdio: "pipe", shell: "/bin/sh" });
  };
  const runAsync = async (cmd: string) => {
    if (asRoot) await promisify(execFile)("su", ["postgres", "-s", "/bin/sh", "-c", cmd]);
    else await promisify(exec)(cmd, { shell: "/bin/sh" });
  };
  if (asRoot) execFileSync("chown", ["-R", "postgres", dir]);
  fs.chmodSync(dir, 0o755);
  run(`${bin}/initdb -D ${dataDir} -U postgres -A trust -E UTF8 --locale=C.UTF-8 --no-sync >/dev/null`);
  const start = `${bin}/pg_ctl -D ${dataDir} -w -t 60 -l ${dir}/log.txt -o "-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" start >/dev/null`;
  run(start);
  return {
    url: `postgres://postgres@127.0.0.1:${port}`,
    halt: async () => {
      const client = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
      await client.connect();
      await client.query("checkpoint").finally(() => client.end());
      await runAsync(`${bin}/pg_ctl -D ${dataDir} -m immediate stop >/dev/null`);
    },
    resume: () => runAsync(start),
    stop: () => {
      try {
        run(`${bin}/pg_ctl -D ${dataDir} -m immediate stop >/dev/null`);
      } catch {
        /* already stopped */
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
