/** The admin routes' loaders and actions called with real Requests: guards, validation, outcomes. */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { audit_log, businesses, free_plan_subscriptions, profiles, restaurants } from "~/db/schema";
import { db } from "~/server/platform/db.server";
import * as dashboard from "~/routes/admin/dashboard";
import * as restaurantForm from "~/routes/admin/listing-form";
import { readToast } from "~/server/http/toast.server";
import * as businessForm from "~/routes/admin/listing-form";
import * as freePlans from "~/routes/admin/free-plans";
import * as members from "~/routes/admin/members";
import * as audit from "~/routes/admin/audit";
import * as search from "~/routes/admin/restaurant-search";
import { makeRestaurant, makeUser, type SignedInUser } from "../setup/factories";
import { call, formRequest, getRequest } from "../setup/route";

let admin: SignedInUser;
let user: SignedInUser;

beforeAll(async () => {
  admin = await makeUser({ signedIn: true, email: "jefa@admin.test", admin: true });
  user = await makeUser({ signedIn: true, email: "cliente@user.test" });
});

const validRestaurant = { nombre: "Fonda Central", direccion: "Calle 10", provincia: "cocle", rating: "4.2", is_active: "on" };
const validBusiness = {
  nombre: "Taller Istmeño",
  descripcion: "Mecánica",
  direccion: "Vía Israel",
  provincia: "panama",
  industria: "servicios",
};

describe("guards on every admin loader and action", () => {
  const cases: [string, (a: any) => unknown, string, Record<string, string>?][] = [
    ["dashboard loader", dashboard.loader, "/admin"],
    ["dashboard action", dashboard.action, "/admin"],
    ["restaurant new loader", restaurantForm.loader, "/admin/restaurant/new"],
    ["restaurant new action", restaurantForm.action, "/admin/restaurant/new"],
    ["business new action", businessForm.action, "/admin/business/new"],
    ["free plans action", freePlans.action, "/admin/free-plans"],
    ["audit loader", audit.loader, "/admin/audit"],
    ["search loader", search.loader, "/admin/restaurant/search"],
  ];
  for (const [name, fn, path] of cases) {
    it(`${name}: visitor -> /auth, user -> Acceso Denegado at /`, async () => {
      const isAction = name.endsWith("action");
      const req = (cookie?: string) =>
        isAction ? formRequest(path, { ...validRestaurant, email: "x@y.test" }, cookie) : getRequest(path, cookie);
      const anon = await call(fn, req());
      expect(anon.status).toBe(302);
      expect(anon.location).toMatch(/^\/auth/);
      const denied = await call(fn, req(user.cookie));
      expect(denied.status).toBe(302);
      expect(denied.location).toBe("/");
      expect(denied.headers.getSetCookie().join()).toContain("pv_toast=");
    });
  }
  it("members: a non-admin goes back to /admin", async () => {
    expect((await call(members.loader, getRequest("/admin-members", user.cookie))).location).toBe("/admin");
    expect(
      (await call(members.action, formRequest("/admin-members", { intent: "role", user_id: user.id, role: "admin" }, user.cookie)))
        .location,
    ).toBe("/admin");
    expect((await db.select().from(profiles).where(eq(profiles.id, user.id)))[0]!.is_admin).toBe(false);
  });
  it("nothing is written by a refused request", async () => {
    await call(restaurantForm.action, formRequest("/admin/restaurant/new", { ...validRestaurant, nombre: "Intruso" }, user.cookie));
    expect(await db.select().from(restaurants).where(eq(restaurants.nombre, "Intruso"))).toHaveLength(0);
  });
});

