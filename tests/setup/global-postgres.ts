/** Vitest globalSetup of the PostgreSQL project: one server, one migrated template database. */
import type { TestProject } from "vitest/node";
import pg from "pg";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import { startPostgres, type PgServer } from "./postgres";

let server: PgServer | null = null;

export default async function setup(project: TestProject) {
  server = await startPostgres();
  const admin = new pg.Client({ connectionString: `${server.url}/postgres` });
  await admin.connect();
  await admin.query("drop database if exists pv_template");
  await admin.query("create database pv_template");
  await admin.end();
  const pool = new pg.Pool({ connectionString: `${server.url}/pv_template` });
  await migrate(drizzle({ client: pool }), { migrationsFolder: "drizzle" });
  await pool.end();
  project.provide("pgServerUrl", server.url);
  return async () => {
    server?.stop();
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    pgServerUrl: string;
  }
}
