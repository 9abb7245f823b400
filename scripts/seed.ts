/**
 * `npm run db:seed`: loads the demo data into the configured database (DATABASE_URL, or the embedded
 * one in DATA_DIR), idempotently. `npm start` does the same on its own for an empty embedded database.
 */
import { closeDb, dbReady } from "../app/server/platform/db.server";
import { seedDemo } from "../app/server/seed/seed.server";

await dbReady().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
await seedDemo((msg) => console.info(msg));
await closeDb();