describe("restaurant form validation", () => {
  const bad: [string, Record<string, string | string[]>, string, RegExp][] = [
    // One message for every rating off the scale, above, below or not a number.
    ["rating 7", { rating: "7" }, "rating", /^La calificación va de 0 a 5$/],
    ["rating 6", { rating: "6" }, "rating", /^La calificación va de 0 a 5$/],
    ["rating -1", { rating: "-1" }, "rating", /^La calificación va de 0 a 5$/],
    ["rating abc", { rating: "abc" }, "rating", /^La calificación va de 0 a 5$/],
    ["rating 4.25", { rating: "4.25" }, "rating", /0.1/],
    ["10,000-char name", { nombre: "a".repeat(10_000) }, "nombre", /demasiado largo/],
    ["missing name", { nombre: "  " }, "nombre", /obligatorio/],
    ["unknown province", { provincia: "narnia" }, "provincia", /provincia válida/],
    ["unknown category", { categoria: "sushi-bar" }, "categoria", /categoría válida/],
    ["duplicate specialty", { especialidades: ["Sancocho", "sancocho"] }, "especialidades[1]", /repetida/],
    ["empty specialty", { especialidades: ["Sancocho", " "] }, "especialidades[1]", /vacías/],
    ["non-URL website", { website_url: "mi sitio" }, "website_url", /URL válida/],
    ["javascript: URL", { facebook_url: "javascript:alert(1)" }, "facebook_url", /URL válida/],
    ["ftp image", { imagen: "ftp://x.test/a.png" }, "imagen", /URL válida/],
  ];
  for (const [name, over, field, message] of bad) {
    it(`refuses ${name} with a Spanish field error, keeps the input and saves nothing`, async () => {
      const nombre = `Validación ${name}`;
      const res = await call(
        restaurantForm.action,
        formRequest("/admin/restaurant/new", { ...validRestaurant, nombre, ...over }, admin.cookie),
      );
      expect(res.status).toBe(400);
      expect(res.data.result.error[field].join(" ")).toMatch(message);
      if (!("nombre" in over)) expect(res.data.result.initialValue.nombre).toBe(nombre);
      expect(await db.select().from(restaurants).where(eq(restaurants.nombre, nombre))).toHaveLength(0);
    });
  }

  it("creates a valid restaurant (empty rating and categoria -> null) and says 'Éxito'", async () => {
    const res = await call(
      restaurantForm.action,
      formRequest(
        "/admin/restaurant/new",
        {
          ...validRestaurant,
          nombre: "Ruta Válida",
          rating: "",
          categoria: "",
          especialidades: ["Ropa vieja", "Arroz con pollo"],
          website_url: "https://ruta.example",
        },
        admin.cookie,
      ),
    );
    expect(res.status).toBe(302);
    expect(res.location).toBe("/admin?tab=restaurantes");
    const [row] = await db.select().from(restaurants).where(eq(restaurants.nombre, "Ruta Válida"));
    expect(row).toMatchObject({
      rating: null,
      categoria: null,
      especialidades: ["Ropa vieja", "Arroz con pollo"],
      is_active: true,
      is_verified: false,
    });
  });

  it("editing an entry deleted meanwhile answers with a Spanish message, not a failure", async () => {
    const row = await makeRestaurant({ nombre: "Borrado" });
    const loaded = await call(restaurantForm.loader, getRequest(`/admin/restaurant/edit/${row.id}`, admin.cookie), {
      params: { id: row.id },
    });
    expect(loaded.data.values.nombre).toBe("Borrado");
    await db.delete(restaurants).where(eq(restaurants.id, row.id));
    const res = await call(
      restaurantForm.action,
      formRequest(`/admin/restaurant/edit/${row.id}`, { ...validRestaurant, nombre: "Editado" }, admin.cookie),
      { params: { id: row.id } },
    );
    expect(res.status).toBe(404);
    expect(res.data.result.error[""]).toEqual(["Error al guardar: El registro ya no existe (pudo ser eliminado)."]);
    expect(res.data.result.initialValue.nombre).toBe("Editado");
    const reload = await call(restaurantForm.loader, getRequest(`/admin/restaurant/edit/${row.id}`, admin.cookie), {
      params: { id: row.id },
    });
    expect(reload.status).toBe(302);
    const forged = await call(restaurantForm.action, formRequest("/admin/restaurant/edit/forged", validRestaurant, admin.cookie), {
      params: { id: "forged' or 1=1" },
    });
    expect(forged.status).toBe(404);
  });
});

describe("business form", () => {
  it("requires descripcion and a known industry; trims and de-duplicates specialties", async () => {
    const bad = await call(
      businessForm.action,
      formRequest("/admin/business/new", { ...validBusiness, descripcion: "", industria: "magia" }, admin.cookie),
    );
    expect(bad.status).toBe(400);
    expect(bad.data.result.error.descripcion[0]).toMatch(/obligatori/);
    expect(bad.data.result.error.industria[0]).toMatch(/industria válida/);
    const ok = await call(
      businessForm.action,
      formRequest(
        "/admin/business/new",
        { ...validBusiness, especialidades: [" Frenos ", "frenos", "Motor", " "], website: "https://taller.example" },
        admin.cookie,
      ),
    );
    expect(ok.status).toBe(302);
    // Saved without the repeated and the empty entry, and the admin is told.
    const cookie = ok.headers.get("set-cookie")!.split(";")[0]!;
    expect((await readToast(new Request("http://localhost/", { headers: { cookie } }))).toast?.description).toBe(
      "Negocio «Taller Istmeño» creado. Se omitieron 2 especialidades vacías o repetidas.",
    );
    const [saved] = await db.select().from(businesses).where(eq(businesses.nombre, "Taller Istmeño"));
    expect(saved!.especialidades).toEqual(["Frenos", "Motor"]);
    const list = await call(dashboard.loader, getRequest("/admin?tab=negocios&q=istmeno", admin.cookie));
    expect(list.data.items.map((i: { nombre: string }) => i.nombre)).toEqual(["Taller Istmeño"]);
  });
});

