/**
 * Writes the visibility counter's batches: each table's rows are added to what is there (an upsert
 * that sums), so any number of processes may write the same day's rows. Rows go in key order, which
 * keeps two processes' transactions from waiting on each other in a cycle.
 */
import { type SQL, sql } from "drizzle-orm";
import { QUESTION_RETENTION_DAYS, TOTALS_RETENTION_DAYS } from "~/catalog/visibility";
import { db, type Tx } from "../platform/db.server";

export type ImpressionRow = { kind: string; listingId: string; day: string; channel: string; band: number; count: number };
export type SegmentRow = { kind: string; segment: string; provincia: string; day: string; count: number };
export type DirectoryRow = { day: string; metric: string; count: number };
export type ActionRow = { kind: string; listingId: string; day: string; action: string; count: number };
export type VisitRow = { kind: string; listingId: string; day: string; visit: string; source: string; surface: string; count: number };
export type EntryQuestionRow = { kind: string; listingId: string; day: string; question: string; count: number; positionSum: number };
export type QuestionRow = { day: string; question: string; channel: string; empty: number; few: number };

export type VisibilityBatch = {
  impressions: ImpressionRow[];
  segments: SegmentRow[];
  directory: DirectoryRow[];
  actions: ActionRow[];
  visits: VisitRow[];
  entryQuestions: EntryQuestionRow[];
  questions: QuestionRow[];
};

/** Rows per statement: well under PostgreSQL's 65,535 parameters for the widest row (7 columns). */
const CHUNK = 1000;

async function upsert<T>(tx: Tx, rows: T[], statement: (values: SQL) => SQL, values: (row: T) => SQL): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK);
    await tx.execute(
      statement(
        sql.join(
          chunk.map((r) => values(r)),
          sql`, `,
        ),
      ),
    );
  }
}

/** Adds one batch of counts, all of it or (on an error) none of it. */
export async function addVisibilityBatch(b: VisibilityBatch): Promise<void> {
  await db.transaction(async (tx) => {
    await upsert(
      tx,
      b.impressions,
      (v) => sql`insert into visibility_impressions (kind, listing_id, day, channel, band, count) values ${v}
        on conflict (kind, listing_id, day, channel, band) do update set count = visibility_impressions.count + excluded.count`,
      (r) => sql`(${r.kind}, ${r.listingId}::uuid, ${r.day}::date, ${r.channel}, ${r.band}::smallint, ${r.count}::int)`,
    );
    await upsert(
      tx,
      b.segments,
      (v) => sql`insert into visibility_segment_impressions (kind, segment, provincia, day, count) values ${v}
        on conflict (kind, segment, provincia, day) do update set count = visibility_segment_impressions.count + excluded.count`,
      (r) => sql`(${r.kind}, ${r.segment}, ${r.provincia}, ${r.day}::date, ${r.count}::int)`,
    );
    await upsert(
      tx,
      b.directory,
      (v) => sql`insert into visibility_directory (day, metric, count) values ${v}
        on conflict (day, metric) do update set count = visibility_directory.count + excluded.count`,
      (r) => sql`(${r.day}::date, ${r.metric}, ${r.count}::int)`,
    );
    await upsert(
      tx,
      b.actions,
      (v) => sql`insert into visibility_actions (kind, listing_id, day, action, count) values ${v}
        on conflict (kind, listing_id, day, action) do update set count = visibility_actions.count + excluded.count`,
      (r) => sql`(${r.kind}, ${r.listingId}::uuid, ${r.day}::date, ${r.action}, ${r.count}::int)`,
    );
    await upsert(
      tx,
      b.visits,
      (v) => sql`insert into visibility_visits (kind, listing_id, day, visit, source, surface, count) values ${v}
        on conflict (kind, listing_id, day, visit, source, surface) do update set count = visibility_visits.count + excluded.count`,
      (r) => sql`(${r.kind}, ${r.listingId}::uuid, ${r.day}::date, ${r.visit}, ${r.source}, ${r.surface}, ${r.count}::int)`,
    );
    await upsert(
      tx,
      b.entryQuestions,
      (v) => sql`insert into visibility_entry_questions (kind, listing_id, day, question, count, position_sum) values ${v}
        on conflict (kind, listing_id, day, question) do update set count = visibility_entry_questions.count + excluded.count,
          position_sum = visibility_entry_questions.position_sum + excluded.position_sum`,
      (r) => sql`(${r.kind}, ${r.listingId}::uuid, ${r.day}::date, ${r.question}, ${r.count}::int, ${r.positionSum}::int)`,
    );
    await upsert(
      tx,
      b.questions,
      (v) => sql`insert into visibility_questions (day, question, channel, empty, few) values ${v}
        on conflict (day, question, channel) do update set empty = visibility_questions.empty + excluded.empty,
          few = visibility_questions.few + excluded.few`,
      (r) => sql`(${r.day}::date, ${r.question}, ${r.channel}, ${r.empty}::int, ${r.few}::int)`,
    );
  });
}

/** Drops question rows older than 90 days and daily totals older than the totals' retention. */
export async function pruneVisibility(today: string): Promise<void> {
  const questionsBefore = sql`${today}::date - ${QUESTION_RETENTION_DAYS}::int`;
  const totalsBefore = sql`${today}::date - ${TOTALS_RETENTION_DAYS}::int`;
  await db.execute(sql`delete from visibility_entry_questions where day < ${questionsBefore}`);
  await db.execute(sql`delete from visibility_questions where day < ${questionsBefore}`);
  for (const table of [
    "visibility_impressions",
    "visibility_segment_impressions",
    "visibility_directory",
    "visibility_actions",
    "visibility_visits",
  ]) {
    await db.execute(sql`delete from ${sql.identifier(table)} where day < ${totalsBefore}`);
  }
}
