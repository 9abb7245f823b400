/**
 * Free plan grants (/admin/free-plans): granted by e-mail (stored lower case), linked to the account
 * that holds the address confirmed (at the grant, or when an account confirms it later), expiring
 * `days` after the grant. Audited, the link included.
 */
import { and, desc, eq, getTableColumns, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { free_plan_subscriptions, users, type FreePlan } from "~/db/schema";
import { db, type Db } from "../platform/db.server";
import { invalidatePublicPages } from "../http/page-cache.server";
import { recordAudit } from "./audit.server";
import { isUuid, type Actor } from "./listing-admin.server";
import { freePlanInForce } from "./subscriptions.server";
import { UserError } from "~/lib/user-error";

export const MISSING_TABLE_MESSAGE = "La tabla de planes gratuitos aún no existe. Necesita ejecutar las migraciones SQL primero.";

export class FreePlanNotFoundError extends UserError {
  constructor() {
    super("El plan ya no existe (pudo ser eliminado).");
  }
}

/** The e-mail already has an active, unexpired plan: extend that one instead of granting a second. */
export class FreePlanActiveError extends UserError {
  constructor(readonly plan: { id: string; email: string; expires_at: Date }) {
    super("Este email ya tiene un plan gratuito activo.");
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** True for PostgreSQL's "relation does not exist" (the migrations have not run). */
export function isMissingTable(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string }; message?: string } | null;
  return e?.code === "42P01" || e?.cause?.code === "42P01";
}

/**
 * Grants a plan, unless the address already has an active one that has not expired
 * (FreePlanActiveError): a double click or a second admin must not create two identical grants.
 * The per-address advisory lock makes the check and the insert one step for concurrent requests.
 */
export async function grantFreePlan(actor: Actor, input: { email: string; days_granted: number }, now = new Date()): Promise<FreePlan> {
  const email = input.email.trim().toLowerCase();
  const [account] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email}`, eq(users.emailVerified, true)))
    .limit(1);
  const row = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`free_plan:${email}`}))`);
    const [active] = await tx
      .select({ id: free_plan_subscriptions.id, email: free_plan_subscriptions.email, expires_at: free_plan_subscriptions.expires_at })
      .from(free_plan_subscriptions)
      .where(and(eq(free_plan_subscriptions.email, email), freePlanInForce(now)))
      .orderBy(desc(free_plan_subscriptions.expires_at))
      .limit(1);
    if (active) throw new FreePlanActiveError(active);
    const [plan] = await tx
      .insert(free_plan_subscriptions)
      .values({
        email,
        user_id: account?.id ?? null,
        days_granted: input.days_granted,
        expires_at: new Date(now.getTime() + input.days_granted * DAY_MS),
        granted_by: actor.id,
        is_active: true,
        created_at: now,
      })
      .returning();
    await recordAudit({ actor, action: "grant", entity: "free_plan", entityId: plan!.id, before: null, after: plan }, tx);
    return plan!;
  });
  invalidatePublicPages();
  return row;
}

/**
 * An account has confirmed `email`: the plans granted to that address and not yet linked become its
 * own, each recorded in the audit trail. Runs inside the confirmation's transaction.
 */
export async function attachFreePlans(tx: Pick<Db, "update" | "insert">, account: { id: string; email: string }): Promise<number> {
  const attached = await tx
    .update(free_plan_subscriptions)
    .set({ user_id: account.id })
    .where(and(eq(free_plan_subscriptions.email, account.email), isNull(free_plan_subscriptions.user_id)))
    .returning({ id: free_plan_subscriptions.id, email: free_plan_subscriptions.email, expires_at: free_plan_subscriptions.expires_at });
  for (const plan of attached) {
    await recordAudit(
      {
        actor: { id: account.id, email: account.email },
        action: "attach",
        entity: "free_plan",
        entityId: plan.id,
        before: { email: plan.email, user_id: null },
        after: { email: plan.email, user_id: account.id, expires_at: plan.expires_at },
      },
      tx,
    );
  }
  return attached.length;
}

/** What an extension changes, for the audit trail. */
const planTerm = (plan: FreePlan) => ({ email: plan.email, expires_at: plan.expires_at, is_active: plan.is_active });

/** Adds `days` to a plan, counted from its expiry (or from now when it has expired), and activates it. */
export async function extendFreePlan(actor: Actor, id: string, days: number, now = new Date()): Promise<FreePlan> {
  if (!isUuid(id)) throw new FreePlanNotFoundError();
  const row = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(free_plan_subscriptions).where(eq(free_plan_subscriptions.id, id)).for("update");
    if (!before) throw new FreePlanNotFoundError();
    const from = Math.max(before.expires_at.getTime(), now.getTime());
    const [after] = await tx
      .update(free_plan_subscriptions)
      .set({ expires_at: new Date(from + days * DAY_MS), is_active: true })
      .where(eq(free_plan_subscriptions.id, id))
      .returning();
    await recordAudit(
      { actor, action: "extend", entity: "free_plan", entityId: id, before: planTerm(before), after: planTerm(after!) },
      tx,
    );
    return after!;
  });
  invalidatePublicPages();
  return row;
}

const granter = alias(users, "granter");
const { granted_by: _grantedBy, ...planColumns } = getTableColumns(free_plan_subscriptions);

/** Newest first, with the granting admin's e-mail in place of their id. */
export async function listFreePlans(limit = 200) {
  return db
    .select({ ...planColumns, granted_by_email: granter.email })
    .from(free_plan_subscriptions)
    .leftJoin(granter, eq(granter.id, free_plan_subscriptions.granted_by))
    .orderBy(desc(free_plan_subscriptions.created_at), desc(free_plan_subscriptions.id))
    .limit(Math.min(Math.max(limit, 1), 1000));
}

export async function setFreePlanActive(actor: Actor, id: string, active: boolean): Promise<void> {
  if (!isUuid(id)) throw new FreePlanNotFoundError();
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ is_active: free_plan_subscriptions.is_active, email: free_plan_subscriptions.email })
      .from(free_plan_subscriptions)
      .where(eq(free_plan_subscriptions.id, id))
      .for("update");
    if (!before) throw new FreePlanNotFoundError();
    await tx.update(free_plan_subscriptions).set({ is_active: active }).where(eq(free_plan_subscriptions.id, id));
    await recordAudit(
      { actor, action: "toggle", entity: "free_plan", entityId: id, before, after: { email: before.email, is_active: active } },
      tx,
    );
  });
  invalidatePublicPages();
}

export async function deleteFreePlan(actor: Actor, id: string): Promise<void> {
  if (!isUuid(id)) throw new FreePlanNotFoundError();
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(free_plan_subscriptions).where(eq(free_plan_subscriptions.id, id)).returning();
    if (!row) throw new FreePlanNotFoundError();
    await recordAudit({ actor, action: "delete", entity: "free_plan", entityId: id, before: row, after: null }, tx);
  });
  invalidatePublicPages();
}
