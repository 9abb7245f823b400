import path from "node:path";
import { defineConfig } from "vitest/config";
import { postgresAvailable } from "./tests/setup/postgres";

const alias = { "~": path.resolve(import.meta.dirname, "app") };
const withPostgres = postgresAvailable();
if (!withPostgres) {
  const message =
    "[tests] SKIPPED: the PostgreSQL model suite (no initdb/pg_ctl found and no TEST_DATABASE_URL). Install postgresql to run it.";
  if (process.env.CI) throw new Error(`${message} CI never skips it.`);
  console.warn(message);
}

const shared = { setupFiles: ["tests/setup/env.ts", "tests/setup/db.ts"], testTimeout: 30_000, hookTimeout: 60_000 };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      { resolve: { alias }, test: { name: "pglite", include: ["tests/{unit,models,routes}/**/*.test.ts"], ...shared } },
      ...(withPostgres
        ? [
            {
              resolve: { alias },
              test: {
                name: "postgres",
                include: ["tests/models/**/*.test.ts"],
                globalSetup: ["tests/setup/global-postgres.ts"],
                ...shared,
              },
            },
          ]
        : []),
    ],
  },
});
