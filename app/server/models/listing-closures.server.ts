/**
 * A listing's special closures: days its managers say it is closed besides its weekly hours, and
 * whether it closes on Panama's national holidays. 'Abierto ahora' honours both (closedTodaySql),
 * row by row on the candidates it already reads: a primary-key probe of listing_closures and one
 * boolean for today's holiday, computed once in JS (decision 095).
 */
import { and, asc, eq, gte, sql, type SQL } from "drizzle-orm";
import { type Holiday, type IsoDay, isHolidayPanama, nextHolidays, panamaToday } from "~/catalog/holidays";
import type { ListingKind } from "~/catalog/listing-kinds";
import { listing_closures } from "~/db/schema";
import { invalidatePublicPages } from "../http/page-cache.server";
import { db } from "../platform/db.server";
import type { Actor } from "./listing-admin.server";
import { recordAudit } from "./audit.server";
import { tableOf } from "./listing-tables.server";

/** Today in Panama: its calendar day and whether it is a national holiday. */
export type PanamaToday = { day: IsoDay; holiday: boolean };

export function panamaTodayAt(now: Date = new Date()): PanamaToday {
  return { day: panamaToday(now), holiday: isHolidayPanama(now) };
}

/**
 * Whether the listing behind alias `alias` is closed today: it closes on holidays and today is one,
 * or a closure row names today (one probe of the primary key (kind, listing_id, day)).
 */
export function closedTodaySql(kind: ListingKind, alias: string, today: PanamaToday): SQL {
  const t = sql.raw(alias);
  return sql`((${t}.closes_on_holidays and ${today.holiday}::boolean) or exists (select 1 from listing_closures lc
    where lc.kind = ${kind} and lc.listing_id = ${t}.id and lc.day = ${today.day}::date))`;
}

export type Closure = { day: IsoDay; reason: string | null };

/** The listing's closures from today on (Panama's day), soonest first. */
export async function closuresFrom(kind: ListingKind, listingId: string, from: IsoDay): Promise<Closure[]> {
  return db
    .select({ day: listing_closures.day, reason: listing_closures.reason })
    .from(listing_closures)
    .where(and(eq(listing_closures.kind, kind), eq(listing_closures.listing_id, listingId), gte(listing_closures.day, from)))
    .orderBy(asc(listing_closures.day))
    .limit(400);
}

/** What the entry page's notice says: the next closures, whether it closes on holidays, the next holiday. */
export type UpcomingClosures = {
  closures: Closure[];
  closesOnHolidays: boolean;
  nextHoliday: Holiday | null;
  today: IsoDay;
};

/** How many closures the entry page names. */
const NOTICE_CLOSURES = 3;
/** How far ahead the entry page looks: a closure months away says nothing to a visitor today. */
const NOTICE_DAYS = 30;

/** The entry page's notice: closures of the next 30 days (three at most) and the next holiday when it closes on them. */
export async function upcomingClosures(kind: ListingKind, listingId: string, now: Date = new Date()): Promise<UpcomingClosures> {
  const today = panamaToday(now);
  const table = tableOf(kind);
  const [row] = await db.select({ closes: table.closes_on_holidays }).from(table).where(eq(table.id, listingId)).limit(1);
  const limit = new Date(now.getTime() + NOTICE_DAYS * 86_400_000);
  const horizon = panamaToday(limit);
  const closures = (await closuresFrom(kind, listingId, today)).filter((c) => c.day <= horizon).slice(0, NOTICE_CLOSURES);
  const closesOnHolidays = row?.closes ?? false;
  const next = closesOnHolidays ? (nextHolidays(today, 1)[0] ?? null) : null;
  return { closures, closesOnHolidays, nextHoliday: next && next.day <= horizon ? next : null, today };
}

/** Sets whether the listing closes on national holidays; audited, public pages refreshed. */
export async function setClosesOnHolidays(kind: ListingKind, listingId: string, closes: boolean, actor: Actor): Promise<void> {
  const table = tableOf(kind);
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ closes_on_holidays: table.closes_on_holidays })
      .from(table)
      .where(eq(table.id, listingId))
      .for("update");
    if (!before || before.closes_on_holidays === closes) return;
    await tx.update(table).set({ closes_on_holidays: closes, updated_at: new Date() }).where(eq(table.id, listingId));
    await recordAudit({ actor, action: "update", entity: kind, entityId: listingId, before, after: { closes_on_holidays: closes } }, tx);
  });
  invalidatePublicPages();
}

/** Adds closure days (a day already closed keeps its first reason unless a new one is given); audited. */
export async function addClosures(
  kind: ListingKind,
  listingId: string,
  days: IsoDay[],
  reason: string | null,
  actor: Actor,
): Promise<void> {
  if (!days.length) return;
  await db.transaction(async (tx) => {
    await tx
      .insert(listing_closures)
      .values(days.map((day) => ({ kind, listing_id: listingId, day, reason })))
      .onConflictDoUpdate({
        target: [listing_closures.kind, listing_closures.listing_id, listing_closures.day],
        set: { reason: sql`coalesce(excluded.reason, ${listing_closures.reason})` },
      });
    await recordAudit(
      { actor, action: "update", entity: kind, entityId: listingId, before: null, after: { cierres_anadidos: days, motivo: reason } },
      tx,
    );
  });
  invalidatePublicPages();
}

/** Removes one closure day; false when there was none. Audited. */
export async function removeClosure(kind: ListingKind, listingId: string, day: IsoDay, actor: Actor): Promise<boolean> {
  const removed = await db.transaction(async (tx) => {
    const rows = await tx
      .delete(listing_closures)
      .where(and(eq(listing_closures.kind, kind), eq(listing_closures.listing_id, listingId), eq(listing_closures.day, day)))
      .returning({ day: listing_closures.day, reason: listing_closures.reason });
    if (!rows.length) return false;
    await recordAudit({ actor, action: "update", entity: kind, entityId: listingId, before: { cierre: rows[0] }, after: null }, tx);
    return true;
  });
  if (removed) invalidatePublicPages();
  return removed;
}
