/**
 * Database access. Real PostgreSQL when DATABASE_URL is set; otherwise the embedded PGlite (DATA_DIR,
 * or `memory://`): one database, one connection, one process (decision 044). PGlite runs on its own
 * worker thread behind ElectricSQL's pglite-socket on a private Unix socket, so both databases are
 * reached through a node-postgres pool and one Drizzle driver: every model runs the same code on both,
 * with the same pool and statement timeouts.
 *
 * When PostgreSQL goes away (a restart, a failover), queries fail at once instead of waiting: a lost
 * connection is dropped from the pool, a new one is refused or times out after DB_POOL_TIMEOUT_MS,
 * and the first connection that opens again serves the next request; nothing needs a restart.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { type SQL, sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "~/db/schema";
import { getEnv, type Env } from "./env.server";
import { log } from "./logger.server";
import { dbPoolTimeouts, dbPoolWait, dbStatementTimeouts } from "./metrics.server";
import { dropSingleton, singleton } from "./singleton.server";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Planner methods a statement can be run without (see `queryRowsWithout`). */
export type PlannerMethod = "enable_seqscan" | "enable_indexscan" | "enable_bitmapscan";

type Handle = {
  db: Db;
  rowsWithout: <T>(off: readonly PlannerMethod[], query: SQL) => Promise<T[]>;
  driver: "pglite" | "postgres";
  /** The embedded database's private socket folder (null on PostgreSQL). */
  socketDir: string | null;
  ready: Promise<void>;
  ping: () => Promise<void>;
  close: (options?: { force?: boolean }) => Promise<void>;
};

const MIGRATIONS = path.resolve(process.cwd(), "drizzle");
/** Resolved from the working directory like the migrations: the server build bundles this module. */
const PGLITE_WORKER = path.resolve(process.cwd(), "app/server/platform/pglite-worker.server.mjs");

type Embedded = { socketDir: string; ready: Promise<void>; close: (timeoutMs?: number) => Promise<void> };

/** Unix socket paths are cut by the kernel past 107 bytes; a long TMPDIR falls back to /tmp. */
function socketParent(): string {
  const longest = path.join(os.tmpdir(), "pv-pglite-XXXXXX", ".s.PGSQL.5432");
  return Buffer.byteLength(longest) <= 103 ? os.tmpdir() : "/tmp";
}

/**
 * A database that cannot be opened at start-up, for a reason the operator can fix (another process
 * holds the files, they are damaged, PostgreSQL does not answer): the server prints the message
 * alone, without a stack, and exits with 1.
 */
export class DatabaseStartError extends Error {
  override name = "DatabaseStartError";
}

/**
 * One process per on-disk database: a second PGlite on the same files (a script while the server runs)
 * loses or corrupts writes. The lock names the owner's pid and socket; it is stale when either is gone.
 */
