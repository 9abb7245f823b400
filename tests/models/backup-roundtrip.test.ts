/**
 * `npm run db:backup` and `npm run db:restore`, run as the operator runs them (the scripts in their
 * own processes), on the project's database: the embedded one in a DATA_DIR of its own (pglite
 * project) or the test PostgreSQL (postgres project). Every table gets rows (demo data plus accounts,
 * sessions, plans, payments, tokens, limits, audit), then a backup is restored into a fresh database
 * and over a changed one; each time the row count and a checksum of every table (md5 of its rows in
 * primary-key order) and every sequence's position must equal the original's.
 */
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import { PGLITE_EXTENSIONS } from "../../app/server/platform/pglite-extensions.server.mjs";
import { eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  blogs,
  business_owners_general,
  checkout_sessions,
  businesses,
  contact_messages,
  google_place_skips,
  listing_change_requests,
  listing_claims,
  listing_closures,
  listing_managers,
  listing_slug_history,
  listing_subscriptions,
  restaurants,
  stripe_customers,
  stripe_events,
  subscriptions,
  visibility_report_optouts,
  visibility_reports,
  visibility_rollups,
} from "~/db/schema";
import { getAuth } from "~/server/accounts/auth.server";
import { closeDb, db, dbReady } from "~/server/platform/db.server";
import { createApiToken } from "~/server/models/api-tokens.server";
import { insertOutboxMail } from "~/server/models/mail-outbox.server";
import { recordHit } from "~/server/models/rate-limits.server";
import { seedDemo } from "~/server/seed/seed.server";
import { clearSingletons } from "~/server/platform/singleton.server";
import { countAction, countAnswer, countVisit, flushVisibility } from "~/server/visibility/counter.server";
import { makeFreePlan, makeUser } from "../setup/factories";

/** The postgres project provides its server (tests/setup/db.ts); the pglite project does not. */
const onPostgres = (() => {
  try {
    return Boolean(inject("pgServerUrl"));
  } catch {
    return false;
  }
})();
const root = path.resolve(import.meta.dirname, "../..");
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "pv-backup-test-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

type Query = (sql: string) => Promise<Record<string, unknown>[]>;
type Sums = Record<string, { rows: number; md5: string }>;

/** Every table of the app's schemas and every sequence, counted and summed independently of the code under test. */
async function checksums(query: Query): Promise<Sums> {
  const tables = await query(`
    select n.nspname as schema, c.relname as name, c.oid::int as oid from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind = 'r' and n.nspname in ('public', 'drizzle') order by 1, 2`);
  const out: Sums = {};
  for (const t of tables) {
    const keys = await query(`
      select a.attname as col from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
      where i.indrelid = ${Number(t.oid)} and i.indisprimary order by array_position(i.indkey::int2[], a.attnum)`);
    const order = keys.length ? keys.map((k) => `t."${String(k.col)}"`).join(", ") : "t::text";
    const [row] = await query(
      `select count(*)::int as rows, md5(coalesce(string_agg(t::text, E'\\n' order by ${order}), '')) as md5 from "${String(t.schema)}"."${String(t.name)}" t`,
    );
    out[`${String(t.schema)}.${String(t.name)}`] = { rows: Number(row!.rows), md5: String(row!.md5) };
  }
  for (const s of await query("select schemaname, sequencename, last_value from pg_sequences order by 1, 2")) {
    out[`secuencia ${String(s.schemaname)}.${String(s.sequencename)}`] = { rows: 0, md5: String(s.last_value) };
  }
  return out;
}

