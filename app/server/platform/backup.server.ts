/**
 * Backups of the configured database, with each database's own tools (decision 067):
 * - embedded (PGlite): a gzipped tar of its data folder, written by PGlite's `dumpDataDir` and read
 *   back by its `loadDataDir`. One process owns DATA_DIR, so the server must be stopped.
 * - PostgreSQL: `pg_dump --format=custom` and `pg_restore`, which run beside a live server.
 * A restore never loses what was there: the embedded folder is moved aside, PostgreSQL is backed up
 * first.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import { PGLITE_EXTENSIONS } from "./pglite-extensions.server.mjs";
import pg from "pg";
import { takeLock } from "./db-embedded.server";
import { getEnv } from "./env.server";

const run = promisify(execFile);

export type BackupKind = "pglite" | "postgres";

/** A refusal or failure the operator can act on, in Spanish; the scripts print it and exit with 1. */
export class BackupError extends Error {}

export type TableCount = { table: string; rows: number };

const GZIP = Buffer.from([0x1f, 0x8b]);
const PGDMP = Buffer.from("PGDMP");

function stamp(date = new Date()): string {
  return date
    .toISOString()
    .replace(/\.\d+Z$/, "")
    .replaceAll(":", "")
    .replace("T", "-");
}

/** Where a backup goes when no file is named: `backups/` in the working folder, out of git. */
export function defaultBackupFile(kind: BackupKind, date = new Date()): string {
  return path.resolve("backups", `panama-vip-ia-${stamp(date)}.${kind === "pglite" ? "pglite.tar.gz" : "pgdump"}`);
}

function kindOfConfig(): BackupKind {
  return getEnv().DATABASE_URL ? "postgres" : "pglite";
}

/** What a backup file holds, read from its first bytes (null: neither). */
export function kindOfFile(file: string): BackupKind | null {
  const head = Buffer.alloc(5);
  const fd = fs.openSync(file, "r");
  try {
    fs.readSync(fd, head, 0, 5, 0);
  } finally {
    fs.closeSync(fd);
  }
  if (head.subarray(0, 2).equals(GZIP)) return "pglite";
  if (head.equals(PGDMP)) return "postgres";
  return null;
}

/** Writes through a temporary file in the same folder, so that a failure never leaves half a backup. */
async function writeWhole(file: string, write: (tmp: string) => Promise<void>): Promise<number> {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  try {
    await write(tmp);
    fs.renameSync(tmp, file);
  } finally {
    fs.rmSync(tmp, { force: true });
  }
  return fs.statSync(file).size;
}

export async function backupDatabase(
  file: string | undefined,
  log: (msg: string) => void = () => {},
): Promise<{ file: string; kind: BackupKind; bytes: number; tables: TableCount[] }> {
  const kind = kindOfConfig();
  const target = path.resolve(file ?? defaultBackupFile(kind));
  if (kind === "pglite") {
    return withEmbedded(async (dataDir) => {
      if (!fs.existsSync(path.join(dataDir, "PG_VERSION"))) {
        throw new BackupError(`No hay ninguna base embebida en ${dataDir}: no hay nada que copiar.`);
      }
      const db = await openPglite(dataDir);
      try {
        const tables = await countRows((sql) => db.query(sql).then((r) => r.rows as Record<string, unknown>[]));
        log(`[copia] base embebida ${dataDir}: ${summary(tables)}`);
        const bytes = await writeWhole(target, async (tmp) => {
          const tarball = await db.dumpDataDir("gzip");
          fs.writeFileSync(tmp, Buffer.from(await tarball.arrayBuffer()));
        });
        return { file: target, kind, bytes, tables };
      } finally {
        await db.close();
      }
    });
  }
  const url = getEnv().DATABASE_URL!;
  const tables = await withPostgres(url, (query) => countRows(query));
  log(`[copia] PostgreSQL ${redacted(url)}: ${summary(tables)}`);
  const bytes = await writeWhole(target, async (tmp) => {
    await pgTool("pg_dump", ["--format=custom", "--no-owner", "--no-privileges", `--file=${tmp}`], url);
  });
  return { file: target, kind, bytes, tables };
}

