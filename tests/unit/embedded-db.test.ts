/**
 * The embedded database (decisions 027, 044): PGlite on its own worker thread behind pglite-socket on
 * a private Unix socket, reached through a node-postgres pool of one connection, as PostgreSQL is.
 * On disk, as `npm start` runs it.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, db, dbDriver, dbReady, dbSocketDir, pingDb, queryRows } from "~/server/platform/db.server";
import { clearSingletons } from "~/server/platform/singleton.server";

/** A child process or thread opens its own PGlite: tens of seconds on a busy machine. */
const CHILD_TIMEOUT = 90_000;
let dataDir = "";
const previousDataDir = process.env.DATA_DIR;

/** Closes the database and forgets the process-wide handles (env, db), as a restart would. */
async function shut() {
  await closeDb();
  clearSingletons();
}

async function reopen() {
  await shut();
  await dbReady();
}

/**
 * Runs an ES module (in DATA_DIR's folder) that imports the app's db module, in a child process;
 * `prelude` runs before the import.
 */
function runChild(name: string, body: string, env: Record<string, string> = {}, prelude = "") {
  const script = path.join(dataDir, `${name}.mjs`);
  fs.writeFileSync(
    script,
    `${prelude}\nconst { db, dbReady, dbSocketDir } = await import(${JSON.stringify(path.resolve("app/server/platform/db.server.ts"))});\n${body}`,
  );
  return spawnSync(process.execPath, ["--import", "tsx", script], {
    cwd: process.cwd(),
    env: { ...process.env, DATA_DIR: "memory://", ...env },
    encoding: "utf8",
    timeout: 60_000,
  });
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pv-embedded-test-"));
  process.env.DATA_DIR = dataDir;
  await reopen();
});

