/** Contact leads: every accepted contact-form message is stored, so none is lost; admins read and handle them. */
import { and, count, desc, eq, isNull, lt, or } from "drizzle-orm";
import { contact_messages } from "~/db/schema";
import type { ContactInput } from "~/schemas/contact";
import { db } from "../platform/db.server";
import { recordAudit } from "./audit.server";

export type ContactMessage = typeof contact_messages.$inferSelect;

/** Per-IP limit on accepted messages: this many in `CONTACT_WINDOW_SECONDS`. */
export const CONTACT_MAX_PER_WINDOW = 5;
export const CONTACT_WINDOW_SECONDS = 600;

export class LeadNotFoundError extends Error {}

export async function createContactMessage(input: ContactInput): Promise<ContactMessage> {
  const [row] = await db
    .insert(contact_messages)
    .values({
      name: input.name,
      email: input.email,
      phone: input.phone,
      business: input.business,
      service: input.service,
      message: input.message,
    })
    .returning();
  return row!;
}

/** Newest first, keyset paged on (created_at, id); `pendingOnly` hides handled ones. */
export async function listContactMessages(
  opts: { limit?: number; pendingOnly?: boolean; before?: { createdAt: Date; id: string } } = {},
): Promise<ContactMessage[]> {
  const limit = Math.min(Math.max(opts.limit ?? 50, 1), 200);
  const where = and(
    opts.pendingOnly ? isNull(contact_messages.handled_at) : undefined,
    opts.before
      ? or(
          lt(contact_messages.created_at, opts.before.createdAt),
          and(eq(contact_messages.created_at, opts.before.createdAt), lt(contact_messages.id, opts.before.id)),
        )
      : undefined,
  );
  return db.select().from(contact_messages).where(where).orderBy(desc(contact_messages.created_at), desc(contact_messages.id)).limit(limit);
}

export async function countPendingContactMessages(): Promise<number> {
  const [row] = await db.select({ n: count() }).from(contact_messages).where(isNull(contact_messages.handled_at));
  return Number(row?.n ?? 0);
}

/**
 * Marks a lead as handled by `actor`, with an audit entry in the same transaction. Handling an
 * already-handled lead changes nothing (and records nothing). Unknown ids throw LeadNotFoundError.
 */
export async function markContactMessageHandled(id: string, actor: { id: string; email?: string | null }): Promise<ContactMessage> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(contact_messages).where(eq(contact_messages.id, id)).limit(1);
    if (!before) throw new LeadNotFoundError(id);
    if (before.handled_at) return before;
    const handled = { handled_at: new Date(), handled_by: actor.id };
    const [after] = await tx.update(contact_messages).set(handled).where(eq(contact_messages.id, id)).returning();
    await recordAudit(
      { actor, action: "handle", entity: "contact_message", entityId: id, before: { handled_at: null }, after: handled },
      tx,
    );
    return after!;
  });
}
