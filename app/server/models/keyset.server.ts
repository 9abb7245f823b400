/**
 * Keyset paging of the admin lists (listings, members, audit trail): newest first on (created_at, id),
 * the cursor being "<created_at in UTC with microseconds>~<id>". Microseconds because a JS Date keeps
 * milliseconds only, and rows created within one millisecond would be skipped or shown twice. A
 * malformed cursor is no cursor (the first page), never an error.
 */
import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import { isUuid } from "~/lib/uuid";

/** A timestamptz as ISO text in UTC at full precision: '2026-05-01T12:00:00.123456Z'. */
export const utcMicros = (timestamp: AnyColumn | SQL) =>
  sql<string>`to_char(${timestamp} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** The ids a cursor may carry, checked before they reach SQL; "text" is a better-auth id. */
const ID_SHAPES = {
  uuid: isUuid,
  bigint: (id: string) => /^\d{1,18}$/.test(id),
  text: (id: string) => /^[A-Za-z0-9_-]{1,64}$/.test(id),
} as const;

export type KeysetId = keyof typeof ID_SHAPES;

const AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;

export function parseKeysetCursor(raw: string | null | undefined, idShape: KeysetId): { at: string; id: string } | null {
  if (!raw || raw.length > 120) return null;
  const i = raw.lastIndexOf("~");
  if (i < 0) return null;
  const at = raw.slice(0, i);
  const id = raw.slice(i + 1);
  if (!ID_SHAPES[idShape](id) || !AT.test(at) || Number.isNaN(Date.parse(at))) return null;
  return { at, id };
}

/** `(created_at, id) < cursor`, or nothing when there is no (well-formed) cursor. */
export function olderThan(createdAt: AnyColumn, id: AnyColumn, raw: string | null | undefined, idShape: KeysetId): SQL | undefined {
  const c = parseKeysetCursor(raw, idShape);
  if (!c) return undefined;
  const key = idShape === "text" ? sql`${c.id}` : sql`${c.id}::${sql.raw(idShape)}`;
  return sql`(${createdAt}, ${id}) < (${c.at}::timestamptz, ${key})`;
}

/**
 * One page out of `limit + 1` rows read newest first: each item with its cursor, and the cursor of
 * the last one when there are more.
 */
export function keysetPage<T extends { id: string | number }>(rows: { item: T; at: string }[], limit: number) {
  const items = rows.slice(0, limit).map(({ item, at }) => ({ ...item, cursor: `${at}~${item.id}` }));
  return { items, nextCursor: rows.length > limit ? items[items.length - 1]!.cursor : null };
}

/** A requested page size within 1..max. */
export const pageLimit = (limit: number | undefined, fallback: number, max: number) => Math.min(Math.max(limit ?? fallback, 1), max);
