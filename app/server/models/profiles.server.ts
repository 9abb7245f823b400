/** Profiles: one per auth user, created by upsert on id. */
import { eq, sql } from "drizzle-orm";
import { profiles, users, type Profile } from "~/db/schema";
import { db } from "../db.server";
import { getEnv } from "../env.server";

export type AuthUserLike = { id: string; email?: string | null; name?: string | null; emailVerified?: boolean };

/** full_name is the user's full name, else the part of the e-mail before the @, else empty. */
export function defaultFullName(user: AuthUserLike): string {
  const name = user.name?.trim();
  if (name) return name;
  const email = user.email?.trim() ?? "";
  return email.includes("@") ? email.slice(0, email.indexOf("@")) : "";
}

/** Whether `email` is the OWNER_EMAIL address (case-insensitive), confirmed or not. */
export function isOwnerAddress(email: string | null | undefined): boolean {
  const owner = getEnv().OWNER_EMAIL;
  return Boolean(owner && email && email.trim().toLowerCase() === owner.trim().toLowerCase());
}

/**
 * Only the owner address (OWNER_EMAIL) gets is_admin, and only once confirmed, whether or not
 * everyone must confirm: otherwise whoever signs up first with that address would be admin.
 */
function isOwnerEmail(user: AuthUserLike): boolean {
  return isOwnerAddress(user.email) && Boolean(user.emailVerified);
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
      is_admin: isOwnerEmail(user),
      created_at: now,
      updated_at: now,
    })
    .onConflictDoUpdate({ target: profiles.id, set: { updated_at: sql`${profiles.updated_at}` } })
    .returning();
  return row ?? null;
}

/** When the owner confirms the address, the owner's profile becomes admin. */
export async function grantOwnerAdminIfVerified(user: AuthUserLike): Promise<void> {
  if (!isOwnerEmail(user)) return;
  const profile = await ensureProfile(user);
  if (profile && !profile.is_admin) {
    await db.update(profiles).set({ is_admin: true, updated_at: new Date() }).where(eq(profiles.id, user.id));
  }
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

/** The address the account signs in with now (better-auth's table, read only). */
export async function loginEmailOf(id: string): Promise<string | null> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, id)).limit(1);
  return row?.email ?? null;
}

export async function setFullName(id: string, fullName: string): Promise<void> {
  await db.update(profiles).set({ full_name: fullName, updated_at: new Date() }).where(eq(profiles.id, id));
}

/** The profile keeps the login's address: better-auth calls this after it changes a user. */
export async function syncProfileEmail(user: AuthUserLike): Promise<void> {
  if (!user.email) return;
  const email = user.email.toLowerCase();
  await db
    .update(profiles)
    .set({ email, updated_at: new Date() })
    .where(sql`${profiles.id} = ${user.id} and ${profiles.email} is distinct from ${email}`);
}
