/**
 * Members and roles (/admin-members) and business owner links.
 * Role rules are enforced here, in a transaction that locks the admin rows: an admin cannot remove
 * their own admin role, and the last admin can never be demoted (two admins demoting each other at
 * once cannot leave the site without one).
 */
import { and, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import { business_owners_general, businesses, free_plan_subscriptions, profiles, sessions, users } from "~/db/schema";
import { db } from "../platform/db.server";
import { type AuditInput, recordAudit } from "./audit.server";
import { keysetPage, olderThan, pageLimit, utcMicros } from "./keyset.server";
import { addManager, removeManager } from "./listing-managers.server";
import { isUuid, ListingNotFoundError, type Actor } from "./listing-admin.server";
import { UserError } from "~/lib/user-error";

const MEMBERS_PAGE_SIZE = 30;

export class RoleChangeError extends UserError {}
export class SessionRevokeError extends UserError {}
export class OwnerAssignmentError extends UserError {}

export const ROLE_MESSAGES = {
  self: "No puedes quitarte tu propio rol de administrador.",
  last: "Debe quedar al menos un administrador.",
  notFound: "El miembro ya no existe.",
} as const;

export const SESSION_MESSAGES = {
  self: "Tus propias sesiones no se cierran desde aquí: usa «Cerrar sesión».",
  notFound: "El miembro ya no existe.",
} as const;

export const OWNER_MESSAGES = {
  noAccount: "No existe una cuenta con ese email.",
  notVerified: "La cuenta de ese email aún no está verificada.",
} as const;

export type MemberRow = {
  id: string;
  email: string | null;
  full_name: string;
  is_admin: boolean;
  created_at: Date;
  email_verified: boolean;
  cursor: string;
};

/** Every member, newest first, keyset paged; `q` matches name or e-mail (accent- and case-insensitive). */
export async function listMembers(
  f: { q?: string; cursor?: string | null; limit?: number } = {},
): Promise<{ items: MemberRow[]; nextCursor: string | null }> {
  const limit = pageLimit(f.limit, MEMBERS_PAGE_SIZE, 100);
  const conds: SQL[] = [];
  const q = f.q?.trim();
  if (q) {
    const p = sql`'%' || immutable_unaccent(lower(${q.replace(/[\\%_]/g, (c) => `\\${c}`)})) || '%'`;
    conds.push(sql`(immutable_unaccent(lower(${profiles.full_name})) like ${p} or lower(coalesce(${profiles.email}, '')) like ${p})`);
  }
  const after = olderThan(profiles.created_at, profiles.id, f.cursor, "text");
  if (after) conds.push(after);
  const rows = await db
    .select({
      item: {
        id: profiles.id,
        email: profiles.email,
        full_name: profiles.full_name,
        is_admin: profiles.is_admin,
        created_at: profiles.created_at,
        email_verified: users.emailVerified,
      },
      at: utcMicros(profiles.created_at),
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    .where(conds.length ? and(...conds) : undefined)
    .orderBy(desc(profiles.created_at), desc(profiles.id))
    .limit(limit + 1);
  return keysetPage(rows, limit);
}

/**
 * Switches a member between regular user and admin (audited). False when the member already had
 * that role (nothing is written). Throws RoleChangeError with a Spanish message.
 */
export async function setMemberRole(actor: Actor, userId: string, makeAdmin: boolean): Promise<boolean> {
  return changeRole(actor, eq(profiles.id, userId), makeAdmin);
}

/**
 * The operator's way (scripts/admin-grant.ts), under the same rules and audit trail as the members
 * page, with no signed-in actor: the last admin cannot be revoked there either. False when no
 * profile has that address; RoleChangeError as above.
 */
export async function setAdminByEmail(email: string, makeAdmin: boolean): Promise<boolean> {
  try {
    await changeRole({ id: null }, sql`lower(${profiles.email}) = ${email.trim().toLowerCase()}`, makeAdmin);
    return true;
  } catch (error) {
    if (error instanceof RoleChangeError && error.message === ROLE_MESSAGES.notFound) return false;
    throw error;
  }
}

async function changeRole(actor: AuditInput["actor"], which: SQL, makeAdmin: boolean): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Lock every admin row (and the target) so concurrent demotions are serialised.
    const admins = await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.is_admin, true)).for("update");
    const [target] = await tx
      .select({ id: profiles.id, is_admin: profiles.is_admin, email: profiles.email })
      .from(profiles)
      .where(which)
      .limit(1)
      .for("update");
    if (!target) throw new RoleChangeError(ROLE_MESSAGES.notFound);
    if (target.is_admin === makeAdmin) return false;
    if (!makeAdmin) {
      if (target.id === actor.id) throw new RoleChangeError(ROLE_MESSAGES.self);
      if (admins.length <= 1) throw new RoleChangeError(ROLE_MESSAGES.last);
    }
    await tx.update(profiles).set({ is_admin: makeAdmin, updated_at: new Date() }).where(eq(profiles.id, target.id));
    await recordAudit(
      {
        actor,
        action: "role",
        entity: "profile",
        entityId: target.id,
        before: { email: target.email, is_admin: target.is_admin },
        after: { email: target.email, is_admin: makeAdmin },
      },
      tx,
    );
    return true;
  });
}

/**
 * Ends every session of a member at once: sessions are read from the database on every request, so
 * the member's next request, in any browser, is signed out. Audited with how many ended; returns
 * that number. An admin's own sessions are not ended here (they sign out instead).
 */
