/** The audit trail: who changed what, which record, before and after, when. */
import { audit_log } from "~/db/schema";
import type { AUDIT_ENTITIES } from "~/catalog/audit";
import type { Db } from "../platform/db.server";

export type AuditAction =
  | "create"
  | "update"
  | "toggle"
  | "delete"
  | "role"
  | "sessions"
  | "owner"
  | "grant"
  | "extend"
  | "handle"
  | "email"
  | "attach"
  // A manager's «la información está al día», and an admin's decision on a queued change.
  | "confirm"
  | "approve"
  | "refuse";
export type AuditEntity = (typeof AUDIT_ENTITIES)[number]["slug"];

export type AuditInput = {
  /** id null: no signed-in person (the operator's terminal); the trail shows «sistema». */
  actor: { id: string | null; email?: string | null };
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
