/**
 * `npm run db:function-migration [-- --name NAME]`: a new migration from the function and trigger files
 * (drizzle/functions/, drizzle/triggers/) that differ from what the migrations leave in a database.
 *
 * It records the hash of any new migration in drizzle/meta/_migration-hashes.json first (after
 * `npm run db:generate`, say), and refuses to go on when a committed migration was edited. Then it
 * migrates a fresh in-memory database, compares, tries the change in a transaction (a function whose
 * arguments or result change is dropped first), has drizzle-kit add an empty custom migration (journal
 * and snapshot as it makes them), writes the statements into it, applies it, and writes each changed
 * file back in the form PostgreSQL prints, which the test compares with. Anything that fails undoes
 * the new migration.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { PGLITE_EXTENSIONS } from "../app/server/platform/pglite-extensions.server.mjs";
import {
  canonicalFile,
  compare,
  type Drift,
  describeDrift,
  driftCount,
  type FileObject,
  fileObjects,
  HASHES_FILE,
  hashProblems,
  JOURNAL_FILE,
  type LiveObject,
  liveObjects,
  MIGRATIONS_DIR,
  migrationHash,
  type Query,
  ROOT,
  readHashes,
  readJournal,
  writeHashes,
} from "./lib/db-functions";

const say = (msg: string) => console.info(`[db:function-migration] ${msg}`);
function fail(lines: string[]): never {
  for (const l of lines) console.error(`[db:function-migration] ${l}`);
  process.exit(1);
}

/** Whether HEAD holds the migration; outside a git checkout every migration counts as committed. */
function committed(tag: string): boolean {
  try {
    execFileSync("git", ["rev-parse", "--verify", "HEAD"], { cwd: ROOT, stdio: "ignore" });
  } catch {
    return true;
  }
  try {
    execFileSync("git", ["cat-file", "-e", `HEAD:drizzle/${tag}.sql`], { cwd: ROOT, stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/** New migrations get their hash; one not yet committed may still change, and gets it again. */
function recordHashes(): void {
  const hashes = readHashes();
  for (const { tag } of readJournal().entries) {
    const actual = migrationHash(tag);
    if (actual === null || hashes[tag] === actual || (hashes[tag] && committed(tag))) continue;
    say(`${hashes[tag] ? "hash actualizado" : "hash anotado"}: drizzle/${tag}.sql`);
    hashes[tag] = actual;
  }
  writeHashes(hashes);
  const problems = hashProblems(readJournal(), hashes);
  if (problems.length) fail(problems);
}

const statement = (file: FileObject) => `${file.text.trimEnd().replace(/;$/, "")};`;

/** Files in an order that creates a function before one whose body names it. */
function dependencyOrder(files: FileObject[]): FileObject[] {
  const done: FileObject[] = [];
  const visit = (f: FileObject, path: Set<string>) => {
    if (done.includes(f) || path.has(f.key)) return;
    path.add(f.key);
    for (const other of files) if (other !== f && new RegExp(`\\b${other.key}\\s*\\(`).test(f.text)) visit(other, path);
    done.push(f);
  };
  for (const f of files) visit(f, new Set());
  return done;
}

/**
 * Indexes built on a changed function, or on one whose body calls it (PostgreSQL records only the
 * first): an IMMUTABLE function that answers differently leaves them stale until rebuilt.
 */
async function staleIndexes(query: Query, drift: Drift): Promise<string[]> {
  const bodies = await query<{ name: string; body: string }>(
    "select p.proname as name, p.prosrc as body from pg_proc p where p.pronamespace = 'public'::regnamespace",
  );
  const affected = new Set(drift.changed.filter((c) => c.file.kind === "function").map((c) => c.file.key));
  for (let grown = true; grown; ) {
    grown = false;
    for (const f of bodies) {
      if (affected.has(f.name) || ![...affected].some((n) => new RegExp(`\\b${n}\\s*\\(`).test(f.body))) continue;
      affected.add(f.name);
      grown = true;
    }
  }
  if (!affected.size) return [];
  const names = [...affected].map((n) => `'${n}'`).join(", ");
  const rows = await query<{ index: string }>(`
    select distinct format('%I.%I', n.nspname, c.relname) as index
    from pg_depend d join pg_class c on c.oid = d.objid join pg_namespace n on n.oid = c.relnamespace join pg_proc p on p.oid = d.refobjid
    where d.classid = 'pg_class'::regclass and d.refclassid = 'pg_proc'::regclass and c.relkind = 'i'
      and p.pronamespace = 'public'::regnamespace and p.proname in (${names})
    order by 1`);
  return rows.map((r) => `REINDEX INDEX ${r.index};`);
}

/**
 * The statements: triggers that change go first (dropped), then functions (a function in `dropFirst`
 * is dropped before it is created again), then the triggers, then the functions whose file is gone.
 */
function plan(drift: Drift, dropFirst: Set<string>, reindex: string[]): { sql: string; key: string }[] {
  const changed = [...drift.changed.map((c) => c.file), ...drift.withoutObject];
  const live = new Map(drift.changed.map((c) => [`${c.file.kind}:${c.file.key}`, c.live]));
  const ofKind = (kind: FileObject["kind"]) => changed.filter((f) => f.kind === kind);
  const gone = (kind: LiveObject["kind"]) => drift.withoutFile.filter((o) => o.kind === kind);
  return [
    ...gone("trigger").map((o) => ({ sql: `${o.drop};`, key: o.key })),
    ...ofKind("trigger").flatMap((f) =>
      live.has(`trigger:${f.key}`) ? [{ sql: `${live.get(`trigger:${f.key}`)!.drop};`, key: f.key }] : [],
    ),
    ...dependencyOrder(ofKind("function")).flatMap((f) => [
      ...(dropFirst.has(f.key) && live.has(`function:${f.key}`) ? [{ sql: `${live.get(`function:${f.key}`)!.drop};`, key: f.key }] : []),
      { sql: statement(f), key: f.key },
    ]),
    ...reindex.map((sql) => ({ sql, key: sql.slice("REINDEX INDEX ".length, -1) })),
    ...ofKind("trigger").map((f) => ({ sql: statement(f), key: f.key })),
    ...gone("function").map((o) => ({ sql: `${o.drop};`, key: o.key })),
  ];
}

type Trial = { failed: { key: string; error: Error & { code?: string } } | null; after: Drift | null };

/** The plan's statements in a transaction that is rolled back, and the drift they leave. */
async function trial(pg: PGlite, query: Query, steps: { sql: string; key: string }[]): Promise<Trial> {
  await pg.exec("begin");
  let key = "";
  try {
    for (const step of steps) {
      key = step.key;
      await pg.exec(step.sql);
    }
    return { failed: null, after: compare(await liveObjects(query), fileObjects()) };
  } catch (error) {
    return { failed: { key, error: error as Error }, after: null };
  } finally {
    await pg.exec("rollback");
  }
}

/** A plan that applies and leaves files and database equal; a function whose signature changed is dropped first. */
async function workingPlan(pg: PGlite, query: Query, drift: Drift): Promise<{ sql: string; key: string }[]> {
  const dropFirst = new Set<string>();
  const reindex = await staleIndexes(query, drift);
  for (;;) {
    const steps = plan(drift, dropFirst, reindex);
    const { failed, after } = await trial(pg, query, steps);
    // 42P13: CREATE OR REPLACE cannot change a function's result type or argument names; a new
    // argument list makes a second function beside the old one.
    const retry = failed?.error.code === "42P13" ? failed.key : after?.overloaded[0];
    if (retry && !dropFirst.has(retry)) {
      dropFirst.add(retry);
      continue;
    }
    if (failed)
      fail([
        `La migración no se aplica (${failed.key}): ${failed.error.message}`,
        "Si hay que rehacer lo que depende de ella, escribe esa migración aparte: `npm run db:generate -- --custom --name=NOMBRE`.",
      ]);
    // What is left besides files written in another form than PostgreSQL's, which get rewritten.
    const left = { ...after!, changed: [] };
    if (driftCount(left)) fail(["Después del cambio la base de datos y los archivos siguen sin coincidir:", ...describeDrift(left)]);
    return steps;
  }
}

/** drizzle-kit adds an empty custom migration (journal entry and snapshot); its tag. */
function newMigration(name: string): string {
  const before = readJournal().entries.length;
  execFileSync(path.join(ROOT, "node_modules/.bin/drizzle-kit"), ["generate", "--custom", `--name=${name}`], {
    cwd: ROOT,
    stdio: "inherit",
  });
  const journal = readJournal();
  if (journal.entries.length !== before + 1) fail(["drizzle-kit no añadió la migración."]);
  // The migrator skips a migration not newer than the last one applied (a clock behind the journal).
  const [prev, entry] = journal.entries.slice(-2);
  if (prev && entry.when <= prev.when) {
    entry.when = prev.when + 1;
    fs.writeFileSync(JOURNAL_FILE, JSON.stringify(journal, null, 2));
  }
  return entry.tag;
}

function undo(tag: string, journal: string, hashes: string): void {
  const prefix = tag.split("_")[0];
  fs.rmSync(path.join(MIGRATIONS_DIR, `${tag}.sql`), { force: true });
  fs.rmSync(path.join(MIGRATIONS_DIR, "meta", `${prefix}_snapshot.json`), { force: true });
  fs.writeFileSync(JOURNAL_FILE, journal);
  fs.writeFileSync(HASHES_FILE, hashes);
}

function migrationName(drift: Drift): string {
  const flag = process.argv.indexOf("--name");
  const given = flag > -1 ? process.argv[flag + 1] : process.argv.find((a) => a.startsWith("--name="))?.slice(7);
  const keys = [...drift.changed.map((c) => c.file.key), ...drift.withoutObject.map((f) => f.key), ...drift.withoutFile.map((o) => o.key)];
  return (given ?? (keys.length === 1 ? keys[0] : "functions")).replace(/[^a-z0-9_]+/gi, "_").toLowerCase();
}

async function main(): Promise<void> {
  recordHashes();
  const pg = new PGlite("memory://", { extensions: PGLITE_EXTENSIONS });
  const query: Query = async <T>(text: string) => (await pg.query<T>(text)).rows;
  const migrateAll = () => migrate(drizzle({ client: pg }), { migrationsFolder: MIGRATIONS_DIR });
  await migrateAll();
  const drift = compare(await liveObjects(query), fileObjects());
  if (drift.overloaded.length) fail(describeDrift({ ...drift, withoutFile: [], withoutObject: [], changed: [] }));
  if (!driftCount(drift)) {
    say("Las funciones y los disparadores coinciden con las migraciones: no hace falta una migración.");
    return pg.close();
  }
  for (const line of describeDrift(drift)) say(line);
  const steps = await workingPlan(pg, query, drift);
  const saved = { journal: fs.readFileSync(JOURNAL_FILE, "utf8"), hashes: `${JSON.stringify(readHashes(), null, 2)}\n` };
  const tag = newMigration(migrationName(drift));
  try {
    fs.writeFileSync(path.join(MIGRATIONS_DIR, `${tag}.sql`), `${steps.map((s) => s.sql).join("--> statement-breakpoint\n")}\n`);
    await migrateAll();
    const applied = compare(await liveObjects(query), fileObjects());
    const live = new Map(applied.changed.map((c) => [c.file.file, c.live]));
    for (const file of fileObjects()) if (live.has(file.file)) fs.writeFileSync(file.file, canonicalFile(file, live.get(file.file)!));
    const left = compare(await liveObjects(query), fileObjects());
    if (driftCount(left)) throw new Error(describeDrift(left).join("\n"));
  } catch (error) {
    undo(tag, saved.journal, saved.hashes);
    fail([`Se deshizo drizzle/${tag}.sql:`, (error as Error).message]);
  }
  recordHashes();
  say(`Migración drizzle/${tag}.sql creada y aplicada a una base nueva; los archivos cambiados quedan en la forma de PostgreSQL.`);
  await pg.close();
}

await main();
