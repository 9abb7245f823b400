/**
 * The embedded database's start-up faults: a DATA_DIR whose files are damaged, or one another process
 * holds, stops the server at once with one Spanish line that says what to do, and exit code 1: not a
 * hang, not a stack trace. The real server (server.ts) as a process.
 */
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../setup/free-port";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "pv-faults-pglite-"));
/** A good embedded database, copied and damaged by each test. */
const pristine = path.join(root, "pristine");

beforeAll(async () => {
  fs.mkdirSync(pristine);
  const db = await PGlite.create(path.join(pristine, "pglite"));
  await db.exec("create table notas (texto text); insert into notas values ('hola')");
  await db.close();
}, 180_000);
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** server.ts on `dataDir`, run to its end: it must stop by itself. */
async function startOn(dataDir: string) {
  const started = performance.now();
  const run = spawnSync(process.execPath, ["--import", "tsx", "server.ts"], {
    env: { ...process.env, PORT: String(await freePort()), DATA_DIR: dataDir, DATABASE_URL: "" },
    encoding: "utf8",
    timeout: 90_000,
  });
  return { ...run, seconds: (performance.now() - started) / 1000 };
}

/** A copy of the good database with `damage` done to it. */
function damaged(name: string, damage: (pgdata: string) => void): string {
  const dir = path.join(root, name);
  fs.cpSync(pristine, dir, { recursive: true });
  damage(path.join(dir, "pglite"));
  return dir;
}

const filesUnder = (dir: string): string[] =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)]));

/** Exit 1, by itself, with exactly one line on stderr and no stack trace. */
function expectOneLineRefusal(run: Awaited<ReturnType<typeof startOn>>) {
  expect(run.error, "the server hung").toBeUndefined();
  expect(run.status).toBe(1);
  const lines = run.stderr.trim().split("\n");
  expect(lines, run.stderr).toHaveLength(1);
  expect(run.stderr).not.toMatch(/^\s+at /m);
  expect(lines[0]).toMatch(/^\[server\] no se pudo iniciar: \[db\] /);
  return lines[0]!;
}

describe("the embedded database at start-up", () => {
  it("with garbage in every file, refuses to start with one Spanish line that says what to do", async () => {
    const dir = damaged("garbage", (pgdata) => {
      for (const file of filesUnder(pgdata))
        fs.writeFileSync(file, crypto.randomBytes(Math.max(1, Math.min(fs.statSync(file).size, 8192))));
    });
    const run = await startOn(dir);
    const line = expectOneLineRefusal(run);
    expect(line).toContain(`la base embebida de ${path.join(dir, "pglite")}`);
    expect(line).toContain("sus archivos están dañados");
    expect(line).toContain("Restaura una copia de seguridad");
    expect(run.seconds).toBeLessThan(60);
  }, 120_000);

  it("with a damaged control file only, refuses the same way", async () => {
    const dir = damaged("control", (pgdata) => fs.writeFileSync(path.join(pgdata, "global/pg_control"), crypto.randomBytes(8192)));
    const line = expectOneLineRefusal(await startOn(dir));
    expect(line).toContain("sus archivos están dañados");
  }, 120_000);

  it("held by another process, refuses with one line that names it", async () => {
    const dir = path.join(root, "held");
    fs.cpSync(pristine, dir, { recursive: true });
    // This test's own process holds it, as a running server would: its pid and a socket file that exists.
    const socket = path.join(root, ".s.PGSQL.5432");
    fs.writeFileSync(socket, "");
    fs.writeFileSync(path.join(dir, "pglite.lock"), `${process.pid}\n${socket}\n`);
    const line = expectOneLineRefusal(await startOn(dir));
    expect(line).toContain(`la base embebida de ${dir} está abierta por otro proceso (pid ${process.pid})`);
    // The files were not touched: the database opens as it was.
    const db = await PGlite.create(path.join(dir, "pglite"));
    expect((await db.query<{ texto: string }>("select texto from notas")).rows).toEqual([{ texto: "hola" }]);
    await db.close();
  }, 120_000);
});
