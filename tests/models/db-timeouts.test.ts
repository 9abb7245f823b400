/**
 * A mistake fails with a clear error instead of hanging, on both databases (decision 044).
 * - A query on `db` while a transaction holds the only connection (the embedded database has one;
 *   PostgreSQL here too, DB_POOL_MAX=1) fails after DB_POOL_TIMEOUT_MS.
 * - A statement that runs too long fails after DB_STATEMENT_TIMEOUT_MS: PostgreSQL cancels it; PGlite
 *   cannot interrupt its WebAssembly, so node-postgres stops waiting, the statement runs to its end and
 *   the connection is replaced (its transaction rolled back).
 */
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { db, dbDriver, pingDb, queryRows, queryRowsWithout } from "~/server/platform/db.server";

const POOL_WAIT = 1000;
const STATEMENT_LIMIT = 800;
// Read when tests/setup/db.ts opens the database, after this file is loaded.
const saved = {
  DB_POOL_MAX: process.env.DB_POOL_MAX,
  DB_POOL_TIMEOUT_MS: process.env.DB_POOL_TIMEOUT_MS,
  DB_STATEMENT_TIMEOUT_MS: process.env.DB_STATEMENT_TIMEOUT_MS,
};
Object.assign(process.env, { DB_POOL_MAX: "1", DB_POOL_TIMEOUT_MS: String(POOL_WAIT), DB_STATEMENT_TIMEOUT_MS: String(STATEMENT_LIMIT) });
afterAll(() => {
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
});

/** The messages of an error and of its causes (Drizzle wraps the driver's error as the cause). */
function messages(error: unknown): string {
  const out: string[] = [];
  for (let e = error as { message?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) out.push(e.message ?? String(e));
  return out.join(" <- ");
}

async function untilAnswers() {
  for (let i = 0; ; i++) {
    try {
      return await pingDb();
    } catch (error) {
      if (i > 40) throw error;
    }
  }
}

describe("database timeouts", () => {
  it("fails a query on db inside a transaction (the connection is held) after the pool timeout, saying why", async () => {
    let outside: unknown = null;
    let waited = 0;
    const inside = await db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      const started = performance.now();
      outside = await queryRows(sql`select 2 as two`).catch((error: unknown) => error);
      waited = performance.now() - started;
      const [row] = ((await tx.execute(sql`select 3 as three`)) as unknown as { rows: { three: number }[] }).rows;
      return row!.three;
    });
    expect(outside).toBeInstanceOf(Error);
    expect(messages(outside)).toContain(`esperó ${POOL_WAIT} ms (DB_POOL_TIMEOUT_MS)`);
    expect(messages(outside)).toContain(dbDriver() === "pglite" ? "única conexión de la base embebida" : "DB_POOL_MAX");
    expect(waited).toBeGreaterThanOrEqual(POOL_WAIT - 50);
    expect(waited).toBeLessThan(POOL_WAIT + 1500);
    // The transaction itself was unaffected, and the connection is free again afterwards.
    expect(inside).toBe(3);
    expect(await queryRows<{ two: number }>(sql`select 2 as two`)).toEqual([{ two: 2 }]);
  });

  it("cuts off a statement that runs past the statement timeout", async () => {
    const started = performance.now();
    const error = await queryRows(sql`select pg_sleep(3)`).catch((e: unknown) => e);
    const waited = performance.now() - started;
    expect(error).toBeInstanceOf(Error);
    expect(waited).toBeGreaterThanOrEqual(STATEMENT_LIMIT - 50);
    expect(waited).toBeLessThan(2500);
    if (dbDriver() === "postgres") {
      // PostgreSQL cancelled it: the server says so, and the next query runs at once.
      expect(messages(error)).toContain("canceling statement due to statement timeout");
      const next = performance.now();
      await pingDb();
      expect(performance.now() - next).toBeLessThan(500);
    } else {
      expect(messages(error)).toContain("Query read timeout");
      await untilAnswers();
    }
    expect(await queryRows<{ one: number }>(sql`select 1 as one`)).toEqual([{ one: 1 }]);
  });

  it("rolls back a transaction whose statement was cut off, and runs the next queries outside it", async () => {
    await db.execute(sql`create table timeout_probe (n int not null)`);
    const error = await db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into timeout_probe values (1)`);
        await tx.execute(sql`select pg_sleep(3)`);
      })
      .catch((e: unknown) => e);
    // The caller sees the timeout (not a failed rollback on a closed connection).
    expect(messages(error)).toContain(dbDriver() === "postgres" ? "canceling statement due to statement timeout" : "Query read timeout");
    // PGlite runs the statement to its end: wait for it, so the next queries find the connection as
    // the timeout left it (not replaced by a second timeout).
    if (dbDriver() === "pglite") await new Promise((r) => setTimeout(r, 3000));
    await untilAnswers();
    await db.execute(sql`insert into timeout_probe values (2)`);
    // The first row went with the transaction; the second committed on its own (a statement outside
    // a transaction block starts its own: now() is its start).
    const [row] = await queryRows<{ rows: number[]; alone: boolean }>(
      sql`select array_agg(n order by n) as rows, now() = statement_timestamp() as alone from timeout_probe`,
    );
    expect(row).toEqual({ rows: [2], alone: true });
  });

  it("runs a statement without the planner methods asked for, and leaves the other statements their own", async () => {
    const settings = sql`select current_setting('enable_seqscan') as seq, current_setting('enable_indexscan') as idx,
      current_setting('enable_bitmapscan') as bitmap`;
    expect(await queryRowsWithout(["enable_seqscan", "enable_indexscan"], settings)).toEqual([{ seq: "off", idx: "off", bitmap: "on" }]);
    expect(await queryRowsWithout(["enable_seqscan", "enable_bitmapscan"], settings)).toEqual([{ seq: "off", idx: "on", bitmap: "off" }]);
    expect(await queryRows(settings)).toEqual([{ seq: "on", idx: "on", bitmap: "on" }]);
    expect(await queryRowsWithout(["enable_seqscan"], settings)).toEqual([{ seq: "off", idx: "on", bitmap: "on" }]);
  });

  it("cuts off a statement run without planner methods too", async () => {
    const error = await queryRowsWithout(["enable_seqscan"], sql`select pg_sleep(3)`).catch((e: unknown) => e);
    expect(messages(error)).toContain(dbDriver() === "postgres" ? "canceling statement due to statement timeout" : "Query read timeout");
    if (dbDriver() === "pglite") await new Promise((r) => setTimeout(r, 3000));
    await untilAnswers();
    expect(await queryRowsWithout(["enable_seqscan"], sql`select 1 as one`)).toEqual([{ one: 1 }]);
  });

  it("leaves ordinary statements alone", async () => {
    const [row] = await queryRows<{ n: number }>(sql`select count(*)::int as n from generate_series(1, 1000)`);
    expect(row!.n).toBe(1000);
  });
});
