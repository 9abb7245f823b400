/**
 * The database's own functions and triggers, one file each (drizzle/functions/<name>.sql,
 * drizzle/triggers/<table>.<trigger>.sql), compared with what the migrations leave in a database; and
 * the SHA-256 of every committed migration, so that none is edited after the fact. Shared by
 * `npm run db:function-migration` and the tests that hold both.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "../..");
export const MIGRATIONS_DIR = path.join(ROOT, "drizzle");
export const FUNCTIONS_DIR = path.join(MIGRATIONS_DIR, "functions");
export const TRIGGERS_DIR = path.join(MIGRATIONS_DIR, "triggers");
/** Under meta/ with a leading underscore: drizzle-kit reads every other file there as a snapshot. */
export const HASHES_FILE = path.join(MIGRATIONS_DIR, "meta", "_migration-hashes.json");
export const JOURNAL_FILE = path.join(MIGRATIONS_DIR, "meta", "_journal.json");

export type Kind = "function" | "trigger";
/** A function or trigger in the database: `key` is the file's name without `.sql`. */
export type LiveObject = { kind: Kind; key: string; definition: string; drop: string };
export type FileObject = { kind: Kind; key: string; file: string; text: string };
export type Query = <T>(text: string) => Promise<T[]>;

const NOT_FROM_EXTENSION = (catalog: string, column: string) =>
  `not exists (select 1 from pg_depend d where d.classid = '${catalog}'::regclass and d.objid = ${column} and d.deptype = 'e')`;

/** Functions and triggers of the public schema that no extension owns, with the database's own definitions. */
export async function liveObjects(query: Query): Promise<LiveObject[]> {
  const functions = await query<{ name: string; definition: string; drop: string }>(`
    select p.proname as name, pg_get_functiondef(p.oid) as definition,
      format('DROP FUNCTION IF EXISTS %I.%I(%s)', n.nspname, p.proname, pg_get_function_identity_arguments(p.oid)) as drop
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = 'public' and p.prokind <> 'a' and ${NOT_FROM_EXTENSION("pg_proc", "p.oid")}
    order by p.proname, p.oid`);
  const triggers = await query<{ key: string; definition: string; drop: string }>(`
    select c.relname || '.' || t.tgname as key, pg_get_triggerdef(t.oid) as definition,
      format('DROP TRIGGER IF EXISTS %I ON %I.%I', t.tgname, n.nspname, c.relname) as drop
    from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and not t.tgisinternal and ${NOT_FROM_EXTENSION("pg_class", "c.oid")}
    order by 1`);
  return [
    ...functions.map((f) => ({ kind: "function" as const, key: f.name, definition: f.definition, drop: f.drop })),
    ...triggers.map((t) => ({ kind: "trigger" as const, ...t })),
  ];
}

export function fileObjects(): FileObject[] {
  const read = (kind: Kind, dir: string) =>
    (fs.existsSync(dir) ? fs.readdirSync(dir) : [])
      .filter((f) => f.endsWith(".sql"))
      .sort()
      .map((f) => ({ kind, key: f.slice(0, -4), file: path.join(dir, f), text: fs.readFileSync(path.join(dir, f), "utf8") }));
  return [...read("function", FUNCTIONS_DIR), ...read("trigger", TRIGGERS_DIR)];
}

/** A file's opening comment lines (kept when the file is rewritten in the database's form), and the rest. */
function splitComments(text: string): { comments: string; rest: string } {
  const lines = text.replace(/\r\n/g, "\n").split("\n");
  let i = 0;
  while (i < lines.length && (lines[i].trim() === "" || lines[i].trimStart().startsWith("--"))) i++;
  const comments = lines.slice(0, i).filter((l) => l.trim() !== "");
  return { comments: comments.map((l) => `${l.trimEnd()}\n`).join(""), rest: lines.slice(i).join("\n") };
}

/**
 * A definition as compared: without the file's opening comments, trailing blanks on each line and the
 * final semicolon. Everything else counts, body included: files hold the form PostgreSQL prints
 * (pg_get_functiondef, pg_get_triggerdef), which the generator writes back after applying a change.
 */
export function normalize(text: string): string {
  return splitComments(text)
    .rest.split("\n")
    .map((l) => l.trimEnd())
    .join("\n")
    .trim()
    .replace(/;$/, "")
    .trimEnd();
}

/** The file's text as the database would hold it: its comments, then the live definition. */
export function canonicalFile(file: FileObject, live: LiveObject): string {
  return `${splitComments(file.text).comments}${live.definition.trimEnd()};\n`;
}

export type Drift = {
  /** In the database, without a file. */
  withoutFile: LiveObject[];
  /** A file, without its function or trigger in the database. */
  withoutObject: FileObject[];
  changed: { file: FileObject; live: LiveObject }[];
  /** Function names the database holds more than once (one file per name cannot say which). */
  overloaded: string[];
};

