/** Start-up: migrations, then the demo seed on an empty embedded database; the serving processes' background work. */
import { dbReady } from "./db.server";
import { getEnv } from "./env.server";
import { startMailSender, stopMailSender } from "../mail/sender.server";
import { isDatabaseEmpty, seedDemo } from "../seed/seed.server";
import { log as logger } from "./logger.server";
import { startInfoReminders, stopInfoReminders } from "../owners/info-reminders.server";
import { startMonthlyReports, stopMonthlyReports } from "../visibility/monthly-report.server";
import { startVisibilityCounter, stopVisibilityCounter } from "../visibility/counter.server";
import { startVisibilityDailyPass, stopVisibilityDailyPass } from "../visibility/daily-pass.server";

export async function prepareDatabase(log: (msg: string) => void = logger.info): Promise<void> {
  const env = getEnv();
  await dbReady();
  const wantSeed = env.SEED_DEMO ?? env.embedded;
  if (!wantSeed) return;
  // SEED_DEMO unset: seed only an empty embedded database. SEED_DEMO=1: seed (idempotently) anyway.
  if (env.SEED_DEMO === undefined && !(await isDatabaseEmpty())) return;
  log("[seed] cargando datos de demostración…");
  await seedDemo((m) => log(`[seed] ${m}`));
}

/**
 * In every process that serves requests (each worker of a cluster too: claiming mail is exclusive),
 * once the database is ready: the mail outbox's sender and the daily reminder to confirm listings'
 * information and the monthly visibility report (both claim their rows, so several processes never
 * do one thing twice), the visibility counter's timed writes (its sums add up across processes) and
 * its daily pass (rollups and retention, one process per slice under an advisory lock).
 */
export function startBackgroundWork(): void {
  if (getEnv().SMTP_URL) startMailSender();
  startInfoReminders();
  startMonthlyReports();
  startVisibilityCounter();
  startVisibilityDailyPass();
}

/** On shutdown, before the database closes: writes the last counts and lets a mail being sent finish. */
export async function stopBackgroundWork(): Promise<void> {
  await stopVisibilityCounter();
  await stopVisibilityDailyPass();
  await stopInfoReminders();
  await stopMonthlyReports();
  await stopMailSender();
}
