/**
 * A committed migration is never edited again: databases that ran it will not run it again, so an
 * edit would make them differ from new ones. Each migration's SHA-256 is recorded in
 * drizzle/meta/_migration-hashes.json, and a change must come as a new migration.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  type Hashes,
  hashProblems,
  type Journal,
  MIGRATIONS_DIR,
  migrationHash,
  readHashes,
  readJournal,
} from "../../scripts/lib/db-functions";

const copies: string[] = [];
/** The migrations copied to a scratch folder, to be broken there. */
function copy(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pv-migrations-"));
  for (const f of fs.readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith(".sql")))
    fs.copyFileSync(path.join(MIGRATIONS_DIR, f), path.join(dir, f));
  copies.push(dir);
  return dir;
}
/** The journal's hashes as the folder holds them: a baseline that a migration still being written elsewhere does not upset. */
const hashesOf = (dir: string, journal = readJournal()): Hashes =>
  Object.fromEntries(journal.entries.map((e) => [e.tag, migrationHash(e.tag, dir)!]));
afterEach(() => {
  for (const dir of copies.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe("committed migrations", () => {
  it("each one's SHA-256 equals the one recorded when it was added", () => {
    const journal = readJournal();
    expect(journal.entries.length).toBeGreaterThan(0);
    expect(Object.keys(readHashes())).toEqual(journal.entries.map((e) => e.tag));
    expect(hashProblems(journal, readHashes())).toEqual([]);
  });

  it("an edited migration fails, saying to add a new migration instead", () => {
    const dir = copy();
    const hashes = hashesOf(dir);
    const tag = readJournal().entries[4].tag;
    fs.appendFileSync(path.join(dir, `${tag}.sql`), "\n-- a later fix\n");
    expect(hashProblems(readJournal(), hashes, dir)).toEqual([
      expect.stringMatching(new RegExp(`^drizzle/${tag}\\.sql cambió después de confirmarse.*añade una nueva`)),
    ]);
  });

  it("a new migration needs its hash, a removed one and a file outside the journal are named", () => {
    const dir = copy();
    const journal: Journal = structuredClone(readJournal());
    const hashes = { ...hashesOf(dir, journal), "0000_borrada": "0".repeat(64) };
    const last = journal.entries.at(-1)!;
    journal.entries.push({ idx: last.idx + 1, when: last.when + 1, tag: "9999_nueva" });
    fs.writeFileSync(path.join(dir, "9999_nueva.sql"), "SELECT 1;");
    fs.writeFileSync(path.join(dir, "9998_suelta.sql"), "SELECT 1;");
    expect(hashProblems(journal, hashes, dir)).toEqual([
      expect.stringContaining("9999_nueva.sql no tiene su hash"),
      expect.stringContaining("0000_borrada, que no está en drizzle/meta/_journal.json"),
      expect.stringContaining("9998_suelta.sql no está en drizzle/meta/_journal.json"),
    ]);
  });

  it("a journal entry not newer than the one before is named: the migrator would skip it", () => {
    const journal: Journal = structuredClone(readJournal());
    journal.entries.at(-1)!.when = journal.entries.at(-2)!.when;
    expect(hashProblems(journal, hashesOf(MIGRATIONS_DIR, journal))).toEqual([expect.stringContaining("el migrador la saltaría")]);
  });
});
