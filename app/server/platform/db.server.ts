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
import path from "node:path";
import { type SQL, sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "~/db/schema";
import { DatabaseStartError, type Embedded, startEmbedded } from "./db-embedded.server";
import { isConnectionFailure, Pool, poolConfig } from "./db-pools.server";
import { getEnv } from "./env.server";
import { log } from "./logger.server";
import { dropSingleton, singleton } from "./singleton.server";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A transaction's handle, as `db.transaction` passes it. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

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

/** Whether a statement failed on a unique index (PostgreSQL's 23505, also as the cause Drizzle wraps). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code === "23505" || e?.cause?.code === "23505";
}

/** Runs raw SQL and returns its rows (both drivers answer with `{ rows }`). */
export async function queryRows<T>(query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
