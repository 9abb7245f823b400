import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { audit_log, business_owners_general, free_plan_subscriptions, profiles } from "~/db/schema";
import { db } from "~/server/platform/db.server";
import { dropSingleton } from "~/server/platform/singleton.server";
import {
  grantFreePlan,
  deleteFreePlan,
  extendFreePlan,
  FreePlanActiveError,
  FreePlanNotFoundError,
  listFreePlans,
  setFreePlanActive,
} from "~/server/models/admin-free-plans.server";
import {
  assignOwner,
  freePlansOfMembers,
  listMembers,
  OWNER_MESSAGES,
  OwnerAssignmentError,
  ROLE_MESSAGES,
  setAdminByEmail,
  setMemberRole,
} from "~/server/models/admin-members.server";
import { ListingNotFoundError } from "~/server/models/listing-admin.server";
import { makeBusiness, makeUser } from "../setup/factories";

const isAdmin = async (id: string) => (await db.select().from(profiles).where(eq(profiles.id, id)))[0]!.is_admin;

afterEach(() => {
  delete process.env.REQUIRE_EMAIL_VERIFICATION;
  dropSingleton("env");
});

describe("member roles", () => {
  it("promotes and demotes with an audit entry", async () => {
    const admin = await makeUser({ admin: true });
    const user = await makeUser({ profile: true });
    await setMemberRole(admin, user.id, true);
    expect(await isAdmin(user.id)).toBe(true);
    await setMemberRole(admin, user.id, false);
    expect(await isAdmin(user.id)).toBe(false);
    const trail = await db.select().from(audit_log).where(eq(audit_log.entity_id, user.id));
    expect(trail.map((t) => [t.action, (t.before as { is_admin: boolean }).is_admin, (t.after as { is_admin: boolean }).is_admin])).toEqual(
      [
        ["role", false, true],
        ["role", true, false],
      ],
    );
  });

  it("never lets an admin remove their own role, nor demote the last admin", async () => {
    await db.update(profiles).set({ is_admin: false });
    const a = await makeUser({ admin: true });
    const b = await makeUser({ admin: true });
    await expect(setMemberRole(a, a.id, false)).rejects.toThrow(ROLE_MESSAGES.self);
    await setMemberRole(a, b.id, false);
    // a is now the last admin: b (no longer admin) acting is prevented by the route guard; the model
    // still refuses to leave the site without an admin.
    await expect(setMemberRole(b, a.id, false)).rejects.toThrow(ROLE_MESSAGES.last);
    expect(await isAdmin(a.id)).toBe(true);
    await expect(setMemberRole(a, "nobody", true)).rejects.toThrow(ROLE_MESSAGES.notFound);
  });

  it("the operator's setAdminByEmail (scripts/admin-grant.ts) follows the same rules and is audited", async () => {
    await db.update(profiles).set({ is_admin: false });
    const a = await makeUser({ admin: true, email: "Jefa.Grant@X.test" });
    const b = await makeUser({ profile: true });
    expect(await setAdminByEmail(b.email.toUpperCase(), true)).toBe(true);
    expect(await isAdmin(b.id)).toBe(true);
    expect(await setAdminByEmail(b.email, false)).toBe(true);
    await expect(setAdminByEmail("jefa.grant@x.test", false)).rejects.toThrow(ROLE_MESSAGES.last);
    expect(await isAdmin(a.id)).toBe(true);
    expect(await setAdminByEmail("nadie@x.test", true)).toBe(false);
    const trail = await db.select().from(audit_log).where(eq(audit_log.entity_id, b.id));
    expect(trail.map((t) => [t.action, t.actor_id])).toEqual([
      ["role", null],
      ["role", null],
    ]);
  });

  it("serialises concurrent demotions so one admin always remains", async () => {
    await db.update(profiles).set({ is_admin: false });
    const a = await makeUser({ admin: true });
    const b = await makeUser({ admin: true });
    const results = await Promise.allSettled([setMemberRole(a, b.id, false), setMemberRole(b, a.id, false)]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const admins = await db.select().from(profiles).where(eq(profiles.is_admin, true));
    expect(admins).toHaveLength(1);
  });

  it("lists members newest first with search and keyset paging, and their free plans", async () => {
    const base = Date.UTC(2025, 5, 1);
    const ana = await makeUser({ name: "Ána Pérez", email: "ANA@Example.test", profile: { created_at: new Date(base) } });
    await makeUser({ name: "Luis", profile: { created_at: new Date(base + 1000) } });
    const found = await listMembers({ q: "ana perez" });
    expect(found.items.map((m) => m.id)).toEqual([ana.id]);
    expect((await listMembers({ q: "example.test" })).items.map((m) => m.id)).toEqual([ana.id]);
    const all: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof listMembers>> = await listMembers({ cursor, limit: 2 });
      all.push(...page.items.map((m) => m.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(new Set(all).size).toBe(all.length);
    expect(all.length).toBe((await db.select().from(profiles)).length);

    const admin = await makeUser({ admin: true });
    await grantFreePlan(admin, { email: "ana@example.test", days_granted: 60 });
    const plans = await freePlansOfMembers([{ id: ana.id, email: "ana@example.test" }]);
    expect(plans.get(ana.id)!.map((p) => p.days_granted)).toEqual([60]);
  });
});

describe("owner assignment", () => {
  it("links a verified owner with the business plan, replacing the previous owner", async () => {
    process.env.REQUIRE_EMAIL_VERIFICATION = "1";
    dropSingleton("env");
    const admin = await makeUser({ admin: true });
    const first = await makeUser({ emailVerified: true, profile: true });
    const second = await makeUser({ emailVerified: true, email: "Dueno@Example.test", profile: true });
    const unverified = await makeUser({ profile: true });
    const b = await makeBusiness({ nombre: "Clínica Sol", industria: "salud", plan_type: "max_local" });
    await assignOwner(admin, b.id, first.email);
    await assignOwner(admin, b.id, "  DUENO@example.test ");
    const links = await db.select().from(business_owners_general).where(eq(business_owners_general.business_id, b.id));
    expect(links).toEqual([expect.objectContaining({ user_id: second.id, email: "dueno@example.test", plan_type: "max_local" })]);
    const trail = await db.select().from(audit_log).where(eq(audit_log.entity_id, b.id));
    expect(trail.map((t) => t.action)).toEqual(["owner", "owner"]);
    expect((trail[1]!.before as { user_id: string }).user_id).toBe(first.id);

    await expect(assignOwner(admin, b.id, unverified.email)).rejects.toThrow(OWNER_MESSAGES.notVerified);
    await expect(assignOwner(admin, b.id, "nadie@x.test")).rejects.toBeInstanceOf(OwnerAssignmentError);
    await expect(assignOwner(admin, "00000000-0000-4000-8000-000000000000", first.email)).rejects.toBeInstanceOf(ListingNotFoundError);
    await expect(assignOwner(admin, "forged", first.email)).rejects.toBeInstanceOf(ListingNotFoundError);
  });

  it("refuses an unconfirmed account when e-mail verification is off too (the address must be proven)", async () => {
    const admin = await makeUser({ admin: true });
    const unconfirmed = await makeUser({ profile: true });
    const confirmed = await makeUser({ profile: true, emailVerified: true });
    const b = await makeBusiness({ nombre: "Clínica Sol", industria: "salud", plan_type: "free_local" });
    await expect(assignOwner(admin, b.id, unconfirmed.email)).rejects.toThrow(OWNER_MESSAGES.notVerified);
    expect(await db.select().from(business_owners_general).where(eq(business_owners_general.business_id, b.id))).toEqual([]);
    await assignOwner(admin, b.id, confirmed.email);
    const [link] = await db.select().from(business_owners_general).where(eq(business_owners_general.business_id, b.id));
    expect(link).toMatchObject({ user_id: confirmed.id, plan_type: "free_local" });
  });
});

describe("free plans", () => {
  it("grants by lower-cased e-mail, links the account that confirmed it, expires after the days, and audits", async () => {
    const admin = await makeUser({ admin: true });
    const user = await makeUser({ email: "Cliente@Example.test", profile: true, emailVerified: true });
    // An account that only typed an address has proven nothing: the plan waits for a confirmed holder.
    await makeUser({ email: "sin.confirmar@example.test", profile: true });
    const waiting = await grantFreePlan(admin, { email: "sin.confirmar@example.test", days_granted: 30 });
    expect(waiting.user_id).toBeNull();
    const now = new Date("2026-11-21T12:00:00Z");
    const plan = await grantFreePlan(admin, { email: " CLIENTE@example.test", days_granted: 30 }, now);
    expect(plan).toMatchObject({
      email: "cliente@example.test",
      user_id: user.id,
      granted_by: admin.id,
      is_active: true,
      days_granted: 30,
    });
    expect(plan.expires_at.toISOString()).toBe("2026-12-21T12:00:00.000Z");
    const future = await grantFreePlan(admin, { email: "futuro@example.test", days_granted: 90 });
    expect(future.user_id).toBeNull();

    await setFreePlanActive(admin, plan.id, false);
    expect((await listFreePlans()).find((p) => p.id === plan.id)).toMatchObject({ is_active: false, granted_by_email: admin.email });
    await deleteFreePlan(admin, plan.id);
    expect(await db.select().from(free_plan_subscriptions).where(eq(free_plan_subscriptions.id, plan.id))).toHaveLength(0);
    await expect(deleteFreePlan(admin, plan.id)).rejects.toBeInstanceOf(FreePlanNotFoundError);
    await expect(setFreePlanActive(admin, "forged", true)).rejects.toBeInstanceOf(FreePlanNotFoundError);
    const trail = await db.select().from(audit_log).where(eq(audit_log.entity_id, plan.id));
    expect(trail.map((t) => t.action)).toEqual(["grant", "toggle", "delete"]);
    expect((trail[2]!.before as { email: string }).email).toBe("cliente@example.test");
  });

  it("refuses a second active grant for the same address, even two at once, and extends the existing one instead", async () => {
    const admin = await makeUser({ admin: true });
    const now = new Date("2026-11-21T12:00:00Z");
    // Several clicks at once (on PostgreSQL, several connections).
    const results = await Promise.allSettled(
      ["doble@example.test", "DOBLE@example.test ", "Doble@Example.test", "doble@example.test"].map((email) =>
        grantFreePlan(admin, { email, days_granted: 30 }, now),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refusedGrant = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refusedGrant.reason).toBeInstanceOf(FreePlanActiveError);
    const first = (results.find((r) => r.status === "fulfilled") as PromiseFulfilledResult<{ id: string }>).value;
    expect((refusedGrant.reason as FreePlanActiveError).plan.id).toBe(first.id);
    const rows = () => db.select().from(free_plan_subscriptions).where(eq(free_plan_subscriptions.email, "doble@example.test"));
    expect(await rows()).toHaveLength(1);

    const extended = await extendFreePlan(admin, first.id, 60, now);
    expect(extended.expires_at.toISOString()).toBe("2027-02-19T12:00:00.000Z"); // 30 + 60 days after the grant
    const trail = await db.select().from(audit_log).where(eq(audit_log.entity_id, first.id));
    expect(trail.map((t) => t.action)).toEqual(["grant", "extend"]);

    // An inactive or expired plan no longer blocks a new grant.
    await setFreePlanActive(admin, first.id, false);
    const second = await grantFreePlan(admin, { email: "doble@example.test", days_granted: 30 }, now);
    const later = new Date(second.expires_at.getTime() + 1000);
    await grantFreePlan(admin, { email: "doble@example.test", days_granted: 90 }, later);
    expect(await rows()).toHaveLength(3);
    // Extending an expired plan counts from today, and reactivates it.
    const revived = await extendFreePlan(admin, first.id, 30, new Date("2027-06-01T00:00:00Z"));
    expect(revived).toMatchObject({ is_active: true });
    expect(revived.expires_at.toISOString()).toBe("2027-07-01T00:00:00.000Z");
    await expect(extendFreePlan(admin, "forged", 30)).rejects.toBeInstanceOf(FreePlanNotFoundError);
  });
});
