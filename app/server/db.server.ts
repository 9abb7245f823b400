/**
 * Database access. Real PostgreSQL when DATABASE_URL is set; otherwise the embedded PGlite (DATA_DIR,
 * or `memory://`), which runs on its own worker thread and serves PostgreSQL's wire protocol on a
 * private Unix socket (decisions 027, 028). Either way the app talks to it through one node-postgres
 * pool and one Drizzle driver, so every model runs the same code on both (DESIGN §2, D19).
 * With WEB_CONCURRENCY > 1 the cluster's primary owns the embedded database and its workers connect
 * to its socket (PGLITE_SOCKET_DIR, set by the primary).
 */
import cluster from "node:cluster";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import type { SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "~/db/schema";
import { getEnv } from "./env.server";
import { singleton } from "./singleton.server";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

type Handle = {
  db: Db;
  driver: "pglite" | "postgres";
  /** The embedded database's private socket folder (null on PostgreSQL). */
  socketDir: string | null;
  ready: Promise<void>;
  ping: () => Promise<void>;
  close: (options?: { force?: boolean }) => Promise<void>;
};

const MIGRATIONS = path.resolve(process.cwd(), "drizzle");
/** Resolved from the working directory like the migrations: the server build bundles this module. */
const PGLITE_WORKER = path.resolve(process.cwd(), "app/server/pglite-worker.server.mjs");

/** Connections per process to the embedded database. */
const EMBEDDED_POOL = 4;

type Embedded = { socketDir: string; ready: Promise<void>; close: (timeoutMs?: number) => Promise<void> };

/** Unix socket paths are cut by the kernel past 107 bytes; a long TMPDIR falls back to /tmp. */
function socketParent(): string {
  const longest = path.join(os.tmpdir(), "pv-pglite-XXXXXX", ".s.PGSQL.5432");
  return Buffer.byteLength(longest) <= 103 ? os.tmpdir() : "/tmp";
}

/**
 * One process per on-disk database: a second PGlite on the same files (a script while the server runs)
 * loses or corrupts writes. The lock names the owner's pid and socket; it is stale when either is gone.
 */
function takeLock(dataDir: string, socketPath: string): () => void {
  const lock = path.join(dataDir, "..", "pglite.lock");
  try {
    const [pid, socket] = fs.readFileSync(lock, "utf8").split("\n");
    const alive = (() => {
      try {
        process.kill(Number(pid), 0);
        return true;
      } catch {
        return false;
      }
    })();
    if (Number(pid) !== process.pid && alive && socket && fs.existsSync(socket)) {
      throw new Error(
        `[db] la base embebida de ${path.dirname(lock)} está abierta por otro proceso (pid ${pid}). Detén el servidor antes de usar este comando, o usa DATABASE_URL.`,
      );
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  fs.writeFileSync(lock, `${process.pid}\n${socketPath}\n`);
  return () => {
    try {
      if (fs.readFileSync(lock, "utf8").startsWith(`${process.pid}\n`)) fs.rmSync(lock, { force: true });
    } catch {
      /* already gone */
    }
  };
}

/** Starts PGlite on its worker thread, listening on `<socketDir>/.s.PGSQL.5432` (owner-only folder). */
function startEmbedded(dataDir: string): Embedded {
  const socketDir = fs.mkdtempSync(path.join(socketParent(), "pv-pglite-"));
  const socketPath = path.join(socketDir, ".s.PGSQL.5432");
  let releaseLock = () => {};
  try {
    if (!dataDir.startsWith("memory://")) releaseLock = takeLock(dataDir, socketPath);
  } catch (error) {
    fs.rmSync(socketDir, { recursive: true, force: true });
    throw error;
  }
  const worker = new Worker(PGLITE_WORKER, { workerData: { dataDir, socketPath } });
  let closing = false;
  let exited = false;
  let opened = false;
  // A forced exit skips close(): the folder and the lock still go.
  const cleanUp = () => {
    fs.rmSync(socketDir, { recursive: true, force: true });
    releaseLock();
  };
  process.once("exit", cleanUp);
  const ready = new Promise<void>((resolve, reject) => {
    worker.once("message", (message: { type: string; message?: string }) => {
      if (message.type === "ready") return resolve();
      reject(new Error(`[db] no se pudo abrir la base embebida (${dataDir}): ${message.message ?? message.type}`));
      void worker.terminate();
    });
    worker.once("error", reject);
    worker.once("exit", (code) => {
      exited = true;
      process.off("exit", cleanUp);
      cleanUp();
      if (closing) return;
      const error = new Error(`[db] el hilo de la base embebida terminó (código ${code})`);
      console.error(error.message);
      reject(error);
      // Every query would fail from now on: stop, so that the supervisor (or the operator) restarts it.
      if (opened) process.exit(1);
    });
  });
  return {
    socketDir,
    // Once open, the thread never keeps a finished script alive (a query in flight does, on its socket).
    ready: ready.then(() => {
      opened = true;
      worker.unref();
    }),
    close: async (timeoutMs = 30_000) => {
      closing = true;
      if (exited) return;
      const closed = new Promise<void>((resolve, reject) => {
        worker.on("message", (message: { type: string; message?: string }) => {
          if (message.type === "closed") resolve();
          else if (message.type === "error") reject(new Error(`[db] la base embebida no se cerró bien: ${message.message}`));
        });
        worker.once("exit", () => resolve());
        setTimeout(() => reject(new Error(`[db] la base embebida no se cerró en ${timeoutMs} ms`)), timeoutMs).unref();
      });
      worker.postMessage({ type: "close" });
      // The thread's "exit" listener above removes the socket folder and the lock.
      await closed.finally(() => worker.terminate());
    },
  };
}

/** A cluster worker uses the primary's embedded database through its socket. */
function attachEmbedded(socketDir: string): Embedded {
  return { socketDir, ready: Promise.resolve(), close: async () => {} };
}

function open(): Handle {
  const env = getEnv();
  let embedded: Embedded | null = null;
  if (!env.DATABASE_URL) {
    const primarySocket = cluster.isWorker ? process.env.PGLITE_SOCKET_DIR : undefined;
    if (primarySocket) {
      embedded = attachEmbedded(primarySocket);
    } else {
      const dataDir = env.DATA_DIR.startsWith("memory://") ? env.DATA_DIR : path.resolve(env.DATA_DIR, "pglite");
      if (!dataDir.startsWith("memory://")) fs.mkdirSync(dataDir, { recursive: true });
      embedded = startEmbedded(dataDir);
    }
  }
  const pool = embedded
    ? // PGlite runs one unit at a time; a few connections keep the next queries queued on its thread
      // while this one renders. Kept open (no idle timeout), released when a script ends.
      new pg.Pool({ host: embedded.socketDir, port: 5432, user: "postgres", database: "postgres", max: EMBEDDED_POOL, idleTimeoutMillis: 0, allowExitOnIdle: true })
    : new pg.Pool({ connectionString: env.DATABASE_URL, max: Number(process.env.DB_POOL_MAX ?? 10) });
  pool.on("error", (err) => console.error(`[db] error en la conexión a ${embedded ? "la base embebida" : "PostgreSQL"}:`, err.message));
  const db = drizzle({ client: pool, schema }) as unknown as Db;
  const ready = (async () => {
    await embedded?.ready;
    await migrate(drizzle({ client: pool, schema }), { migrationsFolder: MIGRATIONS });
  })();
  return {
    db,
    driver: embedded ? "pglite" : "postgres",
    socketDir: embedded?.socketDir ?? null,
    ready,
    ping: async () => {
      await pool.query("select 1");
    },
    close: async ({ force = false } = {}) => {
      // Forced (a stuck shutdown): skip the pool, which waits for checked-out clients, and give the
      // embedded database a few seconds to close its files.
      if (!force) await pool.end();
      await embedded?.close(force ? 3_000 : undefined);
    },
  };
}

function handle(): Handle {
  return singleton("db", open);
}

/** The process-wide database. Call `dbReady()` once at start-up before serving. */
export const db: Db = new Proxy({} as Db, {
  get(_target, prop) {
    const real = handle().db as unknown as Record<string | symbol, unknown>;
    const value = real[prop];
    return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(real) : value;
  },
});

export async function dbReady(): Promise<void> {
  return handle().ready;
}

export function dbDriver(): Handle["driver"] {
  return handle().driver;
}

/** Where the embedded database listens (null on PostgreSQL): for diagnostics and tests. */
export function dbSocketDir(): string | null {
  return handle().socketDir;
}

export async function pingDb(): Promise<void> {
  await handle().ping();
}

/** Closes the database. `force`: the shutdown is stuck; close the embedded files within 3 s anyway. */
export async function closeDb(options: { force?: boolean } = {}): Promise<void> {
  const store = globalThis as unknown as { __singletons?: Map<string, unknown> };
  if (!store.__singletons?.has("db")) return;
  const h = handle();
  store.__singletons.delete("db");
  await h.close(options);
}

/** Runs raw SQL and returns its rows (both drivers answer with `{ rows }`). */
export async function queryRows<T>(query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