export function takeLock(dataDir: string, socketPath: string): () => void {
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
      throw new DatabaseStartError(
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
  // PGlite's own words for damaged files are English and vague ("PGlite failed to initialize
  // properly", "Aborted()"): the operator is told what it means and what to do.
  const unopenable = (detail: string) =>
    new DatabaseStartError(
      `[db] no se pudo abrir la base embebida de ${dataDir}: sus archivos están dañados o no son de una base de PGlite (${detail}). Restaura una copia de seguridad en esa carpeta, o muévela a otro sitio para empezar con una base nueva.`,
    );
  const ready = new Promise<void>((resolve, reject) => {
    worker.once("message", (message: { type: string; message?: string }) => {
      if (message.type === "ready") return resolve();
      reject(unopenable(message.message ?? message.type));
      void worker.terminate();
    });
    worker.once("error", (error) => reject(opened ? error : unopenable(error instanceof Error ? error.message : String(error))));
    worker.once("exit", (code) => {
      exited = true;
      process.off("exit", cleanUp);
      cleanUp();
      if (closing) return;
      const error = new Error(`[db] el hilo de la base embebida terminó (código ${code})`);
      log.error(error.message);
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

/** Socket errors and PostgreSQL's SQLSTATEs that mean the server is gone, not that the query was wrong. */
const CONNECTION_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ENOENT", // the embedded database's socket file is gone
  "57P01", // admin_shutdown: the server is stopping
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now: starting up or in recovery
  "53300", // too_many_connections
]);
/** node-postgres's words for a connection that closed under a query or did not open in time. */
const CONNECTION_MESSAGES = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

/**
 * True when `error` (or what it wraps: Drizzle wraps the driver's error in `cause`) says the
 * database could not be reached, rather than that a statement failed.
 */
export function isConnectionFailure(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === "object" && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === "string" && (CONNECTION_CODES.has(code) || code.startsWith("08"))) return true;
    if (typeof message === "string" && CONNECTION_MESSAGES.test(message)) return true;
  }
  return false;
}

let lastConnectionFailure = Number.NEGATIVE_INFINITY;

/**
 * Whether a query or a connection of this process failed for want of the database within the last
 * `withinMs`. A request that failed as the database went away or came back (still starting up) is
 * told apart by this, not by a probe made after it: by then the database may answer again.
 */
export function connectionFailedRecently(withinMs: number): boolean {
  return performance.now() - lastConnectionFailure < withinMs;
}

function noteFailure(error: unknown) {
  if (error && isConnectionFailure(error)) lastConnectionFailure = performance.now();
}

/** pg-pool's words for a full pool. */
const POOL_FULL = "timeout exceeded when trying to connect";
/** pg-pool's words for a new connection that did not open in time (the embedded database busy). */
const CONNECT_TIMEOUT = "Connection terminated due to connection timeout";

/**
 * node-postgres's pool, with its acquisition timeout explained: on the embedded database the usual
 * cause is a query on `db` while the one connection is held by a transaction (use `tx` inside it).
 */
class Pool extends pg.Pool {
  constructor(
    config: pg.PoolConfig,
    private readonly busy: { message: string; errors: string[] },
  ) {
    super(config);
  }

  private explain(error: Error | undefined): Error | undefined {
    if (!error || !this.busy.errors.includes(error.message)) return error;
    return new Error(this.busy.message, { cause: error });
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void): void;
  override connect(
    callback?: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void,
    // biome-ignore lint/suspicious/noConfusingVoidType: pg's own overload returns void with a callback
  ): Promise<pg.PoolClient> | void {
    const measure = this.measureWait();
    if (callback)
      return super.connect((err, client, done) => {
        measure(err);
        noteFailure(err);
        callback(this.explain(err), client, done);
      });
    return super.connect().then(
      (client) => {
        measure(undefined);
        return client;
      },
      (error: Error) => {
        measure(error);
        noteFailure(error);
        throw this.explain(error);
      },
    );
  }

  /** For the metrics: how long a query waited because every connection was busy, and whether in vain. */
  private measureWait(): (error: Error | undefined) => void {
    if (this.idleCount > 0 || this.totalCount < (this.options.max ?? 10)) return noWait;
    const started = performance.now();
    return (error) => {
      dbPoolWait.observe((performance.now() - started) / 1000);
      if (error && this.busy.errors.includes(error.message)) dbPoolTimeouts.inc();
    };
  }
}

type QueryArgs = unknown[];
type Callback = (err: Error | null, result?: unknown) => void;
const READ_TIMEOUT = "Query read timeout";
/** PostgreSQL's query_canceled, which a statement_timeout raises. */
const STATEMENT_TIMEOUT = "57014";
const noWait = () => {};

/**
 * A connection that closes itself when a query outlives node-postgres's read timeout. On the embedded
 * database that is the statement timeout: PGlite cannot stop the statement, and a connection left
 * inside the caller's transaction would run the next requests' queries in it, to be lost at the next
 * rollback; closed, pglite-socket rolls that transaction back. On PostgreSQL it fires only when the
 * server stops answering, and such a connection is dead. The caller's ROLLBACK on the closed
 * connection is then answered as done, so the caller sees the timeout, not a closed connection.
 */
class TimeoutClosingClient extends pg.Client {
  private timedOut = false;

  // Every overload of pg's query() passes through: the callback last, or a promise, or a Submittable.
  // biome-ignore lint/suspicious/noExplicitAny: every overload of pg's query() passes through here
  override query(...args: QueryArgs): any {
    const run = (super.query as (...a: QueryArgs) => unknown).bind(this);
    const first = args[0] as { text?: string } | string;
    const text = typeof first === "string" ? first : first?.text;
    if (this.timedOut && text?.trim().toLowerCase() === "rollback") {
      const done = { command: "ROLLBACK", rowCount: null, rows: [], fields: [] };
      const callback = args.at(-1);
      if (typeof callback !== "function") return Promise.resolve(done);
      process.nextTick(() => (callback as Callback)(null, done));
      return undefined;
    }
    const last = args.length - 1;
    if (typeof args[last] === "function") {
      const callback = args[last] as Callback;
      args[last] = (err: Error | null, result?: unknown) => {
        this.closeAfter(err);
        callback(err, result);
      };
      return run(...args);
    }
    const result = run(...args);
    if (!(result instanceof Promise)) return result;
    return result.catch((error: Error) => {
      this.closeAfter(error);
      throw error;
    });
  }

  private closeAfter(error: Error | null) {
    noteFailure(error);
    if (error && (error.message === READ_TIMEOUT || (error as { code?: string }).code === STATEMENT_TIMEOUT)) dbStatementTimeouts.inc();
    if (error?.message !== READ_TIMEOUT || this.timedOut) return;
    this.timedOut = true;
    this.end().catch(() => {});
  }
}

function poolConfig(env: Env, embedded: Embedded | null): { pool: pg.PoolConfig; busy: { message: string; errors: string[] } } {
  const wait = env.DB_POOL_TIMEOUT_MS;
  if (embedded) {
    return {
      // One connection (PGlite has one backend), kept open and released when a script ends. PGlite
      // cannot interrupt a running statement (a server-side statement_timeout never fires in
      // WebAssembly), so the limit is node-postgres's own: the caller gets an error, the statement
      // runs to its end on the database thread, and the connection is replaced (TimeoutClosingClient).
      pool: {
        Client: TimeoutClosingClient,
        host: embedded.socketDir,
        port: 5432,
        user: "postgres",
        database: "postgres",
        max: 1,
        idleTimeoutMillis: 0,
        allowExitOnIdle: true,
        connectionTimeoutMillis: wait,
        query_timeout: env.DB_STATEMENT_TIMEOUT_MS,
      },
      busy: {
        message: `[db] la consulta esperó ${wait} ms (DB_POOL_TIMEOUT_MS) la única conexión de la base embebida: ¿una consulta con db dentro de una transacción (usa tx) o una sentencia larga?`,
        errors: [POOL_FULL, CONNECT_TIMEOUT],
      },
    };
  }
  const statement = env.DB_STATEMENT_TIMEOUT_MS;
  return {
    pool: {
      Client: TimeoutClosingClient,
      connectionString: env.DATABASE_URL,
      max: env.DB_POOL_MAX,
      connectionTimeoutMillis: wait,
      statement_timeout: statement,
      // The server cancels a long statement itself; a server that stops answering without closing
      // the connection (a network cut) cannot, so the client gives up a second later, and TCP
      // keepalive finds such dead connections among the idle ones.
      ...(statement > 0 ? { query_timeout: statement + 1000 } : {}),
      keepAlive: true,
    },
    busy: {
      message: `[db] la consulta esperó ${wait} ms (DB_POOL_TIMEOUT_MS) una conexión libre a PostgreSQL: las ${env.DB_POOL_MAX} (DB_POOL_MAX) están ocupadas.`,
      errors: [POOL_FULL],
    },
  };
}

function open(): Handle {
  const env = getEnv();
  let embedded: Embedded | null = null;
  if (!env.DATABASE_URL) {
    const dataDir = env.DATA_DIR.startsWith("memory://") ? env.DATA_DIR : path.resolve(env.DATA_DIR, "pglite");
    if (!dataDir.startsWith("memory://")) fs.mkdirSync(dataDir, { recursive: true });
    embedded = startEmbedded(dataDir);
  }
  const config = poolConfig(env, embedded);
  const where = embedded ? "la base embebida" : "PostgreSQL";
  const newPool = (overrides: pg.PoolConfig = {}) => {
    const created = new Pool({ ...config.pool, ...overrides }, config.busy);
    // A connection reports a lost server to its query (which fails, and the request with it) and as
    // an 'error' event, which without a listener would end the process when the connection is in
    // use. The pool drops a broken connection and relays the event of an idle one (logged here).
    created.on("connect", (client) => {
      client.on("error", (err) => log.error(`[db] se perdió una conexión a ${where}: ${err.message}`));
    });
    created.on("error", () => {});
    return created;
  };
  const pool = newPool();
  const db = drizzle({ client: pool, schema }) as unknown as Db;
  // Statements whose shape the planner misjudges run without some of its methods. On PostgreSQL a
  // few connections per set of methods have them off from the start, so such a statement is one
  // round trip instead of four (begin, set, the statement, commit); the embedded database has one
  // connection, where it is a transaction with SET LOCAL.
  const tuned = new Map<string, { pool: Pool; db: Db }>();
  const tunedDb = (off: readonly PlannerMethod[]) => {
    const methods = [...off].sort();
    const key = methods.join(" ");
    let found = tuned.get(key);
    if (!found) {
      const options = methods.map((m) => `-c ${m}=off`).join(" ");
      const tunedPool = newPool({ max: Math.ceil(env.DB_POOL_MAX / 4), options });
      found = { pool: tunedPool, db: drizzle({ client: tunedPool, schema }) as unknown as Db };
      tuned.set(key, found);
    }
    return found.db;
  };
  const rowsWithout = async <T>(off: readonly PlannerMethod[], query: SQL): Promise<T[]> => {
    if (embedded) {
      return db.transaction(async (tx) => {
        await tx.execute(sql.raw(off.map((m) => `set local ${m} = off`).join("; ")));
        return ((await tx.execute(query)) as unknown as { rows: T[] }).rows;
      });
    }
    return ((await tunedDb(off).execute(query)) as unknown as { rows: T[] }).rows;
  };
  const ready = (async () => {
    await embedded?.ready;
    // Migrations on a connection of their own, without the statement timeout: building an index on
    // a large table may take minutes.
    const { statement_timeout: _s, query_timeout: _q, max: _m, Client: _c, ...connection } = config.pool;
    const client = new pg.Client(connection);
    try {
      await client.connect();
    } catch (error) {
      if (embedded || !isConnectionFailure(error)) throw error;
      throw new DatabaseStartError(
        `[db] PostgreSQL no responde (DATABASE_URL): ${(error as Error).message || (error as { code?: string }).code}. Comprueba que el servidor esté en marcha y acepte conexiones.`,
      );
    }
    try {
      // Processes that start together on a new database (a deployment of N of them) take turns: the
      // first applies the migrations, the others find them applied. The lock ends with the connection.
      if (!embedded) await client.query("select pg_advisory_lock(hashtext('panamavipia:migrations'))");
      await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS });
    } finally {
      await client.end();
    }
  })();
  return {
    db,
    rowsWithout,
    driver: embedded ? "pglite" : "postgres",
    socketDir: embedded?.socketDir ?? null,
    ready,
    ping: async () => {
      await pool.query("select 1");
    },
    close: async ({ force = false } = {}) => {
      // Forced (a stuck shutdown): skip the pool, which waits for checked-out clients, and give the
      // embedded database a few seconds to close its files.
      if (!force) await Promise.all([pool.end(), ...[...tuned.values()].map((t) => t.pool.end())]);
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

/**
 * Whether the database answers `select 1` within `timeoutMs`: for /healthz, and to tell a failure of
 * the database from a fault of the page. The error stays here (logged by the caller if it wants).
 */
export async function checkDatabase(timeoutMs: number): Promise<{ ok: true } | { ok: false; error: Error }> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`la base de datos no respondió en ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([pingDb(), late]);
    return { ok: true };
  } catch (error) {
    return { ok: false, error: error as Error };
  } finally {
    clearTimeout(timer);
  }
}

/** Closes the database. `force`: the shutdown is stuck; close the embedded files within 3 s anyway. */
export async function closeDb(options: { force?: boolean } = {}): Promise<void> {
  await dropSingleton<Handle>("db")?.close(options);
}

/**
 * The rows of `query` planned without the given methods (for a statement whose estimates mislead
 * the planner into a plan far slower than the one these leave it).
 */
export async function queryRowsWithout<T>(off: readonly PlannerMethod[], query: SQL): Promise<T[]> {
  return handle().rowsWithout<T>(off, query);
}

/** Runs raw SQL and returns its rows (both drivers answer with `{ rows }`). */
export async function queryRows<T>(query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
