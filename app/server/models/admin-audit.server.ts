/** The audit trail page: newest first, keyset paged on (created_at, id) at full precision, filterable by entity. */
import { and, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { audit_log, businesses, restaurants } from "~/db/schema";
import { db } from "../db.server";
import { AUDIT_ENTITIES } from "~/catalog/audit";

function parseAuditCursor(raw: string | null | undefined): { at: string; id: number } | null {
  if (!raw || raw.length > 80) return null;
  const [at, id] = raw.split("~");
  if (!at || !id || !/^\d{1,18}$/.test(id)) return null;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/.test(at)) return null;
  return { at, id: Number(id) };
}

export async function listAuditPage(f: { entity?: string | null; cursor?: string | null; limit?: number } = {}) {
  const limit = Math.min(Math.max(f.limit ?? 50, 1), 200);
  const conds: SQL[] = [];
  if (f.entity && AUDIT_ENTITIES.some((e) => e.slug === f.entity)) conds.push(eq(audit_log.entity, f.entity));
  const c = parseAuditCursor(f.cursor);
  if (c) conds.push(sql`(${audit_log.created_at}, ${audit_log.id}) < (${c.at}::timestamptz, ${c.id}::bigint)`);
  const rows = await db
    .select({ row: audit_log, at: sql<string>`to_char(${audit_log.created_at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')` })
    .from(audit_log)
    .where(conds.length ? and(...conds) : undefined)
    .orderBy(desc(audit_log.created_at), desc(audit_log.id))
    .limit(limit + 1);
  const items = rows.slice(0, limit).map((r) => ({ ...r.row, cursor: `${r.at}~${r.row.id}` }));
  return { items, nextCursor: rows.length > limit ? items[items.length - 1]!.cursor : null };
}

/** Current names of audited listings whose entry does not carry one (toggles record only is_active). */
export async function listingNames(ids: { restaurant: string[]; business: string[] }): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const valid = (l: string[]) => [...new Set(l)].filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  const r = valid(ids.restaurant);
  const b = valid(ids.business);
  if (r.length)
    for (const row of await db
      .select({ id: restaurants.id, nombre: restaurants.nombre })
      .from(restaurants)
      .where(inArray(restaurants.id, r)))
      out.set(row.id, row.nombre);
  if (b.length)
    for (const row of await db.select({ id: businesses.id, nombre: businesses.nombre }).from(businesses).where(inArray(businesses.id, b)))
      out.set(row.id, row.nombre);
  return out;
}