afterAll(async () => {
  await shut();
  process.env.DATA_DIR = previousDataDir;
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("embedded PGlite on its own thread", () => {
  it("is migrated, answers pings and has the search extensions", async () => {
    expect(dbDriver()).toBe("pglite");
    await pingDb();
    const [row] = await queryRows<{ plain: string; similar: number }>(
      sql`select unaccent('Marisquería') as plain, similarity('panamena', 'panameña') as similar`,
    );
    expect(row!.plain).toBe("Marisqueria");
    expect(row!.similar).toBeGreaterThan(0.3);
    const tables = await queryRows<{ name: string }>(
      sql`select tablename as name from pg_tables where schemaname = 'public' and tablename in ('restaurants', 'businesses')`,
    );
    expect(tables.map((t) => t.name).sort()).toEqual(["businesses", "restaurants"]);
  });

  it("keeps serving after a failed query (node-postgres reconnects)", async () => {
    // The pool drops the connection after each failure and opens a new one at once, a race with the
    // server noticing the old one close: repeated, with a transaction too (it checks out a client).
    for (let i = 0; i < 15; i++) {
      await expect(queryRows(sql`select * from no_such_table`)).rejects.toThrow();
      const sum = await db.transaction(async (tx) => {
        const result = (await tx.execute(sql`select ${i}::int + 1 as n`)) as unknown as { rows: { n: number }[] };
        return result.rows[0]!;
      });
      expect(sum.n).toBe(i + 1);
      await expect(queryRows(sql`select nope(`)).rejects.toThrow();
      const [row] = await queryRows<{ n: number }>(sql`select ${i}::int * 2 as n`);
      expect(row!.n).toBe(i * 2);
    }
  });

  it("answers concurrent queries each with its own result, and isolates a transaction", async () => {
    await db.execute(sql`create table if not exists embedded_probe (n int not null)`);
    const inTx = db.transaction(async (tx) => {
      await tx.execute(sql`insert into embedded_probe values (1)`);
      // Others wait for the transaction: they never see (or interleave with) its uncommitted row.
      await new Promise((r) => setTimeout(r, 50));
      await tx.execute(sql`insert into embedded_probe values (2)`);
      throw new Error("deshacer");
    });
    const others = Array.from({ length: 40 }, (_, i) =>
      queryRows<{ i: number; seen: number }>(sql`select ${i}::int as i, (select count(*)::int from embedded_probe) as seen`),
    );
    await expect(inTx).rejects.toThrow("deshacer");
    const results = await Promise.all(others);
    expect(results.map((r) => r[0]!.i)).toEqual(Array.from({ length: 40 }, (_, i) => i));
    expect(results.every((r) => r[0]!.seen === 0)).toBe(true);
    const [after] = await queryRows<{ c: number }>(sql`select count(*)::int as c from embedded_probe`);
    expect(after!.c).toBe(0);
  });

  it("keeps committed data on disk across a restart, and closing ends the thread and its socket", async () => {
    await db.execute(sql`insert into embedded_probe values (7)`);
    const first = dbSocketDir()!;
    expect(fs.statSync(first).mode & 0o077).toBe(0); // only this user can reach the socket
    expect(fs.existsSync(path.join(first, ".s.PGSQL.5432"))).toBe(true);
    await reopen();
    expect(fs.existsSync(first)).toBe(false);
    const second = dbSocketDir()!;
    expect(second).not.toBe(first);
    const [row] = await queryRows<{ c: number }>(sql`select count(*)::int as c from embedded_probe where n = 7`);
    expect(row!.c).toBe(1);
    await shut();
    expect(fs.existsSync(second)).toBe(false);
    await dbReady();
  });

  it("gives each of many concurrent queries its own result, even with large messages split across reads", async () => {
    // 300 kB parameters arrive in several socket reads, while the next queries' messages queue on the
    // same connection: each must be answered whole and in order.
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        // Each query has its own SQL text (the literal), so a Bind that reached another's statement shows.
        queryRows<{ i: number; len: number; head: string }>(
          sql`select ${sql.raw(String(i))}::int as i, length(${`${i}:`.padEnd(300_000, String(i % 10))}::text) as len, left(${`${i}:`.padEnd(300_000, "x")}::text, 4) as head`,
        ),
      ),
    );
    results.forEach((rows, i) => {
      expect(rows[0]!.i).toBe(i);
      expect(rows[0]!.len).toBe(300_000);
      expect(rows[0]!.head.startsWith(`${i}:`)).toBe(true);
    });
  });

  it(
    "refuses a second process on the same files, naming the owner",
    () => {
      const child = runChild("second-owner", "await dbReady();", { DATA_DIR: dataDir });
      expect(child.status).not.toBe(0);
      expect(child.stderr).toContain(`abierta por otro proceso (pid ${process.pid})`);
      // The owner is unaffected.
      return expect(queryRows(sql`select 1 as one`)).resolves.toEqual([{ one: 1 }]);
    },
    CHILD_TIMEOUT,
  );

  it(
    "lets a script end without closing the database (the thread does not keep it alive)",
    () => {
      const child = runChild("no-close", "await dbReady();\nconsole.log((await db.execute('select 6 * 7 as n')).rows[0].n);");
      expect(child.error).toBeUndefined(); // not killed by the timeout
      expect(child.status).toBe(0);
      expect(child.stdout.trim()).toBe("42");
    },
    CHILD_TIMEOUT,
  );

  it(
    "stops the process when the database thread dies",
    () => {
      // The child keeps a handle on the thread db.server starts (node:worker_threads' Worker, wrapped
      // before the import), and ends it.
      const prelude = `const threads = (await import("node:module")).createRequire(import.meta.url)("node:worker_threads");
let thread;
threads.Worker = class extends threads.Worker { constructor(...args) { super(...args); thread = this; } };
(await import("node:module")).syncBuiltinESMExports();`;
      const child = runChild("thread-dies", "await dbReady();\nawait thread.terminate();\nsetInterval(() => {}, 1000);", {}, prelude);
      expect(child.error).toBeUndefined(); // not killed by the timeout
      expect(child.status).toBe(1);
      expect(child.stderr).toContain("el hilo de la base embebida terminó");
    },
    CHILD_TIMEOUT,
  );

  it(
    "ends the database thread when PGlite's backend breaks (pglite-socket would stop answering)",
    async () => {
      // A first start-up packet without a user name ends PGlite's backend for good.
      const socketDir = fs.mkdtempSync(path.join(os.tmpdir(), "pv-pglite-"));
      const socketPath = path.join(socketDir, ".s.PGSQL.5432");
      const thread = new Worker(path.resolve("app/server/platform/pglite-worker.server.mjs"), {
        workerData: { dataDir: "memory://", socketPath },
        stderr: true,
      });
      const exited = new Promise<number>((resolve) => thread.once("exit", resolve));
      try {
        await new Promise((resolve) => thread.once("message", resolve));
        const params = Buffer.from("database\0postgres\0\0");
        const packet = Buffer.alloc(8 + params.length);
        packet.writeInt32BE(packet.length, 0);
        packet.writeInt32BE(196608, 4);
        params.copy(packet, 8);
        net
          .connect(socketPath)
          .on("error", () => {})
          .write(packet);
        expect(await exited).toBe(1);
      } finally {
        await thread.terminate();
        fs.rmSync(socketDir, { recursive: true, force: true });
      }
    },
    CHILD_TIMEOUT,
  );

  it(
    "removes its socket folder when the process exits without closing (the forced shutdown)",
    () => {
      const child = runChild("exit-without-close", "await dbReady();\nconsole.log(dbSocketDir());\nprocess.exit(3);");
      expect(child.status).toBe(3);
      const dir = child.stdout.trim().split("\n").at(-1)!;
      expect(dir).toContain("pv-pglite-");
      expect(fs.existsSync(dir)).toBe(false);
    },
    CHILD_TIMEOUT,
  );
});