/** Rows in every table (most through the app's own code), with text that tests the dump's quoting. */
async function fillEveryTable() {
  await seedDemo();
  const admin = await makeUser({ signedIn: true, admin: true });
  const member = await makeUser({ signedIn: true, name: "Ñandú «Pérez» O'Brien 🌴" });
  await getAuth().api.requestPasswordReset({ body: { email: member.email, redirectTo: "http://localhost:3000/auth/nueva-contrasena" } });
  await makeFreePlan({ grantedBy: admin, email: member.email.toLowerCase() });
  const [business] = await db.select().from(businesses).limit(1);
  await db.insert(listing_slug_history).values({ kind: "business", old_slug: "nombre-anterior", listing_id: business!.id });
  await db
    .insert(business_owners_general)
    .values({ business_id: business!.id, user_id: member.id, email: member.email, plan_type: "starter_local" });
  await db.insert(subscriptions).values({
    user_id: member.id,
    stripe_customer_id: "cus_copia",
    stripe_subscription_id: "sub_copia",
    status: "active",
    current_period_end: new Date("2031-01-31T12:00:00Z"),
  });
  await db.insert(stripe_customers).values({ user_id: member.id, customer_id: "cus_copia" });
  await db.insert(stripe_events).values({ id: "evt_copia", type: "checkout.session.completed" });
  await db.insert(checkout_sessions).values({ id: "cs_copia", user_id: member.id, expires_at: new Date("2031-01-02T12:00:00Z") });
  await db.insert(google_place_skips).values({ place_id: "ChIJcopia", name: "Fonda «Omitida» \\ copia", skipped_by: member.id });
  await db.insert(contact_messages).values({
    name: "Ana \\ «Comillas» \"dobles\" y 'simples'",
    email: "ana@ejemplo.test",
    message: "Línea 1\nLínea 2\ttabulada; emoji 🇵🇦; barra \\N; coma, punto.",
    service: "consultation",
  });
  await createApiToken(member.id, "Copia de seguridad");
  await insertOutboxMail({
    kind: "verify-email",
    to: member.email,
    subject: "Confirma «tu» email",
    text: "Enlace:\nhttps://ejemplo.test/\\N",
  });
  await recordHit("signin:ip:198.51.100.9", 60);
  const listing = { kind: "business", listing_id: business!.id };
  await db.insert(listing_managers).values({ ...listing, user_id: member.id, source: "assignment" });
  await db
    .insert(listing_claims)
    .values({ ...listing, user_id: admin.id, method: "admin", full_name: "Ana «Dueña»", role: "Gerente", phone: "+507 6000-0000" });
  await db.insert(listing_change_requests).values({ ...listing, user_id: member.id, changes: { nombre: "Nuevo «nombre» \\ O'Brien" } });
  await db.insert(listing_closures).values({ ...listing, day: "2031-11-03", reason: "Día de la Separación" });
  await db.insert(listing_subscriptions).values({
    ...listing,
    stripe_subscription_id: "sub_local_copia",
    user_id: member.id,
    plan_type: "starter_local",
    period: "year",
    status: "active",
    current_period_end: new Date("2031-06-30T12:00:00Z"),
  });
  const shown = { kind: "business" as const, segment: business!.industria, provincia: business!.provincia };
  countAnswer({ channel: "api", question: "Ferretería «abierta» \\ O'Brien", entries: [{ ...shown, id: business!.id }], total: 1 });
  countAction({ kind: "business", id: business!.id }, "whatsapp", { ip: "198.51.100.9", userAgent: "copia" });
  countVisit({ kind: "business", id: business!.id }, "crawler", "OAI-SearchBot", "markdown");
  await flushVisibility();
  // The demo's own counts may have rolled this listing up already.
  await db
    .insert(visibility_rollups)
    .values({ ...listing, impressions_30: 1, impressions_90: 1, updated_on: "2031-01-01" })
    .onConflictDoNothing();
  await db.insert(visibility_reports).values({ ...listing, month: "2031-01-01" });
  await db.insert(visibility_report_optouts).values({ user_id: member.id });
}

/** A script of the repository in its own process, as `npm run` starts it. */
function runScript(script: string, args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", script, ...args], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout!.on("data", (d) => (out += d));
    child.stderr!.on("data", (d) => (out += d));
    child.on("exit", (code) => resolve({ code, out }));
  });
}

function expectSameAndFull(actual: Sums, expected: Sums) {
  expect(actual).toEqual(expected);
  const tables = Object.entries(expected).filter(([name]) => !name.startsWith("secuencia "));
  expect(tables.length).toBeGreaterThanOrEqual(19);
  // Every table has rows, so that each checksum compares something (a new table needs a row in fillEveryTable).
  expect(tables.filter(([, t]) => t.rows === 0).map(([name]) => name)).toEqual([]);
}

