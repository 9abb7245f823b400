/**
 * The database's own functions and triggers have one source each, drizzle/functions/<name>.sql and
 * drizzle/triggers/<table>.<trigger>.sql: what the migrations leave in the database (PGlite and
 * PostgreSQL) is, definition for definition, what those files say, and nothing more or less.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "~/server/platform/db.server";
import { compare, describeDrift, type FileObject, fileObjects, liveObjects, normalize, type Query } from "../../scripts/lib/db-functions";

const query: Query = <T>(text: string) => queryRows<T>(sql.raw(text));
const live = () => liveObjects(query);
const edit = (files: FileObject[], key: string, change: (text: string) => string) =>
  files.map((f) => (f.key === key ? { ...f, text: change(f.text) } : f));

describe("database functions and triggers, one file each", () => {
  it("every function and trigger of the database equals its file, and every file has its object", async () => {
    const objects = await live();
    expect(objects.map((o) => `${o.kind}:${o.key}`)).toEqual(
      expect.arrayContaining([
        "function:listing_plan_rank",
        "function:immutable_unaccent",
        "trigger:restaurants.restaurants_open_spans_update",
      ]),
    );
    expect(describeDrift(compare(objects, fileObjects()))).toEqual([]);
  });

  it("leaves out what extensions own (unaccent, pg_trgm, cube, btree_gist)", async () => {
    const keys = (await live()).map((o) => o.key);
    expect(keys).not.toContain("unaccent");
    expect(keys).not.toContain("similarity");
    expect(keys).not.toContain("cube");
  });

  it("names a function whose file's body was changed, and tells how to migrate it", async () => {
    const files = edit(fileObjects(), "listing_plan_rank", (t) => t.replace("THEN 2", "THEN 3"));
    expect(describeDrift(compare(await live(), files))).toEqual([
      expect.stringMatching(/^drizzle\/functions\/listing_plan_rank\.sql no coincide .*npm run db:function-migration/),
    ]);
  });

  it("names a changed trigger, a file without its function and a function without its file", async () => {
    let files = edit(fileObjects(), "businesses.businesses_open_spans_insert", (t) => t.replace("AFTER INSERT", "BEFORE INSERT"));
    files = files.filter((f) => f.key !== "listing_week_coord");
    files.push({ kind: "function", key: "listing_nueva", file: "drizzle/functions/listing_nueva.sql", text: "CREATE FUNCTION x()" });
    const problems = describeDrift(compare(await live(), files));
    expect(problems).toHaveLength(3);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringContaining("drizzle/triggers/businesses.businesses_open_spans_insert.sql no coincide"),
        expect.stringContaining("no existe drizzle/functions/listing_week_coord.sql"),
        expect.stringContaining("listing_nueva.sql no tiene la función listing_nueva"),
      ]),
    );
  });

  it("compares definitions without the file's opening comments, trailing blanks and final semicolon", () => {
    const def = "CREATE OR REPLACE FUNCTION public.f()\n RETURNS integer\n LANGUAGE sql\nAS $function$ SELECT 1 $function$\n";
    expect(normalize(`-- Why it exists.\n\n${def.replace(" RETURNS integer", " RETURNS integer  ")};\n`)).toBe(normalize(def));
    expect(normalize(def.replace("SELECT 1", "SELECT  1"))).not.toBe(normalize(def));
  });
});
