/**
 * Database access. Embedded PGlite in DATA_DIR by default, real PostgreSQL when DATABASE_URL is set;
 * both are Drizzle PostgreSQL databases, so every model runs the same code on either (DESIGN §2, D19).
 */
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import type { SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "~/db/schema";
import { getEnv } from "./env.server";
import { singleton } from "./singleton.server";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

type Handle = {
  db: Db;
  driver: "pglite" | "postgres";
  ready: Promise<void>;
  ping: () => Promise<void>;
  close: () => Promise<void>;
};

const MIGRATIONS = path.resolve(process.cwd(), "drizzle");

function open(): Handle {
  const env = getEnv();
  if (env.DATABASE_URL) {
    const pool = new pg.Pool({ connectionString: env.DATABASE_URL, max: Number(process.env.DB_POOL_MAX ?? 10) });
    pool.on("error", (err) => console.error("[db] error en el pool de PostgreSQL:", err.message));
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    const ready = migratePg(drizzlePg({ client: pool, schema }), { migrationsFolder: MIGRATIONS });
    return {
      db,
      driver: "postgres",
      ready,
      ping: async () => {
        await pool.query("select 1");
      },
      close: () => pool.end(),
    };
  }
  const dir = env.DATA_DIR.startsWith("memory://") ? env.DATA_DIR : path.resolve(env.DATA_DIR, "pglite");
  if (!dir.startsWith("memory://")) fs.mkdirSync(dir, { recursive: true });
  const client = new PGlite(dir, { extensions: { pg_trgm, unaccent } });
  const pgliteDb = drizzlePglite({ client, schema });
  const ready = migratePglite(pgliteDb, { migrationsFolder: MIGRATIONS });
  return {
    db: pgliteDb as unknown as Db,
    driver: "pglite",
    ready,
    ping: async () => {
      await client.query("select 1");
    },
    close: () => client.close(),
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

export function dbReady(): Promise<void> {
  return handle().ready;
}

export function dbDriver(): Handle["driver"] {
  return handle().driver;
}

export async function pingDb(): Promise<void> {
  await handle().ping();
}

export async function closeDb(): Promise<void> {
  const store = globalThis as unknown as { __singletons?: Map<string, unknown> };
  if (!store.__singletons?.has("db")) return;
  const h = handle();
  store.__singletons.delete("db");
  await h.close();
}

/** Runs raw SQL and returns its rows (both drivers answer with `{ rows }`). */
export async function queryRows<T>(query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
