import { and, eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { audit_log, free_plan_subscriptions, profiles } from "~/db/schema";
import { db } from "~/server/platform/db.server";
import {
  afterAccountUpdate,
  emailTakenByOther,
  ensureProfile,
  getProfile,
  grantOwnerAdminIfVerified,
  pendingEmailOf,
  setPendingEmail,
} from "~/server/models/profiles.server";
import { checkSubscription } from "~/server/models/subscriptions.server";
import { makeFreePlan, makeUser } from "../setup/factories";
import { resetConfig } from "../setup/route";

afterEach(() => resetConfig({ OWNER_EMAIL: undefined, REQUIRE_EMAIL_VERIFICATION: undefined }));

describe("profiles", () => {
  it("creates a missing profile once (upsert on id) with the full_name fallback", async () => {
    const u = await makeUser({ name: "" });
    const p = await ensureProfile({ id: u.id, email: u.email, name: "" });
    expect(p!.full_name).toBe(u.email.split("@")[0]);
    expect(p!.is_admin).toBe(false);
    // A second call returns the same row and does not overwrite it.
    await db.update(profiles).set({ full_name: "Cambiado" }).where(eq(profiles.id, u.id));
    const again = await ensureProfile({ id: u.id, email: u.email, name: "Otro" });
    expect(again!.full_name).toBe("Cambiado");
    const count = await db.select({ c: sql<number>`count(*)::int` }).from(profiles).where(eq(profiles.id, u.id));
    expect(count[0]!.c).toBe(1);
  });

  it("creates no profile for a user without e-mail", async () => {
    const u = await makeUser();
    expect(await ensureProfile({ id: u.id, email: null, name: "X" })).toBeNull();
    expect(await getProfile(u.id)).toBeNull();
  });

  it("gives is_admin only to a confirmed OWNER_EMAIL, case-insensitively, and audits the grant", async () => {
    resetConfig({ OWNER_EMAIL: "Duena@Ejemplo.pa" });
    const owner = await makeUser({ email: "duena@ejemplo.pa" });
    const other = await makeUser({ profile: true });
    // A new profile is never admin: the grant waits for the confirmation.
    expect((await ensureProfile({ ...owner, emailVerified: true }))!.is_admin).toBe(false);
    await grantOwnerAdminIfVerified({ ...owner, emailVerified: true });
    expect((await getProfile(owner.id))!.is_admin).toBe(true);
    await grantOwnerAdminIfVerified({ ...other, emailVerified: true });
    expect((await getProfile(other.id))!.is_admin).toBe(false);
    const trail = await db
      .select()
      .from(audit_log)
      .where(and(eq(audit_log.entity_id, owner.id), eq(audit_log.action, "role")));
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({ actor_id: null, after: { email: "duena@ejemplo.pa", is_admin: true } });
    // Granting again records nothing more.
    await grantOwnerAdminIfVerified({ ...owner, emailVerified: true });
    expect(
      await db
        .select()
        .from(audit_log)
        .where(and(eq(audit_log.entity_id, owner.id), eq(audit_log.action, "role"))),
    ).toHaveLength(1);
  });

  // The owner's address must be proven, or whoever signs up with it first would be admin.
  for (const required of [undefined, "1"]) {
    it(`the owner becomes admin only once verified (verification ${required ? "on" : "off"} for everyone)`, async () => {
      const email = `jefa.${required ? "on" : "off"}@ejemplo.pa`;
      resetConfig({ OWNER_EMAIL: email, REQUIRE_EMAIL_VERIFICATION: required });
      const owner = await makeUser({ email });
      expect((await ensureProfile({ ...owner, emailVerified: false }))!.is_admin).toBe(false);
      await grantOwnerAdminIfVerified({ ...owner, emailVerified: false });
      expect((await getProfile(owner.id))!.is_admin).toBe(false);
      await grantOwnerAdminIfVerified({ ...owner, emailVerified: true });
      expect((await getProfile(owner.id))!.is_admin).toBe(true);
    });
  }

  it("never makes admin an account that moved to the owner's address, even confirmed", async () => {
    resetConfig({ OWNER_EMAIL: "la.duena@ejemplo.pa" });
    const intruder = await makeUser();
    await ensureProfile(intruder);
    await afterAccountUpdate({ id: intruder.id, email: "la.duena@ejemplo.pa", emailVerified: true });
    const p = (await getProfile(intruder.id))!;
    expect(p.email).toBe("la.duena@ejemplo.pa");
    expect(p.is_admin).toBe(false);
    expect(p.signup_email).toBe(intruder.email.toLowerCase());
  });

  it("sees an address another account uses (any case) and mirrors the login's address into the profile, audited", async () => {
    const a = await makeUser();
    const b = await makeUser();
    await ensureProfile(a);
    expect(await emailTakenByOther(a.id, b.email.toUpperCase())).toBe(true);
    expect(await emailTakenByOther(a.id, a.email)).toBe(false);
    await setPendingEmail(a.id, "ANA.NUEVA@Ejemplo.pa");
    expect(pendingEmailOf((await getProfile(a.id))!, 24)?.email).toBe("ana.nueva@ejemplo.pa");
    await afterAccountUpdate({ id: a.id, email: "ANA.NUEVA@Ejemplo.pa", emailVerified: true });
    const p = (await getProfile(a.id))!;
    expect(p.email).toBe("ana.nueva@ejemplo.pa");
    expect(pendingEmailOf(p, 24)).toBeNull();
    const trail = await db
      .select()
      .from(audit_log)
      .where(and(eq(audit_log.entity_id, a.id), eq(audit_log.action, "email")));
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({ actor_id: a.id, before: { email: a.email.toLowerCase() }, after: { email: "ana.nueva@ejemplo.pa" } });
    // An update that changes nothing of the address records nothing.
    await afterAccountUpdate({ id: a.id, email: "ana.nueva@ejemplo.pa", emailVerified: true });
    expect(
      await db
        .select()
        .from(audit_log)
        .where(and(eq(audit_log.entity_id, a.id), eq(audit_log.action, "email"))),
    ).toHaveLength(1);
  });

  it("shows a pending change only while its link works", async () => {
    const now = new Date("2026-11-26T12:00:00Z");
    const at = new Date("2026-11-26T00:00:00Z");
    expect(pendingEmailOf({ pending_email: "x@ejemplo.pa", pending_email_at: at }, 24, now)?.email).toBe("x@ejemplo.pa");
    expect(pendingEmailOf({ pending_email: "x@ejemplo.pa", pending_email_at: at }, 6, now)).toBeNull();
    expect(pendingEmailOf({ pending_email: null, pending_email_at: null }, 24, now)).toBeNull();
  });

  it("when an account confirms an address, another account's pending change to it lapses and plans granted to it attach", async () => {
    const waiting = await makeUser();
    const holder = await makeUser();
    await ensureProfile(waiting);
    await ensureProfile(holder);
    const address = `titular.${holder.id}@ejemplo.pa`;
    const plan = await makeFreePlan({ email: address });
    expect(plan.user_id).toBeNull();
    await setPendingEmail(waiting.id, address);

    // Typing or holding the address unconfirmed attaches nothing.
    await afterAccountUpdate({ id: holder.id, email: address, emailVerified: false });
    expect((await checkSubscription(holder.id)).subscribed).toBe(false);
    expect(pendingEmailOf((await getProfile(waiting.id))!, 24)?.email).toBe(address);

    await afterAccountUpdate({ id: holder.id, email: address, emailVerified: true });
    expect(pendingEmailOf((await getProfile(waiting.id))!, 24)).toBeNull();
    const [linked] = await db.select().from(free_plan_subscriptions).where(eq(free_plan_subscriptions.id, plan.id));
    expect(linked!.user_id).toBe(holder.id);
    expect(await checkSubscription(holder.id)).toMatchObject({ subscribed: true, source: "free_plan" });
    const trail = await db
      .select()
      .from(audit_log)
      .where(and(eq(audit_log.entity_id, plan.id), eq(audit_log.action, "attach")));
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({ actor_id: holder.id, before: { user_id: null }, after: { email: address, user_id: holder.id } });
  });
});
