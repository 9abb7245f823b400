/**
 * What the owner's and the company's visibility views read: sums of the daily totals over the last
 * 30 or 90 days (today included). Each query reads one entry's rows by its primary key's prefix, or
 * a few thousand directory rows by day, or the rollups' index: never a scan of every entry's counts
 * (decision 100). Sums are float8, exact far beyond any count, where a day's int4 sums could overflow.
 */
import { sql } from "drizzle-orm";
import { addDays } from "~/catalog/holidays";
import { LISTING_KIND_IDS, LISTING_KINDS, type ListingKind } from "~/catalog/listing-kinds";
import { PAID_PLAN_SLUGS } from "~/catalog/plans";
import {
  POSITION_BAND_IDS,
  type PositionBand,
  VISIBILITY_ACTION_IDS,
  VISIBILITY_CHANNEL_IDS,
  type VisibilityAction,
  type VisibilityChannel,
} from "~/catalog/visibility";
import {
  type ChannelCounts,
  type DailyImpressions,
  type DirectoryVisibility,
  type EntryVisibility,
  periodOf,
  VISIBILITY_PERIODS,
  type VisibilityPeriod,
} from "~/lib/visibility-figures";
import { queryRows } from "../platform/db.server";

export { periodOf, VISIBILITY_PERIODS, type VisibilityPeriod };

/** The first day of the last `days` days ending with `today`. */
export const periodStart = (today: string, days: VisibilityPeriod) => addDays(today, -(days - 1));

const zeroChannels = (): ChannelCounts => Object.fromEntries(VISIBILITY_CHANNEL_IDS.map((c) => [c, 0])) as ChannelCounts;

/** Every day of the period, oldest first, with its impressions by channel (0 on days with none). */
function dailySeries(from: string, days: number, rows: { day: string; channel: string; n: number }[]): DailyImpressions[] {
  const byDay = new Map<string, DailyImpressions>();
  const series = Array.from({ length: days }, (_, i) => {
    const day = addDays(from, i);
    const entry = { day, ...zeroChannels() };
    byDay.set(day, entry);
    return entry;
  });
  for (const r of rows) {
    const entry = byDay.get(r.day);
    if (entry && r.channel in entry) entry[r.channel as VisibilityChannel] += r.n;
  }
  return series;
}

/** How many questions the view lists. */
export const TOP_QUESTIONS = 10;

/** What an entry is compared with now, and the day its category or province last changed (null: never). */
type Segment = { segment: string | null; provincia: string; since?: string | null };

/** One entry's figures over the period. `segment` is its category or industry and province now. */
export async function entryVisibility(
  kind: ListingKind,
  id: string,
  where: Segment,
  period: VisibilityPeriod,
  today: string,
): Promise<EntryVisibility> {
  const from = periodStart(today, period);
  const range = sql`day between ${from}::date and ${today}::date`;
  const entry = sql`kind = ${kind} and listing_id = ${id}::uuid and ${range}`;
  // Share of voice counts from the day after a change of category or province: until then the
  // entry's impressions were counted among other entries than those it is compared with now.
  const dayAfter = where.since ? addDays(where.since, 1) : null;
  const shareFrom = dayAfter && dayAfter > from ? dayAfter : from;
  const [impressions, questions, actions, visits, segmentRows] = await Promise.all([
    queryRows<{ day: string; channel: string; band: number; n: number }>(sql`
      select day::text as day, channel, band, sum(count)::float8 as n from visibility_impressions
      where ${entry} group by day, channel, band`),
    queryRows<{ question: string; count: number; position: number }>(sql`
      select question, sum(count)::float8 as count, sum(position_sum)::float8 / sum(count) as position
      from visibility_entry_questions where ${entry}
      group by question order by count desc, question limit ${TOP_QUESTIONS}`),
    queryRows<{ action: string; n: number }>(sql`
      select action, sum(count)::float8 as n from visibility_actions where ${entry} group by action`),
    queryRows<{ visit: string; source: string; surface: string; n: number }>(sql`
      select visit, source, surface, sum(count)::float8 as n from visibility_visits where ${entry}
      group by visit, source, surface order by n desc, source, surface`),
    where.segment
      ? queryRows<{ n: number | null }>(sql`
          select sum(count)::float8 as n from visibility_segment_impressions
          where kind = ${kind} and segment = ${where.segment} and provincia = ${where.provincia}
            and day between ${shareFrom}::date and ${today}::date`)
      : Promise.resolve([]),
  ]);

  const byChannel = zeroChannels();
  const byBand = Object.fromEntries(POSITION_BAND_IDS.map((b) => [b, 0])) as Record<PositionBand, number>;
  for (const r of impressions) {
    if (r.channel in byChannel) byChannel[r.channel as VisibilityChannel] += r.n;
    if (r.band in byBand) byBand[r.band as PositionBand] += r.n;
  }
  const total = Object.values(byChannel).reduce((a, b) => a + b, 0);
  const actionCounts = Object.fromEntries(VISIBILITY_ACTION_IDS.map((a) => [a, 0])) as Record<VisibilityAction, number>;
  for (const r of actions) if (r.action in actionCounts) actionCounts[r.action as VisibilityAction] = r.n;

  const referralsBySource = new Map<string, number>();
  const crawlers: EntryVisibility["crawlers"] = [];
  for (const v of visits) {
    if (v.visit === "referral") referralsBySource.set(v.source, (referralsBySource.get(v.source) ?? 0) + v.n);
    else crawlers.push({ source: v.source, surface: v.surface, count: v.n });
  }
  const referrals = [...referralsBySource].map(([source, count]) => ({ source, count })).sort((a, b) => b.count - a.count);

  const segmentTotal = segmentRows[0]?.n ?? 0;
  const entryInSegment = impressions.filter((r) => r.day >= shareFrom).reduce((n, r) => n + r.n, 0);
  // Every answer counts an entry's segment with it, so the entry's part is within the whole; the
  // bound only covers the day of a change, counted before and after it.
  const share =
    where.segment && segmentTotal > 0
      ? {
          segment: where.segment,
          provincia: where.provincia,
          segmentTotal,
          entryTotal: Math.min(entryInSegment, segmentTotal),
          share: Math.min(entryInSegment, segmentTotal) / segmentTotal,
        }
      : null;

  return {
    period,
    from,
    to: today,
    daily: dailySeries(from, period, impressions),
    byChannel,
    byBand,
    total,
    questions,
    actions: actionCounts,
    referrals,
    crawlers,
    share,
    shareFrom,
  };
}

