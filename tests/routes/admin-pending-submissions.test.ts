/**
 * A member's submission is published only through the admins' queue (which also makes them its
 * manager): neither the dashboard's switch nor the edit form's «Activo» publishes it. Deleting a
 * listing takes its owners' rows with it.
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { businesses, listing_change_requests, listing_claims, listing_closures, listing_managers } from "~/db/schema";
import * as dashboard from "~/routes/admin/dashboard";
import * as listingForm from "~/routes/admin/listing-form";
import { readToast } from "~/server/http/toast.server";
import { addManager } from "~/server/models/listing-managers.server";
import { db } from "~/server/platform/db.server";
import { makeBusiness, makeUser, type SignedInUser } from "../setup/factories";
import { call, formRequest } from "../setup/route";

let admin: SignedInUser;
beforeAll(async () => {
  admin = await makeUser({ signedIn: true, admin: true });
});

const isActive = async (id: string) => (await db.select().from(businesses).where(eq(businesses.id, id)))[0]!.is_active;

describe("a pending submission in the admin area", () => {
  it("is not switched on from the dashboard: the admin is told to approve it in Solicitudes", async () => {
    const member = await makeUser();
    const row = await makeBusiness({ is_active: false, review_status: "pending", submitted_by: member.id });
    const res = await call(
      dashboard.action,
      formRequest("/admin?tab=negocios", { intent: "toggle", kind: "business", id: row.id, active: "true" }, admin.cookie),
    );
    expect(res.status).toBe(302);
    const cookie = res.headers.get("set-cookie")!.split(";")[0]!;
    const { toast } = await readToast(new Request("http://localhost/", { headers: { cookie } }));
    expect(toast?.title).toContain("apruébalo en Solicitudes");
    expect(await isActive(row.id)).toBe(false);
  });

  it("is not published by the edit form's «Activo»: a 409 on that field, with the rest kept", async () => {
    const row = await makeBusiness({ nombre: "Enviado Por Miembro", is_active: false, review_status: "pending" });
    const fields = {
      nombre: "Enviado Por Miembro",
      descripcion: "Mecánica",
      direccion: "Vía Israel",
      provincia: "panama",
      industria: "servicios",
    };
    const on = await call(listingForm.action, formRequest(`/admin/business/edit/${row.id}`, { ...fields, is_active: "on" }, admin.cookie), {
      params: { id: row.id },
    });
    expect(on.status).toBe(409);
    expect(on.data.result.error.is_active[0]).toContain("Solicitudes");
    expect(on.data.result.initialValue.nombre).toBe("Enviado Por Miembro");
    expect(await isActive(row.id)).toBe(false);
    // Saved inactive, the admin's corrections go through.
    const off = await call(
      listingForm.action,
      formRequest(`/admin/business/edit/${row.id}`, { ...fields, descripcion: "Taller" }, admin.cookie),
      {
        params: { id: row.id },
      },
    );
    expect(off.status).toBe(302);
  });
});

describe("deleting a listing", () => {
  it("takes its managers, claims, queued changes and closures with it, not another listing's", async () => {
    const member = await makeUser();
    const [gone, kept] = [await makeBusiness(), await makeBusiness()];
    for (const row of [gone, kept]) {
      const ref = { kind: "business" as const, listing_id: row.id };
      await addManager({ kind: "business", listingId: row.id, userId: member.id, source: "approval" });
      await db.insert(listing_claims).values({ ...ref, user_id: member.id, method: "admin", full_name: "Ana" });
      await db.insert(listing_change_requests).values({ ...ref, user_id: member.id, changes: { nombre: "Otro" } });
      await db.insert(listing_closures).values({ ...ref, day: "2031-01-09" });
    }
    const done = await call(
      dashboard.action,
      formRequest("/admin", { intent: "delete", kind: "business", id: gone.id, confirm: "1" }, admin.cookie),
    );
    expect(done.status).toBe(302);
    for (const table of [listing_managers, listing_claims, listing_change_requests, listing_closures]) {
      const rows = (id: string) =>
        db
          .select()
          .from(table)
          .where(and(eq(table.kind, "business"), eq(table.listing_id, id)));
      expect(await rows(gone.id)).toHaveLength(0);
      expect(await rows(kept.id)).toHaveLength(1);
    }
  });
});
