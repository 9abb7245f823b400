/** The audit trail: who changed what, which record, before and after, when (issue: admin area). */
import { desc, lt, or, and, eq } from "drizzle-orm";
import { audit_log } from "~/db/schema";
import { db, type Db } from "../db.server";

export type AuditAction = "create" | "update" | "toggle" | "delete" | "role" | "owner" | "grant" | "extend" | "handle";
export type AuditEntity = "restaurant" | "business" | "profile" | "free_plan" | "business_owner" | "contact_message" | "blog";

export type AuditInput = {
  actor: { id: string; email?: string | null };
  action: AuditAction;
  entity: AuditEntity;
  entityId: string | null;
  before?: unknown;
  after?: unknown;
};

/**
 * Records one change inside the transaction that makes it, so the entry commits (or rolls back) with
 * the change. Required: a write on `db` there would wait for the connection the transaction holds.
 */
export async function recordAudit(input: AuditInput, tx: Pick<Db, "insert">): Promise<void> {
  await tx.insert(audit_log).values({
    actor_id: input.actor.id,
    actor_email: input.actor.email ?? null,
    action: input.action,
    entity: input.entity,
    entity_id: input.entityId,
    before: input.before === undefined ? null : JSON.parse(JSON.stringify(input.before)),
    after: input.after === undefined ? null : JSON.parse(JSON.stringify(input.after)),
  });
}

/** Newest first, keyset paged on (created_at, id). */
export async function listAudit(opts: { limit?: number; before?: { createdAt: Date; id: number } } = {}) {
  const limit = Math.min(Math.max(opts.limit ?? 50, 1), 200);
  const where = opts.before
    ? or(
        lt(audit_log.created_at, opts.before.createdAt),
        and(eq(audit_log.created_at, opts.before.createdAt), lt(audit_log.id, opts.before.id)),
      )
    : undefined;
  return db.select().from(audit_log).where(where).orderBy(desc(audit_log.created_at), desc(audit_log.id)).limit(limit);
}
