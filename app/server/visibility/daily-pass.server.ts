/**
 * The visibility counts' daily pass: each entry's impressions over the last 30 and 90 full days
 * (yesterday back) into visibility_rollups, which the admin's "shown most without a paid plan" reads
 * by index instead of summing every entry's rows; then the old rows are pruned.
 *
 * The entries are done in 16 slices of the uuid space, each in a transaction of its own. Every
 * serving process runs the pass; a slice is taken with a transaction-level advisory lock (a process
 * that finds it taken skips it) and marked done for the day in visibility_directory (metric
 * 'pass:rollups:<kind>:<slice>', which no view reads) in the same transaction, so the work is done
 * once a day across processes, and a pass cut short is finished by the next one.
 */
import { sql } from "drizzle-orm";
import { addDays, panamaToday } from "~/catalog/holidays";
import { LISTING_KIND_IDS } from "~/catalog/listing-kinds";
import { pruneVisibility } from "../models/visibility-counts.server";
import { db } from "../platform/db.server";
import { log as logger } from "../platform/logger.server";
import { singleton } from "../platform/singleton.server";

const DAY_MS = 24 * 60 * 60_000;
const FIRST_PASS_MS = 90_000;
/** The advisory lock's first key: the slice number is the second. */
const LOCK_KEY = 0x76697331; // 'vis1'
const SLICES = 16;

/** The slice's bounds in the uuid space: [from, to), the last one open-ended. */
function slice(i: number): { from: string; to: string | null } {
  const hex = (n: number) => `${n.toString(16)}0000000-0000-0000-0000-000000000000`;
  return { from: hex(i), to: i + 1 < SLICES ? hex(i + 1) : null };
}

/**
 * Rolls up one slice of one kind as of `today`: true when it did the work, false when another process
 * holds it or it was already done today.
 */
async function rollSlice(kind: string, i: number, today: string): Promise<boolean> {
  const { from, to } = slice(i);
  const inSlice = sql`listing_id >= ${from}::uuid ${to ? sql`and listing_id < ${to}::uuid` : sql``}`;
  const last30 = addDays(today, -30);
  const last90 = addDays(today, -90);
  return db.transaction(async (tx) => {
    const kindIndex = LISTING_KIND_IDS.indexOf(kind as (typeof LISTING_KIND_IDS)[number]);
    const lock = (await tx.execute(
      sql`select pg_try_advisory_xact_lock(${LOCK_KEY}::int, ${kindIndex * SLICES + i}::int) as got`,
    )) as unknown as {
      rows: { got: boolean }[];
    };
    if (!lock.rows[0]?.got) return false;
    // The day's mark of the slice, written with its rollups: a slice done today is not done again.
    const marked = (await tx.execute(sql`
      insert into visibility_directory (day, metric, count) values (${today}::date, ${`pass:rollups:${kind}:${i}`}, 1)
      on conflict do nothing returning 1`)) as unknown as { rows: unknown[] };
    if (!marked.rows.length) return false;
    await tx.execute(sql`
      insert into visibility_rollups (kind, listing_id, impressions_30, impressions_90, updated_on)
      select kind, listing_id,
        least(coalesce(sum(count) filter (where day >= ${last30}::date), 0), 2147483647)::int,
        least(sum(count), 2147483647)::int, ${today}::date
      from visibility_impressions
      where kind = ${kind} and ${inSlice} and day >= ${last90}::date and day < ${today}::date
      group by kind, listing_id
      on conflict (kind, listing_id) do update set impressions_30 = excluded.impressions_30,
        impressions_90 = excluded.impressions_90, updated_on = excluded.updated_on`);
    // Entries not shown in the last 90 days have no rollup.
    await tx.execute(sql`delete from visibility_rollups where kind = ${kind} and ${inSlice} and updated_on < ${today}::date`);
    return true;
  });
}

/** Refreshes every entry's rollups as of `today`; returns how many slices this process did. */
export async function refreshVisibilityRollups(today: string = panamaToday()): Promise<number> {
  let done = 0;
  for (const kind of LISTING_KIND_IDS) {
    for (let i = 0; i < SLICES; i++) if (await rollSlice(kind, i, today)) done++;
  }
  return done;
}

/** The whole pass: rollups, then the rows past their retention. */
export async function visibilityDailyPass(now: Date = new Date()): Promise<void> {
  const today = panamaToday(now);
  await refreshVisibilityRollups(today);
  await pruneVisibility(today);
}

type State = { timer: NodeJS.Timeout | null; pass: Promise<void> | null };
const state = () => singleton<State>("visibility-daily-pass", () => ({ timer: null, pass: null }));

function runPass(): void {
  const s = state();
  if (s.pass) return;
  s.pass = visibilityDailyPass()
    .catch((e) => logger.error(`[visibilidad] falló la pasada diaria: ${e instanceof Error ? e.message : String(e)}`))
    .finally(() => {
      s.pass = null;
    });
}

/**
 * A pass shortly after start, then every hour: the rollups are redone once per Panama day (the first
 * pass after midnight does it; the others find it done), whatever time the process started.
 */
export function startVisibilityDailyPass(): void {
  const s = state();
  if (s.timer) return;
  s.timer = setTimeout(function tick() {
    runPass();
    s.timer = setTimeout(tick, DAY_MS / 24).unref();
  }, FIRST_PASS_MS).unref();
}

export async function stopVisibilityDailyPass(): Promise<void> {
  const s = state();
  if (s.timer) clearTimeout(s.timer);
  s.timer = null;
  await s.pass;
}