describe("dashboard actions", () => {
  it("toggles, and deletes only after confirmation", async () => {
    const row = await makeRestaurant({ nombre: "Para Borrar", provincia: "herrera" });
    const toggled = await call(
      dashboard.action,
      formRequest("/admin?tab=restaurantes", { intent: "toggle", kind: "restaurant", id: row.id, active: "false" }, admin.cookie),
    );
    expect(toggled.location).toBe("/admin?tab=restaurantes");
    expect((await db.select().from(restaurants).where(eq(restaurants.id, row.id)))[0]!.is_active).toBe(false);

    const ask = await call(dashboard.action, formRequest("/admin", { intent: "delete", kind: "restaurant", id: row.id }, admin.cookie));
    expect(ask.status).toBe(200);
    expect(ask.data.confirm).toMatchObject({ id: row.id, nombre: "Para Borrar" });
    expect(await db.select().from(restaurants).where(eq(restaurants.id, row.id))).toHaveLength(1);

    const done = await call(
      dashboard.action,
      formRequest("/admin", { intent: "delete", kind: "restaurant", id: row.id, confirm: "1" }, admin.cookie),
    );
    expect(done.status).toBe(302);
    expect(await db.select().from(restaurants).where(eq(restaurants.id, row.id))).toHaveLength(0);
    const [entry] = await db.select().from(audit_log).where(eq(audit_log.action, "delete"));
    expect((entry!.before as { nombre: string }).nombre).toBe("Para Borrar");

    const forged = await call(
      dashboard.action,
      formRequest("/admin", { intent: "delete", kind: "restaurant", id: "1 or 1=1", confirm: "1" }, admin.cookie),
    );
    expect(forged.status).toBe(400);
    const gone = await call(
      dashboard.action,
      formRequest("/admin", { intent: "toggle", kind: "restaurant", id: row.id, active: "true" }, admin.cookie),
    );
    expect(gone.status).toBe(302);
  });

  it("sends the free plans tab to /admin/free-plans", async () => {
    expect((await call(dashboard.loader, getRequest("/admin?tab=planes", admin.cookie))).location).toBe("/admin/free-plans");
  });
});

describe("free plans and roles", () => {
  it("grants a plan (lower-cased, default 30 days) and refuses bad input", async () => {
    const bad = await call(
      freePlans.action,
      formRequest("/admin/free-plans", { intent: "grant", email: "no-es-email", days_granted: "45" }, admin.cookie),
    );
    expect(bad.status).toBe(400);
    expect(bad.data.result.error.email[0]).toBe("Ingresa un email válido");
    expect(bad.data.result.error.days_granted[0]).toBe("Elige 30, 60 o 90 días");
    expect(bad.data.result.initialValue.email).toBe("no-es-email");
    const ok = await call(
      freePlans.action,
      formRequest("/admin/free-plans", { intent: "grant", email: "Cliente@User.TEST" }, admin.cookie),
    );
    expect(ok.status).toBe(200);
    expect(ok.data.toast.title).toBe("Plan Gratuito Creado");
    // The reply empties the form (Conform's resetForm), so a second click has nothing to send.
    expect(ok.data.result).toEqual({ initialValue: null });
    const [plan] = await db.select().from(free_plan_subscriptions).where(eq(free_plan_subscriptions.email, "cliente@user.test"));
    // The account has not confirmed the address: the plan waits for whoever does.
    expect(plan).toMatchObject({ days_granted: 30, user_id: null, granted_by: admin.id });
    const again = await call(
      freePlans.action,
      formRequest("/admin/free-plans", { intent: "grant", email: "cliente@user.test", days_granted: "60" }, admin.cookie),
    );
    expect(again.status).toBe(409);
    expect(again.data.result.error.email[0]).toMatch(/^Este email ya tiene un plan gratuito activo hasta el /);
    expect(again.data.extend).toMatchObject({ id: plan!.id, days: 60 });
    const extended = await call(
      freePlans.action,
      formRequest("/admin/free-plans", { intent: "extend", id: plan!.id, days_granted: "60" }, admin.cookie),
    );
    expect(extended.status).toBe(302);
    const [after] = await db.select().from(free_plan_subscriptions).where(eq(free_plan_subscriptions.id, plan!.id));
    expect(after!.expires_at.getTime() - plan!.expires_at.getTime()).toBe(60 * 24 * 60 * 60 * 1000);
    const listed = await call(freePlans.loader, getRequest("/admin/free-plans", admin.cookie));
    expect(listed.data.plans[0].email).toBe("cliente@user.test");
  });

  it("an admin cannot remove their own admin role", async () => {
    const res = await call(
      members.action,
      formRequest("/admin-members", { intent: "role", user_id: admin.id, role: "user" }, admin.cookie),
    );
    expect(res.status).toBe(302);
    expect((await db.select().from(profiles).where(eq(profiles.id, admin.id)))[0]!.is_admin).toBe(true);
  });
});
