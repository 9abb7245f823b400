/**
 * Fixed-window rate limiting kept in the database: every app process shares the counters.
 */
import { sql } from "drizzle-orm";
import { db, queryRows } from "../platform/db.server";

export type LimitState = { count: number; retryAfterSeconds: number };

/** Counts `hits` events (one by default) for `key` in a window of `windowSeconds`; returns the window's count. */
export async function recordHit(key: string, windowSeconds = 60, hits = 1): Promise<LimitState> {
  const rows = await queryRows<{ count: number; retry: number }>(sql`
    insert into rate_limits (key, window_start, count) values (${key}, now(), ${hits})
    on conflict (key) do update set
      count = case when rate_limits.window_start <= now() - make_interval(secs => ${windowSeconds})
                   then ${hits} else rate_limits.count + ${hits} end,
      window_start = case when rate_limits.window_start <= now() - make_interval(secs => ${windowSeconds})
                   then now() else rate_limits.window_start end
    returning count, greatest(1, ceil(extract(epoch from (window_start + make_interval(secs => ${windowSeconds}) - now()))))::int as retry`);
  const row = rows[0]!;
  // Every key ever seen keeps a row: about one hit in PRUNE_EVERY also drops the windows long over,
  // so the table stays small on every process without a timer of its own.
  if (Math.random() * PRUNE_EVERY < 1) await pruneHits();
  return { count: Number(row.count), retryAfterSeconds: Number(row.retry) };
}

const PRUNE_EVERY = 200;

/** The count in the current window without adding to it. */
export async function peekHits(key: string, windowSeconds = 60): Promise<LimitState> {
  const rows = await queryRows<{ count: number; retry: number }>(sql`
    select count, greatest(1, ceil(extract(epoch from (window_start + make_interval(secs => ${windowSeconds}) - now()))))::int as retry
    from rate_limits where key = ${key} and window_start > now() - make_interval(secs => ${windowSeconds})`);
  const row = rows[0];
  return row ? { count: Number(row.count), retryAfterSeconds: Number(row.retry) } : { count: 0, retryAfterSeconds: 0 };
}

/** Gives back one hit counted in advance (never below zero, and only in the window it was counted in). */
export async function releaseHit(key: string, windowSeconds = 60): Promise<void> {
  await db.execute(sql`
    update rate_limits set count = greatest(count - 1, 0)
    where key = ${key} and window_start > now() - make_interval(secs => ${windowSeconds})`);
}

export async function clearHits(key: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}

/** Drops the windows that started over an hour ago (the longest window is 10 minutes). */
async function pruneHits(olderThanSeconds = 3600): Promise<void> {
  await db.execute(sql`delete from rate_limits where window_start < now() - make_interval(secs => ${olderThanSeconds})`);
}