export async function restoreDatabase(
  file: string,
  log: (msg: string) => void = () => {},
): Promise<{ kind: BackupKind; previous: string | null; tables: TableCount[] }> {
  const source = path.resolve(file);
  if (!fs.existsSync(source) || !fs.statSync(source).isFile()) throw new BackupError(`No existe el archivo ${source}.`);
  const kind = kindOfConfig();
  const holds = kindOfFile(source);
  if (!holds) {
    throw new BackupError(`${source} no es una copia de esta aplicación (ni de la base embebida ni de pg_dump en formato custom).`);
  }
  if (holds !== kind) {
    throw new BackupError(
      holds === "pglite"
        ? `${source} es una copia de la base embebida: para restaurarla quita DATABASE_URL (se restaura en DATA_DIR).`
        : `${source} es una copia de PostgreSQL (pg_dump): para restaurarla define DATABASE_URL con la base de destino.`,
    );
  }
  if (kind === "pglite") {
    return withEmbedded(async (dataDir) => {
      // Loaded into a new folder first: a bad file leaves the current database untouched.
      const incoming = `${dataDir}.restaurando-${stamp()}`;
      let tables: TableCount[];
      try {
        const db = await openPglite(incoming, new Blob([fs.readFileSync(source)]));
        try {
          tables = await countRows((sql) => db.query(sql).then((r) => r.rows as Record<string, unknown>[]));
        } finally {
          await db.close();
        }
        // Any gzip file would do for the first bytes: the app's database has its migrations table.
        if (!tables.some((t) => t.table === "drizzle.__drizzle_migrations")) throw new Error("no contiene la base de esta aplicación");
      } catch (error) {
        fs.rmSync(incoming, { recursive: true, force: true });
        throw new BackupError(`${source} no se pudo cargar como base embebida: ${(error as Error).message}`);
      }
      let previous: string | null = null;
      if (fs.existsSync(dataDir)) {
        previous = `${dataDir}.anterior-${stamp()}`;
        fs.renameSync(dataDir, previous);
      }
      fs.renameSync(incoming, dataDir);
      log(`[restaurar] base embebida ${dataDir}: ${summary(tables)}`);
      if (previous) log(`[restaurar] la base que había quedó en ${previous} (bórrala cuando ya no la necesites)`);
      return { kind, previous, tables };
    });
  }
  const url = getEnv().DATABASE_URL!;
  const before = await withPostgres(url, (query) => countRows(query));
  let previous: string | null = null;
  if (before.length > 0) {
    previous = defaultBackupFile("postgres").replace(/\.pgdump$/, ".antes-de-restaurar.pgdump");
    await writeWhole(previous, async (tmp) => {
      await pgTool("pg_dump", ["--format=custom", "--no-owner", "--no-privileges", `--file=${tmp}`], url);
    });
    log(`[restaurar] copia previa de lo que había: ${previous}`);
  }
  // One transaction: the database ends as the backup had it, or as it was.
  await pgTool("pg_restore", ["--clean", "--if-exists", "--no-owner", "--no-privileges", "--single-transaction", source], url);
  const tables = await withPostgres(url, (query) => countRows(query));
  log(`[restaurar] PostgreSQL ${redacted(url)}: ${summary(tables)}`);
  return { kind, previous, tables };
}

// ---- embedded

/**
 * Runs `fn` holding DATA_DIR's lock, the same one the server takes: a running server (or any other
 * command on the folder) is named, and none can open the folder meanwhile. The lock's second line
 * names a file that exists while its owner holds it (the server's socket; here a marker).
 */
async function withEmbedded<T>(fn: (dataDir: string) => Promise<T>): Promise<T> {
  const env = getEnv();
  if (env.DATA_DIR.startsWith("memory://")) {
    throw new BackupError("DATA_DIR=memory:// es una base en memoria: no hay archivos que copiar ni restaurar.");
  }
  const dataDir = path.resolve(env.DATA_DIR, "pglite");
  fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  const markerDir = fs.mkdtempSync(path.join(os.tmpdir(), "pv-backup-"));
  const marker = path.join(markerDir, "en-uso");
  fs.writeFileSync(marker, "");
  let release: () => void;
  try {
    release = takeLock(dataDir, marker);
  } catch (error) {
    fs.rmSync(markerDir, { recursive: true, force: true });
    throw new BackupError(
      `${(error as Error).message.replace(/^\[db\] /, "")} La base embebida admite un solo proceso: detén el servidor (Ctrl-C) y vuelve a intentarlo.`,
    );
  }
  try {
    return await fn(dataDir);
  } finally {
    release();
    fs.rmSync(markerDir, { recursive: true, force: true });
  }
}

