/**
 * The monthly report's data: a listing's month of visibility (and the month before, for the change)
 * summed from the daily totals, the claim that makes one process send each listing's report once per
 * month, who receives it, and the people who asked to receive no more.
 */
import { and, eq, sql } from "drizzle-orm";
import { LISTING_KINDS, type ListingKind } from "~/catalog/listing-kinds";
import {
  VISIBILITY_ACTION_IDS,
  VISIBILITY_CHANNEL_IDS,
  type VisibilityAction,
  type VisibilityChannel,
  type VisitType,
} from "~/catalog/visibility";
import { listing_managers, users, visibility_report_optouts } from "~/db/schema";
import { db, queryRows } from "../platform/db.server";
import type { ListingRef } from "./listing-managers.server";

/** A month as its first day, 'YYYY-MM-01'. */
export type Month = string;

export type MonthFigures = {
  impressions: Record<VisibilityChannel, number>;
  actions: Record<VisibilityAction, number>;
  visits: Record<VisitType, number>;
};

export type TopQuestion = { question: string; count: number; position: number };

export type MonthReport = { current: MonthFigures; previous: MonthFigures; questions: TopQuestion[] };

const emptyFigures = (): MonthFigures => ({
  impressions: Object.fromEntries(VISIBILITY_CHANNEL_IDS.map((c) => [c, 0])) as Record<VisibilityChannel, number>,
  actions: Object.fromEntries(VISIBILITY_ACTION_IDS.map((a) => [a, 0])) as Record<VisibilityAction, number>,
  visits: { referral: 0, crawler: 0 },
});

/** The first day of the month before `month`. */
export function previousMonth(month: Month): Month {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12-01` : `${y}-${String(m - 1).padStart(2, "0")}-01`;
}

/** The listing's figures for `month` and the month before, and its three most frequent questions of `month`. */
export async function monthReport(ref: ListingRef, month: Month): Promise<MonthReport> {
  const from = sql`${previousMonth(month)}::date`;
  const start = sql`${month}::date`;
  const end = sql`(${month}::date + interval '1 month')::date`;
  const of = sql`kind = ${ref.kind} and listing_id = ${ref.listingId}::uuid and day >= ${from} and day < ${end}`;
  const rows = await queryRows<{ metric: "imp" | "act" | "visit"; key: string; current: boolean; n: string | number }>(sql`
    select 'imp' as metric, channel as key, day >= ${start} as current, sum(count)::bigint as n
      from visibility_impressions where ${of} group by 2, 3
    union all
    select 'act', action, day >= ${start}, sum(count)::bigint from visibility_actions where ${of} group by 2, 3
    union all
    select 'visit', visit, day >= ${start}, sum(count)::bigint from visibility_visits where ${of} group by 2, 3`);
  const report: MonthReport = { current: emptyFigures(), previous: emptyFigures(), questions: [] };
  for (const r of rows) {
    const figures = r.current ? report.current : report.previous;
    const group = r.metric === "imp" ? figures.impressions : r.metric === "act" ? figures.actions : figures.visits;
    if (r.key in group) (group as Record<string, number>)[r.key] = Number(r.n);
  }
  const questions = await queryRows<{ question: string; n: string | number; positions: string | number }>(sql`
    select question, sum(count)::bigint as n, sum(position_sum)::bigint as positions
    from visibility_entry_questions
    where kind = ${ref.kind} and listing_id = ${ref.listingId}::uuid and day >= ${start} and day < ${end}
    group by question order by n desc, question limit 3`);
  report.questions = questions.map((q) => ({
    question: q.question,
    count: Number(q.n),
    position: Math.round(Number(q.positions) / Math.max(1, Number(q.n))),
  }));
  return report;
}

export type ClaimedReport = { kind: ListingKind; id: string; slug: string; nombre: string };

/**
 * Records `month`'s report as sent for up to `limit` published listings of `kind` that have managers
 * and none yet, and returns them. The insert that does nothing on a conflict is the claim: of two
 * processes that pick the same listing, only the one whose row went in gets it back.
 */
export async function claimMonthlyReports(kind: ListingKind, month: Month, limit: number): Promise<ClaimedReport[]> {
  const table = sql.identifier(LISTING_KINDS[kind].table);
  return queryRows<ClaimedReport>(sql`
    with claimed as (
      insert into visibility_reports (month, kind, listing_id)
      select ${month}::date, ${kind}, t.id from ${table} t
      where t.is_active
        and exists (select 1 from listing_managers m where m.kind = ${kind} and m.listing_id = t.id)
        and not exists (select 1 from visibility_reports r where r.month = ${month}::date and r.kind = ${kind} and r.listing_id = t.id)
      order by t.id
      limit ${limit}
      on conflict do nothing
      returning listing_id
    )
    select ${kind} as kind, t.id, t.slug, t.nombre from claimed c join ${table} t on t.id = c.listing_id order by t.id`);
}

export type ReportRecipient = { userId: string; email: string; name: string };

/** The listing's managers with a confirmed address who did not ask to stop the reports. */
export async function reportRecipients(ref: ListingRef): Promise<ReportRecipient[]> {
  return db
    .select({ userId: users.id, email: users.email, name: users.name })
    .from(listing_managers)
    .innerJoin(users, eq(users.id, listing_managers.user_id))
    .where(
      and(
        eq(listing_managers.kind, ref.kind),
        eq(listing_managers.listing_id, ref.listingId),
        eq(users.emailVerified, true),
        sql`not exists (select 1 from ${visibility_report_optouts} o where o.user_id = ${users.id})`,
      ),
    )
    .orderBy(users.email);
}

/** Whether the account receives the reports; null when there is no such account. */
export async function receivesReports(userId: string): Promise<boolean | null> {
  const rows = await queryRows<{ out: boolean }>(sql`
    select exists (select 1 from visibility_report_optouts o where o.user_id = u.id) as out from users u where u.id = ${userId}`);
  return rows[0] ? !rows[0].out : null;
}

/** Stops or resumes the account's reports (idempotent); false when there is no such account. */
export async function setReceivesReports(userId: string, receive: boolean): Promise<boolean> {
  if (receive) {
    await db.delete(visibility_report_optouts).where(eq(visibility_report_optouts.user_id, userId));
    return (await receivesReports(userId)) !== null;
  }
  const rows = await queryRows<{ id: string }>(sql`
    with person as (select id from users where id = ${userId}),
    stored as (insert into visibility_report_optouts (user_id) select id from person on conflict do nothing)
    select id from person`);
  return rows.length > 0;
}

/** The account an address belongs to (addresses are stored lowercase), for the mail's unsubscribe header. */
export async function userIdByEmail(email: string): Promise<string | null> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return rows[0]?.id ?? null;
}