export async function revokeMemberSessions(actor: Actor, userId: string): Promise<number> {
  if (userId === actor.id) throw new SessionRevokeError(SESSION_MESSAGES.self);
  return db.transaction(async (tx) => {
    const [target] = await tx
      .select({ id: profiles.id, email: profiles.email })
      .from(profiles)
      .where(eq(profiles.id, userId))
      .limit(1)
      .for("update");
    if (!target) throw new SessionRevokeError(SESSION_MESSAGES.notFound);
    const ended = await tx.delete(sessions).where(eq(sessions.userId, target.id)).returning({ id: sessions.id });
    await recordAudit(
      {
        actor,
        action: "sessions",
        entity: "profile",
        entityId: target.id,
        before: { email: target.email, sesiones_abiertas: ended.length },
        after: { email: target.email, sesiones_abiertas: 0 },
      },
      tx,
    );
    return ended.length;
  });
}

/** Free-plan grants of these members, by user id or lower-cased e-mail (a grant may predate the account). */
export async function freePlansOfMembers(members: { id: string; email: string | null }[]) {
  if (!members.length) return new Map<string, (typeof free_plan_subscriptions.$inferSelect)[]>();
  const ids = members.map((m) => m.id);
  const emails = members.map((m) => m.email?.toLowerCase()).filter((e): e is string => Boolean(e));
  const rows = await db
    .select()
    .from(free_plan_subscriptions)
    .where(
      emails.length
        ? or(inArray(free_plan_subscriptions.user_id, ids), inArray(free_plan_subscriptions.email, emails))
        : inArray(free_plan_subscriptions.user_id, ids),
    )
    .orderBy(desc(free_plan_subscriptions.created_at));
  const out = new Map<string, typeof rows>();
  for (const m of members) {
    const email = m.email?.toLowerCase();
    out.set(
      m.id,
      rows.filter((r) => r.user_id === m.id || (email && r.email === email)),
    );
  }
  return out;
}

/** Businesses for the owner picker: by name (accent-insensitive), with their current owner. */
export async function findBusinessesForOwner(q: string, limit = 8) {
  const term = q.trim();
  if (!term) return [];
  const p = sql`'%' || immutable_unaccent(lower(${term.replace(/[\\%_]/g, (c) => `\\${c}`)})) || '%'`;
  return db
    .select({
      id: businesses.id,
      nombre: businesses.nombre,
      industria: businesses.industria,
      provincia: businesses.provincia,
      plan_type: businesses.plan_type,
      owner_email: business_owners_general.email,
    })
    .from(businesses)
    .leftJoin(business_owners_general, eq(business_owners_general.business_id, businesses.id))
    .where(sql`immutable_unaccent(lower(${businesses.nombre})) like ${p}`)
    .orderBy(businesses.nombre)
    .limit(limit);
}

/** The most recent owner links, for the members page. */
export async function listOwnerLinks(limit = 20) {
  return db
    .select({
      business_id: business_owners_general.business_id,
      nombre: businesses.nombre,
      email: business_owners_general.email,
      plan_type: business_owners_general.plan_type,
      created_at: business_owners_general.created_at,
    })
    .from(business_owners_general)
    .innerJoin(businesses, eq(businesses.id, business_owners_general.business_id))
    .orderBy(desc(business_owners_general.created_at))
    .limit(limit);
}

/**
 * Makes the account with `email` the owner of the business, replacing any previous owner link
 * (business_owners_general keeps one owner per business). Only an account that has confirmed the
 * address qualifies, whatever the verification setting. Audited with the previous and the new link.
 */
export async function assignOwner(actor: Actor, businessId: string, email: string) {
  if (!isUuid(businessId)) throw new ListingNotFoundError();
  const address = email.trim().toLowerCase();
  const [user] = await db
    .select({ id: users.id, email: users.email, verified: users.emailVerified })
    .from(users)
    .where(sql`lower(${users.email}) = ${address}`)
    .limit(1);
  if (!user) throw new OwnerAssignmentError(OWNER_MESSAGES.noAccount);
  if (!user.verified) throw new OwnerAssignmentError(OWNER_MESSAGES.notVerified);
  return db.transaction(async (tx) => {
    const [business] = await tx
      .select({ id: businesses.id, nombre: businesses.nombre, plan_type: businesses.plan_type })
      .from(businesses)
      .where(eq(businesses.id, businessId))
      .for("update");
    if (!business) throw new ListingNotFoundError();
    const [previous] = await tx.select().from(business_owners_general).where(eq(business_owners_general.business_id, businessId));
    await tx.delete(business_owners_general).where(eq(business_owners_general.business_id, businessId));
    // The assigned owner runs the listing («Mi negocio») like any other manager; a replaced one no
    // longer does by that assignment (a claim of their own stays).
    if (previous) await removeManager({ kind: "business", listingId: businessId, userId: previous.user_id, source: "assignment" }, tx);
    await addManager({ kind: "business", listingId: businessId, userId: user.id, source: "assignment" }, tx);
    const [link] = await tx
      .insert(business_owners_general)
      .values({ business_id: businessId, user_id: user.id, email: user.email.toLowerCase(), plan_type: business.plan_type })
      .returning();
    await recordAudit(
      {
        actor,
        action: "owner",
        entity: "business_owner",
        entityId: businessId,
        before: previous ?? null,
        after: { ...link, nombre: business.nombre },
      },
      tx,
    );
    return { link: link!, business };
  });
}
