/** Saving the role dialog without a change (one's own locked role included) writes nothing and says so. */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { audit_log, profiles } from "~/db/schema";
import * as members from "~/routes/admin/members";
import { db } from "~/server/platform/db.server";
import { readToast } from "~/server/http/toast.server";
import { makeUser, type SignedInUser } from "../setup/factories";
import { call, formRequest } from "../setup/route";

let admin: SignedInUser;
let other: SignedInUser;

beforeAll(async () => {
  admin = await makeUser({ signedIn: true, email: "rol-propio@admin.test", admin: true });
  other = await makeUser({ signedIn: true, email: "rol-igual@user.test" });
});

async function saveRole(userId: string, role: "admin" | "user") {
  const res = await call(members.action, formRequest("/admin-members", { intent: "role", user_id: userId, role }, admin.cookie));
  expect(res.status).toBe(302);
  const cookie = res.headers
    .getSetCookie()
    .find((c) => c.startsWith("pv_toast="))!
    .split(";")[0]!;
  const { toast } = await readToast(new Request("http://localhost/", { headers: { Cookie: cookie } }));
  return toast;
}

const roleEntries = async (id: string) =>
  (await db.select().from(audit_log).where(eq(audit_log.entity_id, id))).filter((e) => e.action === "role");

describe("role dialog saved as it was", () => {
  it("one's own admin role: says it cannot be changed, not 'Rol actualizado'", async () => {
    const toast = await saveRole(admin.id, "admin");
    expect(toast).toMatchObject({ type: "info", title: "Rol sin cambios", description: "No puedes cambiar tu propio rol." });
    expect((await db.select().from(profiles).where(eq(profiles.id, admin.id)))[0]!.is_admin).toBe(true);
    expect(await roleEntries(admin.id)).toHaveLength(0);
  });

  it("another member's role unchanged: says so and records nothing", async () => {
    const toast = await saveRole(other.id, "user");
    expect(toast).toMatchObject({ type: "info", title: "Rol sin cambios", description: "El miembro ya tenía ese rol." });
    expect(await roleEntries(other.id)).toHaveLength(0);
  });

  it("a real change still says 'Rol actualizado'", async () => {
    expect(await saveRole(other.id, "admin")).toMatchObject({ type: "success", title: "Rol actualizado" });
    expect(await roleEntries(other.id)).toHaveLength(1);
  });
});
