/** Start-up: migrations, then the demo seed on an empty embedded database. */
import { dbReady } from "./db.server";
import { getEnv } from "./env.server";
import { isDatabaseEmpty, seedDemo } from "./seed/seed.server";

export async function prepareDatabase(log: (msg: string) => void = console.info): Promise<void> {
  const env = getEnv();
  await dbReady();
  const wantSeed = env.SEED_DEMO ?? env.embedded;
  if (!wantSeed) return;
  // SEED_DEMO unset: seed only an empty embedded database. SEED_DEMO=1: seed (idempotently) anyway.
  if (env.SEED_DEMO === undefined && !(await isDatabaseEmpty())) return;
  log("[seed] cargando datos de demostración…");
  await seedDemo((m) => log(`[seed] ${m}`));
}