// Each project runs the round trip of its own database: both run in `npm test`.
if (!onPostgres)
  describe("embedded database (PGlite in DATA_DIR)", () => {
    const original = path.join(tmp, "original");
    const fresh = path.join(tmp, "nueva");
    const file = path.join(tmp, "copia.pglite.tar.gz");
    const env = (dataDir: string) => ({ DATA_DIR: dataDir, DATABASE_URL: "" });

    async function sumsOf(dataDir: string): Promise<Sums> {
      const pglite = await PGlite.create(path.join(dataDir, "pglite"), { extensions: PGLITE_EXTENSIONS });
      try {
        return await checksums((sql) => pglite.query(sql).then((r) => r.rows as Record<string, unknown>[]));
      } finally {
        await pglite.close();
      }
    }

    let before: Sums;
    beforeAll(async () => {
      // This file's database becomes an embedded one on disk, as `npm start` keeps it.
      await closeDb();
      clearSingletons();
      process.env.DATA_DIR = original;
      await dbReady();
      await fillEveryTable();
      await closeDb();
      clearSingletons();
      process.env.DATA_DIR = "memory://";
      before = await sumsOf(original);
    }, 300_000);

    it("backs up with the server stopped, and restores into a new DATA_DIR with every table and sequence equal", async () => {
      const backup = await runScript("scripts/db-backup.ts", [file], env(original));
      expect(backup.out).toContain(`Copia guardada en ${file}`);
      expect(backup.code).toBe(0);
      expect(fs.readFileSync(file).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));

      const restore = await runScript("scripts/db-restore.ts", [file], env(fresh));
      expect(restore.out).toContain("Base embebida restaurada");
      expect(restore.code).toBe(0);
      expectSameAndFull(await sumsOf(fresh), before);
    }, 300_000);

    it("restores over a changed database, keeping the one it replaces aside", async () => {
      const pglite = await PGlite.create(path.join(original, "pglite"), { extensions: PGLITE_EXTENSIONS });
      await pglite.exec("delete from blogs where is_published; update restaurants set nombre = 'Cambiado' where true;");
      await pglite.close();
      const changed = await sumsOf(original);
      expect(changed["public.restaurants"]!.md5).not.toBe(before["public.restaurants"]!.md5);
      expect(changed["public.blogs"]!.rows).toBeLessThan(before["public.blogs"]!.rows);

      const restore = await runScript("scripts/db-restore.ts", [file], env(original));
      expect(restore.code).toBe(0);
      expectSameAndFull(await sumsOf(original), before);
      const aside = /quedó en (\S+)/.exec(restore.out)?.[1];
      expect(aside && path.dirname(aside)).toBe(original);
      const pgliteAside = await PGlite.create(aside!, { extensions: PGLITE_EXTENSIONS });
      const [renamed] = (await pgliteAside.query<{ n: number }>("select count(*)::int as n from restaurants where nombre = 'Cambiado'"))
        .rows;
      await pgliteAside.close();
      expect(renamed!.n).toBe(before["public.restaurants"]!.rows);
    }, 300_000);

    it("refuses while the server has DATA_DIR open, and refuses files that are not its backups, in Spanish", async () => {
      // The server's own way of opening the database (db.server.ts), in a process that keeps it open.
      const holder = spawn(
        process.execPath,
        [
          "--import",
          "tsx",
          "-e",
          'import("./app/server/platform/db.server.ts").then(async (m) => { await m.dbReady(); console.log("abierta"); setInterval(() => {}, 1000); });',
        ],
        { cwd: root, env: { ...process.env, DATA_DIR: original, DATABASE_URL: "" }, stdio: ["ignore", "pipe", "pipe"] },
      );
      try {
        await new Promise<void>((resolve, reject) => {
          let said = "";
          holder.stdout!.on("data", (d) => {
            said += d;
            if (said.includes("abierta")) resolve();
          });
          holder.stderr!.on("data", (d) => (said += d));
          holder.on("exit", () => reject(new Error(`the holder ended: ${said}`)));
        });
        for (const [script, args] of [
          ["scripts/db-backup.ts", [path.join(tmp, "otra.tar.gz")]],
          ["scripts/db-restore.ts", [file]],
        ] as const) {
          const refused = await runScript(script, [...args], env(original));
          expect(refused.code).toBe(1);
          expect(refused.out).toContain(`abierta por otro proceso (pid ${holder.pid})`);
          expect(refused.out).toMatch(/detén el servidor/i);
        }
        expect(fs.existsSync(path.join(tmp, "otra.tar.gz"))).toBe(false);
      } finally {
        holder.kill("SIGKILL");
        await new Promise((resolve) => holder.once("exit", resolve));
      }

      const garbage = path.join(tmp, "nada.txt");
      fs.writeFileSync(garbage, "esto no es una copia");
      const notBackup = await runScript("scripts/db-restore.ts", [garbage], env(fresh));
      expect(notBackup.code).toBe(1);
      expect(notBackup.out).toMatch(/no es una copia de esta aplicación/);

      const otherGzip = path.join(tmp, "otra-cosa.tar.gz");
      fs.writeFileSync(otherGzip, zlib.gzipSync("un archivo comprimido cualquiera"));
      const notOurs = await runScript("scripts/db-restore.ts", [otherGzip], env(fresh));
      expect(notOurs.code).toBe(1);
      expect(notOurs.out).toMatch(/no se pudo cargar como base embebida/);
      expect(fs.readdirSync(fresh)).toEqual(["pglite"]);

      const pgDump = path.join(tmp, "copia.pgdump");
      fs.writeFileSync(pgDump, "PGDMP\u0001\u000e\u0000");
      const wrongKind = await runScript("scripts/db-restore.ts", [pgDump], env(fresh));
      expect(wrongKind.code).toBe(1);
      expect(wrongKind.out).toMatch(/es una copia de PostgreSQL \(pg_dump\): para restaurarla define DATABASE_URL/);

      const usage = await runScript("scripts/db-restore.ts", [], env(fresh));
      expect(usage.code).toBe(2);
      expect(usage.out).toMatch(/Uso: npm run db:restore -- <archivo de copia>/);
      // The database restored before is unchanged by the refusals.
      expectSameAndFull(await sumsOf(fresh), before);
    }, 300_000);
  });

