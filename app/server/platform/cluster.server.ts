/**
 * WEB_CONCURRENCY > 1, on PostgreSQL only (the embedded database is one process; env.server.ts
 * refuses it there): one primary process forks the workers that share the port. The primary replaces
 * a worker that dies, and on SIGTERM/SIGINT lets every worker finish its requests before exiting.
 * Workers hear each other's page-cache invalidations through PostgreSQL, as separate hosts do
 * (notify.server.ts, decision 068).
 */
import cluster, { type Worker } from "node:cluster";
import { closeDb } from "./db.server";
import { log as logger } from "./logger.server";
import { serveClusterMetrics } from "./metrics.server";

/** In the primary: fork `workers` processes of this same script and look after them. */
export function runPrimary(workers: number, { log = logger.info }: { log?: (msg: string) => void } = {}): void {
  let stopping = false;
  const finish = (forced: boolean) => {
    log(forced ? "[server] cierre forzado tras 12 s" : "[server] cerrado");
    process.exit(forced ? 1 : 0);
  };
  const live = () => Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w) && !w!.isDead());
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      if (live().length === 0) finish(false);
      return;
    }
    logger.error(`[server] el proceso ${worker.process.pid} terminó (${signal ?? code}); se reemplaza`);
    cluster.fork();
  });
  // /metrics in any worker answers for all of them: the primary sums what each reports.
  serveClusterMetrics();
  for (let i = 0; i < workers; i++) cluster.fork();
  log(`[server] ${workers} procesos`);
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`[server] ${signal}: deteniendo ${workers} procesos…`);
    for (const worker of live()) worker.process.kill("SIGTERM");
    setTimeout(() => finish(true), 12_000).unref();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

/**
 * The primary of WEB_CONCURRENCY > 1: prepares the database once (migrations, seed), closes its pool,
 * then forks the workers, each opening its own.
 */
export async function startPrimary(workers: number, prepare: () => Promise<void>, log?: (msg: string) => void): Promise<void> {
  await prepare();
  await closeDb();
  runPrimary(workers, { log });
}
