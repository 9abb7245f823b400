/**
 * Per test file: a fresh database. In-memory PGlite by default; in the PostgreSQL project a new
 * database cloned from the migrated template. Singletons (env, db, auth) are reset between files.
 */
import crypto from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, inject } from "vitest";

let dbName: string | null = null;
const serverUrl = (() => {
  try {
    return inject("pgServerUrl");
  } catch {
    return undefined;
  }
})();

async function resetSingletons() {
  const { closeDb } = await import("~/server/platform/db.server");
  await closeDb();
  const { clearSingletons } = await import("~/server/platform/singleton.server");
  clearSingletons();
}

beforeAll(async () => {
  await resetSingletons();
  if (serverUrl) {
    dbName = `pv_test_${crypto.randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: `${serverUrl}/postgres` });
    await admin.connect();
    await admin.query(`create database ${dbName} template pv_template`);
    await admin.end();
    process.env.DATABASE_URL = `${serverUrl}/${dbName}`;
  } else {
    delete process.env.DATABASE_URL;
    process.env.DATA_DIR = "memory://";
  }
  const { dbReady } = await import("~/server/platform/db.server");
  await dbReady();
}, 60_000);

afterAll(async () => {
  await resetSingletons();
  if (serverUrl && dbName) {
    const admin = new pg.Client({ connectionString: `${serverUrl}/postgres` });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
});