/** The whole directory's figures over the period, from its daily metrics. */
export async function directoryVisibility(period: VisibilityPeriod, today: string): Promise<DirectoryVisibility> {
  const from = periodStart(today, period);
  const rows = await queryRows<{ day: string; metric: string; n: number }>(sql`
    select day::text as day, metric, count::float8 as n from visibility_directory
    where day between ${from}::date and ${today}::date`);
  const answers = zeroChannels();
  const byChannel = zeroChannels();
  const byBand = Object.fromEntries(POSITION_BAND_IDS.map((b) => [b, 0])) as Record<PositionBand, number>;
  const actions = Object.fromEntries(VISIBILITY_ACTION_IDS.map((a) => [a, 0])) as Record<VisibilityAction, number>;
  const referrals = new Map<string, number>();
  const crawlers = new Map<string, number>();
  const daily: { day: string; channel: string; n: number }[] = [];
  for (const r of rows) {
    const [what, name = "", band] = r.metric.split(":");
    if (what === "answer" && name in answers) answers[name as VisibilityChannel] += r.n;
    else if (what === "imp" && name in byChannel) {
      byChannel[name as VisibilityChannel] += r.n;
      if (Number(band) in byBand) byBand[Number(band) as PositionBand] += r.n;
      daily.push({ day: r.day, channel: name, n: r.n });
    } else if (what === "action" && name in actions) actions[name as VisibilityAction] += r.n;
    else if (what === "referral") referrals.set(name, (referrals.get(name) ?? 0) + r.n);
    else if (what === "crawler") crawlers.set(name, (crawlers.get(name) ?? 0) + r.n);
  }
  const sorted = (m: Map<string, number>) =>
    [...m].map(([source, count]) => ({ source, count })).sort((a, b) => b.count - a.count || a.source.localeCompare(b.source));
  return {
    period,
    from,
    to: today,
    daily: dailySeries(from, period, daily),
    answers,
    byChannel,
    byBand,
    total: Object.values(byChannel).reduce((a, b) => a + b, 0),
    actions,
    referrals: sorted(referrals),
    crawlers: sorted(crawlers),
  };
}

export type LackingQuestion = { question: string; empty: number; few: number; asked: number };

/** Questions answered with nothing or little, the most asked first: what the directory lacks. */
export async function lackingQuestions(period: VisibilityPeriod, today: string, limit = 30): Promise<LackingQuestion[]> {
  const from = periodStart(today, period);
  return queryRows<LackingQuestion>(sql`
    select question, sum(empty)::float8 as empty, sum(few)::float8 as few, sum(empty + few)::float8 as asked
    from visibility_questions where day between ${from}::date and ${today}::date
    group by question order by asked desc, empty desc, question limit ${limit}`);
}

export type RolledEntry = {
  kind: ListingKind;
  id: string;
  nombre: string;
  provincia: string;
  plan: string;
  impressions: number;
};

/**
 * The entries shown most (by the daily pass's rollups) whose plan is not a paid one. The rollups'
 * index is walked from the top until `limit` unpaid entries are found: paid ones are a minority.
 */
export async function topUnpaid(period: VisibilityPeriod, limit = 20): Promise<RolledEntry[]> {
  const column = sql.identifier(period === 30 ? "impressions_30" : "impressions_90");
  const paid = sql.join(
    PAID_PLAN_SLUGS.map((p) => sql`${p}`),
    sql`, `,
  );
  const [r, b] = LISTING_KIND_IDS.map((k) => sql.identifier(LISTING_KINDS[k].table));
  const rows = await queryRows<RolledEntry>(sql`
    select v.kind, v.listing_id::text as id, coalesce(r.nombre, b.nombre) as nombre,
      coalesce(r.provincia, b.provincia) as provincia, coalesce(r.plan_type, b.plan_type) as plan, v.${column}::float8 as impressions
    from visibility_rollups v
    left join ${r} r on v.kind = 'restaurant' and r.id = v.listing_id
    left join ${b} b on v.kind = 'business' and b.id = v.listing_id
    where v.${column} > 0 and coalesce(r.plan_type, b.plan_type) not in (${paid})
    order by v.${column} desc nulls last, v.listing_id
    limit ${limit}`);
  return rows;
}

type VisibilityEntry = Segment & { nombre: string; slug: string; plan: string; live: boolean };

/** An entry's name, its category or industry and province, for a view's heading and share of voice. */
export async function visibilityEntry(kind: ListingKind, id: string): Promise<VisibilityEntry | undefined> {
  const table = sql.identifier(LISTING_KINDS[kind].table);
  const segment = sql.identifier(LISTING_KINDS[kind].etiquetaColumn);
  const [row] = await queryRows<VisibilityEntry>(sql`
    select nombre, slug, ${segment} as segment, provincia, segment_since::text as since, plan_type as plan,
      (is_active and review_status is null) as live
    from ${table} where id = ${id}::uuid`);
  return row;
}
