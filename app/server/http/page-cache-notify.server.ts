/**
 * Page-cache invalidations shared by every app process on one PostgreSQL: any number of processes on
 * any number of machines, WEB_CONCURRENCY's workers included (decision 068). `invalidatePublicPages()`
 * sends a NOTIFY, and each process LISTENs on a connection of its own (outside the pool, so a busy
 * pool never delays it) and empties its copy when another process wrote. The embedded database serves
 * one process, which needs none of this.
 *
 * When that connection is lost (PostgreSQL restarted), it is opened again within a second of the
 * database's return; notifications sent meanwhile were missed, so the process then empties its copy.
 */
import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import { db } from "../platform/db.server";
import { getEnv } from "../platform/env.server";
import { clearPublicPages, onInvalidate } from "./page-cache.server";
import { singleton } from "../platform/singleton.server";

const CHANNEL = "page_cache_invalidation";
/** Waits between attempts to reopen the connection; the last one repeats. */
const RETRY_MS = [100, 250, 500, 1000];

type Channel = {
  /** Names this process in its own notifications, which it skips: its copy is already empty. */
  origin: string;
  client: pg.Client | null;
  retry: NodeJS.Timeout | null;
  failures: number;
  stopped: boolean;
  registered: boolean;
  log: (message: string) => void;
};

const state = () =>
  singleton<Channel>("invalidation-channel", () => ({
    origin: `${process.pid}-${crypto.randomUUID()}`,
    client: null,
    retry: null,
    failures: 0,
    stopped: true,
    registered: false,
    log: console.info,
  }));

function notifyOthers(): void {
  const { origin } = state();
  db.execute(sql`select pg_notify(${CHANNEL}, ${origin})`).catch((error: Error) => {
    // The write that called this has committed; the other processes see it within PAGE_CACHE_TTL_MS.
    console.error("[cache] no se pudo avisar a los otros procesos:", error.message);
  });
}

/** Opens the listening connection; on failure, tries again later. Resolves after the first attempt. */
async function connect(): Promise<void> {
  const s = state();
  if (s.stopped) return;
  const client = new pg.Client({ connectionString: getEnv().DATABASE_URL, keepAlive: true, connectionTimeoutMillis: 5_000 });
  s.client = client;
  const lost = (error?: Error) => {
    if (s.client !== client) return;
    s.client = null;
    client.end().catch(() => {});
    if (s.stopped) return;
    if (s.failures === 0) s.log(`[cache] se perdió la conexión de avisos a PostgreSQL (${error?.message ?? "cerrada"}); reintentando`);
    const wait = RETRY_MS[Math.min(s.failures, RETRY_MS.length - 1)]!;
    s.failures++;
    s.retry = setTimeout(() => {
      s.retry = null;
      void connect();
    }, wait);
    s.retry.unref();
  };
  client.on("notification", (message) => {
    if (message.channel === CHANNEL && message.payload !== s.origin) clearPublicPages();
  });
  client.on("error", lost);
  client.on("end", () => lost());
  try {
    await client.connect();
    await client.query(`listen ${CHANNEL}`);
  } catch (error) {
    lost(error as Error);
    return;
  }
  if (s.failures > 0) {
    s.failures = 0;
    // What other processes changed while this one could not hear them.
    clearPublicPages();
    s.log("[cache] conexión de avisos restablecida");
  }
}

/**
 * Joins the other processes' invalidations (on PostgreSQL; nothing on the embedded database). Call
 * once per serving process before it listens for requests.
 */
export async function listenForInvalidations({ log = console.info }: { log?: (message: string) => void } = {}): Promise<void> {
  if (!getEnv().DATABASE_URL) return;
  const s = state();
  if (!s.stopped) return;
  s.stopped = false;
  s.log = log;
  if (!s.registered) onInvalidate(notifyOthers);
  s.registered = true;
  await connect();
}

/** Closes the listening connection (shutdown). */
export async function stopListening(): Promise<void> {
  const s = state();
  s.stopped = true;
  if (s.retry) clearTimeout(s.retry);
  const client = s.client;
  s.client = null;
  await client?.end().catch(() => {});
}