function openPglite(dataDir: string, loadDataDir?: Blob): Promise<PGlite> {
  return PGlite.create(dataDir, { extensions: PGLITE_EXTENSIONS, ...(loadDataDir ? { loadDataDir } : {}) });
}

// ---- PostgreSQL

/** The URL without its password, for messages. */
function redacted(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = "***";
  return u.toString();
}

async function withPostgres<T>(url: string, fn: (query: (sql: string) => Promise<Record<string, unknown>[]>) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (error) {
    throw new BackupError(`No se pudo conectar a PostgreSQL (${redacted(url)}): ${(error as Error).message}`);
  }
  try {
    return await fn((sql) => client.query(sql).then((r) => r.rows as Record<string, unknown>[]));
  } finally {
    await client.end();
  }
}

/**
 * The PostgreSQL program `name`: from PG_BIN, else the newest /usr/lib/postgresql/<version>/bin
 * (Debian's layout), else PATH. pg_dump must be as new as the server it reads.
 */
export function findPgTool(name: "pg_dump" | "pg_restore"): string | null {
  const dirs: string[] = [];
  if (process.env.PG_BIN) dirs.push(process.env.PG_BIN);
  if (fs.existsSync("/usr/lib/postgresql")) {
    const versions = fs
      .readdirSync("/usr/lib/postgresql")
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    dirs.push(...versions.map((v) => `/usr/lib/postgresql/${v}/bin`));
  }
  dirs.push(...(process.env.PATH ?? "").split(path.delimiter).filter(Boolean));
  for (const dir of dirs) {
    const candidate = path.join(dir, name);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      /* not here */
    }
  }
  return null;
}

/** Runs pg_dump or pg_restore on `url`; the password travels in the environment, not on the command line. */
async function pgTool(name: "pg_dump" | "pg_restore", args: string[], url: string): Promise<void> {
  const bin = findPgTool(name);
  if (!bin) {
    throw new BackupError(
      `No se encontró ${name}: instala el cliente de PostgreSQL (apt-get install postgresql-client, de la misma versión que el servidor o más nueva) o define PG_BIN con la carpeta donde está ${name}.`,
    );
  }
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = "";
  try {
    await run(bin, [...args, `--dbname=${u.toString()}`], {
      env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (error) {
    const stderr = String((error as { stderr?: string }).stderr ?? "").trim();
    const hint = /version mismatch/i.test(stderr)
      ? ` El ${name} de ${bin} es más antiguo que el servidor: instala el cliente de su versión o define PG_BIN.`
      : "";
    throw new BackupError(`${name} falló: ${stderr || (error as Error).message}${hint}`);
  }
}

// ---- both

/** Rows of every table of the app's schemas (public and drizzle's migrations), for the messages. */
async function countRows(query: (sql: string) => Promise<Record<string, unknown>[]>): Promise<TableCount[]> {
  const tables = await query(
    `select table_schema as schema, table_name as name from information_schema.tables
     where table_type = 'BASE TABLE' and table_schema in ('public', 'drizzle') order by 1, 2`,
  );
  const out: TableCount[] = [];
  for (const t of tables) {
    const quoted = `"${String(t.schema)}"."${String(t.name).replaceAll('"', '""')}"`;
    const [row] = await query(`select count(*)::int as n from ${quoted}`);
    out.push({ table: t.schema === "public" ? String(t.name) : `${String(t.schema)}.${String(t.name)}`, rows: Number(row?.n ?? 0) });
  }
  return out;
}

function summary(tables: TableCount[]): string {
  if (tables.length === 0) return "sin tablas";
  const rows = tables.reduce((sum, t) => sum + t.rows, 0);
  return `${tables.length} tablas, ${rows.toLocaleString("es-PA")} filas`;
}