if (onPostgres)
  describe("PostgreSQL (pg_dump and pg_restore)", () => {
    const file = path.join(tmp, "copia.pgdump");
    let serverUrl: string;
    let freshUrl: string;
    let freshName: string;

    async function sumsOf(url: string): Promise<Sums> {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        return await checksums((sql) => client.query(sql).then((r) => r.rows as Record<string, unknown>[]));
      } finally {
        await client.end();
      }
    }

    async function admin(sql: string) {
      const client = new pg.Client({ connectionString: `${serverUrl}/postgres` });
      await client.connect();
      try {
        await client.query(sql);
      } finally {
        await client.end();
      }
    }

    let before: Sums;
    beforeAll(async () => {
      const url = new URL(process.env.DATABASE_URL!);
      serverUrl = `${url.protocol}//${url.username ? `${url.username}@` : ""}${url.host}`;
      freshName = `${url.pathname.slice(1)}_restaurada_${crypto.randomBytes(3).toString("hex")}`;
      freshUrl = `${serverUrl}/${freshName}`;
      await fillEveryTable();
      before = await sumsOf(process.env.DATABASE_URL!);
      await admin(`create database ${freshName}`);
    }, 300_000);
    afterAll(async () => {
      await admin(`drop database if exists ${freshName} with (force)`);
    });

    it("backs up a live database with pg_dump and restores it into an empty one with every table and sequence equal", async () => {
      const backup = await runScript("scripts/db-backup.ts", [file], { DATABASE_URL: process.env.DATABASE_URL! });
      expect(backup.out).toContain(`Copia guardada en ${file}`);
      expect(backup.code).toBe(0);
      expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe("PGDMP");

      const restore = await runScript("scripts/db-restore.ts", [file], { DATABASE_URL: freshUrl });
      expect(restore.out).toContain("PostgreSQL restaurado");
      expect(restore.code).toBe(0);
      // An empty database has nothing to keep aside.
      expect(restore.out).not.toContain("copia previa");
      expectSameAndFull(await sumsOf(freshUrl), before);
    }, 300_000);

    it("restores over a changed database after backing up what it replaces", async () => {
      await db.delete(blogs).where(eq(blogs.is_published, true));
      await db.update(restaurants).set({ nombre: "Cambiado" });
      const changed = await sumsOf(process.env.DATABASE_URL!);
      expect(changed["public.restaurants"]!.md5).not.toBe(before["public.restaurants"]!.md5);

      const restore = await runScript("scripts/db-restore.ts", [file], { DATABASE_URL: process.env.DATABASE_URL! });
      expect(restore.code).toBe(0);
      expectSameAndFull(await sumsOf(process.env.DATABASE_URL!), before);

      // The copy taken first holds the changed data: restored into the scratch database, it sums as `changed`.
      const previous = /copia previa de lo que había: (\S+)/.exec(restore.out)?.[1];
      expect(previous).toMatch(/\.antes-de-restaurar\.pgdump$/);
      try {
        const back = await runScript("scripts/db-restore.ts", [previous!], { DATABASE_URL: freshUrl });
        expect(back.code).toBe(0);
        expect(await sumsOf(freshUrl)).toEqual(changed);
        const again = /copia previa de lo que había: (\S+)/.exec(back.out)?.[1];
        if (again) fs.rmSync(again, { force: true });
      } finally {
        fs.rmSync(previous!, { force: true });
        // The copies taken first go to backups/ in the repository: leave no empty folder behind.
        if (fs.existsSync(path.dirname(previous!)) && fs.readdirSync(path.dirname(previous!)).length === 0)
          fs.rmdirSync(path.dirname(previous!));
      }
    }, 300_000);

    it("refuses an embedded backup and a database it cannot reach, in Spanish", async () => {
      const tarball = path.join(tmp, "embebida.tar.gz");
      fs.writeFileSync(tarball, Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00]));
      const wrongKind = await runScript("scripts/db-restore.ts", [tarball], { DATABASE_URL: freshUrl });
      expect(wrongKind.code).toBe(1);
      expect(wrongKind.out).toMatch(/es una copia de la base embebida: para restaurarla quita DATABASE_URL/);

      const unreachable = await runScript("scripts/db-backup.ts", [path.join(tmp, "nunca.pgdump")], {
        DATABASE_URL: `${serverUrl}/no_existe_${crypto.randomBytes(3).toString("hex")}`,
      });
      expect(unreachable.code).toBe(1);
      expect(unreachable.out).toMatch(/No se pudo conectar a PostgreSQL/);
      expect(fs.existsSync(path.join(tmp, "nunca.pgdump"))).toBe(false);
    }, 60_000);
  });