export function compare(live: LiveObject[], files: FileObject[]): Drift {
  const id = (o: { kind: Kind; key: string }) => `${o.kind}:${o.key}`;
  const counts = new Map<string, number>();
  for (const o of live) counts.set(id(o), (counts.get(id(o)) ?? 0) + 1);
  const byId = new Map(live.map((o) => [id(o), o]));
  const fileIds = new Set(files.map(id));
  return {
    withoutFile: live.filter((o) => !fileIds.has(id(o))),
    withoutObject: files.filter((f) => !byId.has(id(f))),
    changed: files.flatMap((file) => {
      const found = byId.get(id(file));
      return found && normalize(found.definition) !== normalize(file.text) ? [{ file, live: found }] : [];
    }),
    overloaded: [...counts].filter(([k, n]) => n > 1 && k.startsWith("function:")).map(([k]) => k.slice("function:".length)),
  };
}

export function driftCount(drift: Drift): number {
  return drift.withoutFile.length + drift.withoutObject.length + drift.changed.length + drift.overloaded.length;
}

const relative = (file: string) => path.relative(ROOT, file);
const folder = (kind: Kind) => relative(kind === "function" ? FUNCTIONS_DIR : TRIGGERS_DIR);
const noun = (kind: Kind) => (kind === "function" ? "la función" : "el disparador");
const RUN = "ejecuta `npm run db:function-migration`";

/** One line per difference, saying what to do about it. */
export function describeDrift(drift: Drift): string[] {
  return [
    ...drift.withoutFile.map(
      (o) =>
        `La base de datos tiene ${noun(o.kind)} ${o.key} pero no existe ${folder(o.kind)}/${o.key}.sql: añade el archivo con su definición.`,
    ),
    ...drift.withoutObject.map(
      (f) =>
        `${relative(f.file)} no tiene ${noun(f.kind)} ${f.key} en la base de datos: ${RUN} para ${f.kind === "function" ? "crearla" : "crearlo"}.`,
    ),
    ...drift.changed.map(
      ({ file }) =>
        `${relative(file.file)} no coincide con la base de datos: ${RUN} para hacer una migración con él (una migración nunca se edita a mano).`,
    ),
    ...drift.overloaded.map(
      (name) =>
        `La base de datos tiene varias funciones llamadas ${name}: un archivo por nombre no puede con todas; dale a cada una su propio nombre.`,
    ),
  ];
}

// --- Migration hashes -------------------------------------------------------------------------

export type Journal = { entries: { idx: number; when: number; tag: string }[] };
export type Hashes = Record<string, string>;

export const readJournal = (): Journal => JSON.parse(fs.readFileSync(JOURNAL_FILE, "utf8"));
export const readHashes = (): Hashes => (fs.existsSync(HASHES_FILE) ? JSON.parse(fs.readFileSync(HASHES_FILE, "utf8")) : {});
export const writeHashes = (hashes: Hashes) => fs.writeFileSync(HASHES_FILE, `${JSON.stringify(hashes, null, 2)}\n`);

export function migrationHash(tag: string, dir = MIGRATIONS_DIR): string | null {
  const file = path.join(dir, `${tag}.sql`);
  return fs.existsSync(file) ? crypto.createHash("sha256").update(fs.readFileSync(file)).digest("hex") : null;
}

/**
 * Every migration of the journal against the committed manifest: one message per migration edited,
 * missing, or without its hash, and per hash whose migration is gone.
 */
export function hashProblems(journal: Journal, hashes: Hashes, dir = MIGRATIONS_DIR): string[] {
  const manifest = relative(HASHES_FILE);
  const problems: string[] = [];
  const tags = new Set(journal.entries.map((e) => e.tag));
  for (const { tag } of journal.entries) {
    const actual = migrationHash(tag, dir);
    if (actual === null) problems.push(`drizzle/${tag}.sql está en el journal pero el archivo no existe.`);
    else if (!hashes[tag]) problems.push(`drizzle/${tag}.sql no tiene su hash en ${manifest}: ${RUN} para anotarlo.`);
    else if (hashes[tag] !== actual)
      problems.push(
        `drizzle/${tag}.sql cambió después de confirmarse (commit). Las bases que ya la aplicaron no la vuelven a aplicar: deja la migración como estaba y añade una nueva (\`npm run db:generate\`, o edita drizzle/functions/ y ${RUN}).`,
      );
  }
  // The migrator runs only the migrations newer than the last one a database ran: a `when` that does
  // not grow would be skipped everywhere without a word.
  journal.entries.forEach((entry, i) => {
    const before = journal.entries[i - 1];
    if (before && entry.when <= before.when)
      problems.push(
        `drizzle/meta/_journal.json: ${entry.tag} tiene un "when" que no es mayor que el de ${before.tag}: el migrador la saltaría.`,
      );
  });
  for (const tag of Object.keys(hashes)) {
    if (!tags.has(tag))
      problems.push(`${manifest} tiene ${tag}, que no está en drizzle/meta/_journal.json: se quitó una migración ya confirmada.`);
  }
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith(".sql"))) {
    if (!tags.has(file.slice(0, -4)))
      problems.push(`drizzle/${file} no está en drizzle/meta/_journal.json: el migrador nunca la aplicaría.`);
  }
  return problems;
}
