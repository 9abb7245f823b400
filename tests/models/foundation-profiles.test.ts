import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { profiles } from "~/db/schema";
import { db } from "~/server/db.server";
import { emailTakenByOther, ensureProfile, getProfile, grantOwnerAdminIfVerified, syncProfileEmail } from "~/server/models/profiles.server";
import { makeUser } from "../setup/factories";
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

  it("gives is_admin only to a confirmed OWNER_EMAIL, case-insensitively", async () => {
    resetConfig({ OWNER_EMAIL: "Duena@Ejemplo.pa" });
    const owner = await makeUser({ email: "duena@ejemplo.pa" });
    const other = await makeUser();
    expect((await ensureProfile({ ...owner, emailVerified: true }))!.is_admin).toBe(true);
    expect((await ensureProfile({ ...other, emailVerified: true }))!.is_admin).toBe(false);
    await grantOwnerAdminIfVerified({ ...other, emailVerified: true });
    expect((await getProfile(other.id))!.is_admin).toBe(false);
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

  it("sees an address another account uses (any case) and mirrors the login's address into the profile", async () => {
    const a = await makeUser();
    const b = await makeUser();
    await ensureProfile(a);
    expect(await emailTakenByOther(a.id, b.email.toUpperCase())).toBe(true);
    expect(await emailTakenByOther(a.id, a.email)).toBe(false);
    await syncProfileEmail({ id: a.id, email: "ANA.NUEVA@Ejemplo.pa" });
    expect((await getProfile(a.id))!.email).toBe("ana.nueva@ejemplo.pa");
  });
});
