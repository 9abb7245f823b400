/** The audit trail page: newest first, keyset paged on (created_at, id) at full precision, filterable by entity. */
import { and, desc, eq, inArray, type SQL } from "drizzle-orm";
import { audit_log, businesses, restaurants } from "~/db/schema";
import { db } from "../platform/db.server";
import { keysetPage, olderThan, pageLimit, utcMicros } from "./keyset.server";
import { AUDIT_ENTITIES } from "~/catalog/audit";

export async function listAuditPage(f: { entity?: string | null; cursor?: string | null; limit?: number } = {}) {
  const limit = pageLimit(f.limit, 50, 200);
  const conds: SQL[] = [];
  if (f.entity && AUDIT_ENTITIES.some((e) => e.slug === f.entity)) conds.push(eq(audit_log.entity, f.entity));
  const after = olderThan(audit_log.created_at, audit_log.id, f.cursor, "bigint");
  if (after) conds.push(after);
  const rows = await db
    .select({ item: audit_log, at: utcMicros(audit_log.created_at) })
    .from(audit_log)
    .where(conds.length ? and(...conds) : undefined)
    .orderBy(desc(audit_log.created_at), desc(audit_log.id))
    .limit(limit + 1);
  return keysetPage(rows, limit);
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
