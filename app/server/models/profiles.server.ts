/** Profiles: one per auth user, created by upsert on id. */
import { and, eq, ne, sql } from "drizzle-orm";
import { profiles, users, type Profile } from "~/db/schema";
import { db } from "../platform/db.server";
import { getEnv } from "../platform/env.server";
import { attachFreePlans } from "./admin-free-plans.server";
import { recordAudit } from "./audit.server";

export type AuthUserLike = { id: string; email?: string | null; name?: string | null; emailVerified?: boolean };

/** full_name is the user's full name, else the part of the e-mail before the @, else empty. */
export function defaultFullName(user: AuthUserLike): string {
  const name = user.name?.trim();
  if (name) return name;
  const email = user.email?.trim() ?? "";
  return email.includes("@") ? email.slice(0, email.indexOf("@")) : "";
}

/**
 * The confirmed OWNER_EMAIL address (case-insensitive), whether or not everyone must confirm:
 * otherwise whoever signs up first with that address would be admin.
 */
function isOwnerEmail(user: AuthUserLike): boolean {
  const owner = getEnv().OWNER_EMAIL;
  return Boolean(owner && user.email && user.emailVerified && user.email.trim().toLowerCase() === owner.trim().toLowerCase());
}

export async function getProfile(id: string): Promise<Profile | null> {
  const [row] = await db.select().from(profiles).where(eq(profiles.id, id)).limit(1);
  return row ?? null;
}

/**
 * Creates the profile when it is missing (upsert on id; nothing for a user without e-mail).
 * An existing profile is returned unchanged: is_admin is set at creation only.
 */
export async function ensureProfile(user: AuthUserLike): Promise<Profile | null> {
  const existing = await getProfile(user.id);
  if (existing) return existing;
  if (!user.email) return null;
  const now = new Date();
  const [row] = await db
    .insert(profiles)
    .values({
      id: user.id,
      email: user.email.toLowerCase(),
      full_name: defaultFullName(user),
      is_admin: false,
      signup_email: user.email.toLowerCase(),
      created_at: now,
      updated_at: now,
    })
    .onConflictDoUpdate({ target: profiles.id, set: { updated_at: sql`${profiles.updated_at}` } })
    .returning();
  return row ?? null;
}

/**
 * The owner's account becomes admin once it has confirmed the address it was created with: an account
 * that changed its e-mail to the owner's never does. The grant is audited as the system's.
 */
export async function grantOwnerAdminIfVerified(user: AuthUserLike): Promise<void> {
  if (!isOwnerEmail(user)) return;
  const profile = await ensureProfile(user);
  if (!profile || profile.is_admin) return;
  const email = user.email!.toLowerCase();
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(profiles)
      .set({ is_admin: true, updated_at: new Date() })
      .where(and(eq(profiles.id, user.id), eq(profiles.is_admin, false), eq(profiles.signup_email, email)))
      .returning({ id: profiles.id });
    if (!row) return;
    await recordAudit(
      {
        actor: { id: null },
        action: "role",
        entity: "profile",
        entityId: user.id,
        before: { email, is_admin: false },
        after: { email, is_admin: true },
      },
      tx,
    );
  });
}

/** Whether another account already signs in with `email` (case-insensitive). */
export async function emailTakenByOther(id: string, email: string): Promise<boolean> {
  const [clash] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()} and ${users.id} <> ${id}`)
    .limit(1);
  return Boolean(clash);
}

/** Whether any account signs in with `email` (case-insensitive). */
export async function emailInUse(email: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`).limit(1);
  return Boolean(row);
}

/** The address the account signs in with now (better-auth's table, read only). */
export async function loginEmailOf(id: string): Promise<string | null> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, id)).limit(1);
  return row?.email ?? null;
}

export async function setFullName(id: string, fullName: string): Promise<void> {
  await db.update(profiles).set({ full_name: fullName, updated_at: new Date() }).where(eq(profiles.id, id));
}

/** Records a change of address asked for on /profile, until its link is opened or lapses. */
export async function setPendingEmail(id: string, email: string): Promise<void> {
  await db
    .update(profiles)
    .set({ pending_email: email.toLowerCase(), pending_email_at: new Date(), updated_at: new Date() })
    .where(eq(profiles.id, id));
}

/** The pending new address to show, while its link (valid `hours`) can still be opened. */
export function pendingEmailOf(profile: Pick<Profile, "pending_email" | "pending_email_at">, hours: number, now = new Date()) {
  if (!profile.pending_email || !profile.pending_email_at) return null;
  const until = new Date(profile.pending_email_at.getTime() + hours * 60 * 60 * 1000);
  return until > now ? { email: profile.pending_email, until } : null;
}

/**
 * After better-auth changes an account: the profile keeps the login's address (a change is audited
 * and ends the wait for it), and a confirmed address becomes this account's: another account's
 * pending change to it lapses, free plans granted to it attach, and the owner's role may follow.
 */
export async function afterAccountUpdate(user: AuthUserLike): Promise<void> {
  if (!user.email) return;
  const email = user.email.toLowerCase();
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ email: profiles.email, pending: profiles.pending_email })
      .from(profiles)
      .where(eq(profiles.id, user.id))
      .for("update");
    if (before && before.email !== email) {
      await tx
        .update(profiles)
        .set({ email, pending_email: null, pending_email_at: null, updated_at: new Date() })
        .where(eq(profiles.id, user.id));
      await recordAudit(
        {
          actor: { id: user.id, email },
          action: "email",
          entity: "profile",
          entityId: user.id,
          before: { email: before.email },
          after: { email },
        },
        tx,
      );
    }
    if (!user.emailVerified) return;
    await tx
      .update(profiles)
      .set({ pending_email: null, pending_email_at: null })
      .where(and(eq(profiles.pending_email, email), ne(profiles.id, user.id)));
    await attachFreePlans(tx, { id: user.id, email });
  });
  await grantOwnerAdminIfVerified(user);
}
