/**
 * The directory's loaders and actions called with real Requests: listing pages, cursors,
 * the province filter, entry pages with old-slug 301s, search, bad input (never a 500), and the admin
 * controls on business pages enforced on the server.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { businesses, listing_slug_history, restaurants } from "~/db/schema";
import * as business from "~/routes/directory/entry";
import * as industry from "~/routes/directory/industry";
import * as province from "~/routes/directory/province";
import * as restaurant from "~/routes/directory/entry";
import * as search from "~/routes/directory/search";
import { db } from "~/server/platform/db.server";
import { pageCacheStats } from "~/server/http/page-cache.server";
import { directoryEntries } from "~/server/sitemap/directory.server";
import { readToast } from "~/server/http/toast.server";
import { fondas, MARISQUERIA_AZUL, makeBusinesses, makeRestaurants, makeUser } from "../setup/factories";
import { call, cookiesFrom, formRequest, getRequest, ORIGIN } from "../setup/route";

type H = any;

const base = Date.parse("2026-05-01T10:00:00Z");
let n = 0;
const at = () => new Date(base + ++n * 60_000);

let construccionIds: string[] = [];

beforeAll(async () => {
  await makeRestaurants([
    ...fondas(8, () => ({ created_at: at() })),
    { slug: "fonda-oculta", nombre: "Fonda Oculta", is_active: false, created_at: at() },
    { ...MARISQUERIA_AZUL, descripcion: "Ceviche <b>fresco</b>", instagram_url: "https://instagram.com/azul", created_at: at() },
  ]);
  const rows = await makeBusinesses(
    Array.from({ length: 9 }, (_, i) => ({
      slug: `obra-${i}`,
      nombre: `Obra ${i}`,
      descripcion: "Construcción",
      industria: "construccion",
      provincia: i % 3 === 0 ? "chiriqui" : "panama",
      created_at: at(),
    })),
  );
  construccionIds = rows.map((r) => r.id);
});

async function toastOf(headers: Headers) {
  const cookie = cookiesFrom(headers);
  return (await readToast(new Request(ORIGIN, { headers: { cookie } }))).toast;
}

describe("province pages", () => {
  it("lists 6 active entries newest first with a cursor to the rest, cacheable", async () => {
    const res = await call(province.loader as H, getRequest("/restaurantes-panama"));
    expect(res.status).toBe(200);
    expect(res.data.items.map((i: { slug: string }) => i.slug)).toEqual(["fonda-7", "fonda-6", "fonda-5", "fonda-4", "fonda-3", "fonda-2"]);
    expect(res.headers.get("Cache-Control")).toMatch(/public/);
    const next = await call(province.loader as H, getRequest(`/restaurantes-panama?cursor=${res.data.nextCursor}`));
    expect(next.data.items.map((i: { slug: string }) => i.slug)).toEqual(["fonda-1", "fonda-0"]);
    expect(next.data.nextCursor).toBeNull();
  });

  it("answers 404 for an unknown province and 400 (not 500) for garbage cursors", async () => {
    expect((await call(province.loader as H, getRequest("/restaurantes-narnia"))).status).toBe(404);
    for (const c of ["garbage", "%00%27", "x".repeat(5000), "MjAyNnx4", "-1", "99999999999"]) {
      const res = await call(province.loader as H, getRequest(`/restaurantes-panama?cursor=${c}`));
      expect(res.status).toBe(400);
    }
    // Unknown parameters (page=-1, page=999999) are ignored: a normal page.
    expect((await call(province.loader as H, getRequest("/restaurantes-panama?page=-1&pagina=999999999"))).status).toBe(200);
  });
});

describe("industry pages", () => {
  it("filters by province on the server, pages with the filter, and 404s unknown industries", async () => {
    const res = await call(industry.loader as H, getRequest("/negocios/construccion?provincia=chiriqui"), {
      params: { industria: "construccion" },
    });
    expect(res.status).toBe(200);
    expect(res.data.items.every((i: { provincia: string }) => i.provincia === "chiriqui")).toBe(true);
    expect(res.data.items).toHaveLength(3);
    expect(res.data.isAdmin).toBe(false);
    const all = await call(industry.loader as H, getRequest("/negocios/construccion"), { params: { industria: "construccion" } });
    expect(all.data.items).toHaveLength(6);
    const page2 = await call(industry.loader as H, getRequest(`/negocios/construccion?cursor=${all.data.nextCursor}`), {
      params: { industria: "construccion" },
    });
    expect(page2.data.items).toHaveLength(3);
    expect((await call(industry.loader as H, getRequest("/negocios/panaderias"), { params: { industria: "panaderias" } })).status).toBe(
      404,
    );
    expect(
      (await call(industry.loader as H, getRequest("/negocios/construccion?provincia=narnia"), { params: { industria: "construccion" } }))
        .status,
    ).toBe(400);
    expect(
      (await call(industry.loader as H, getRequest("/negocios/construccion?provincia=todas"), { params: { industria: "construccion" } }))
        .status,
    ).toBe(200);
  });
});

describe("admin controls on business pages", () => {
  const params = { params: { industria: "construccion" } };
  const act = (fields: Record<string, string>, cookie?: string, path = "/negocios/construccion") =>
    call(industry.action as H, formRequest(path, fields, cookie), params);
  const listing = (path: string, cookie?: string) => call(industry.loader as H, getRequest(path, cookie), params);

  it("refuse visitors and non-admins without changing anything", async () => {
    const id = construccionIds[0]!;
    const visitor = await act({ intent: "toggle", id, active: "false" });
    expect(visitor.status).toBe(302);
    expect(visitor.location).toMatch(/^\/auth/);
    const { cookie: userCookie } = await makeUser({ signedIn: true, email: "usuaria@dir.test" });
    const user = await act({ intent: "delete", id, confirm: "si" }, userCookie);
    expect(user.status).toBe(302);
    expect(user.location).toBe("/");
    expect((await toastOf(user.headers))?.title).toBe("Acceso Denegado");
    const [row] = await db.select().from(businesses).where(eq(businesses.id, id));
    expect(row?.is_active).toBe(true);
    // Non-admins see no inactive entries and no controls.
    const page = await listing("/negocios/construccion", userCookie);
    expect(page.data.isAdmin).toBe(false);
  });

  it("let an admin deactivate, reactivate and delete, with the spec's toasts and cache invalidation", async () => {
    const { cookie } = await makeUser({ signedIn: true, email: "admin@dir.test", admin: true });
    const id = construccionIds[1]!;
    const before = pageCacheStats().invalidations;
    const off = await act({ intent: "toggle", id, active: "false" }, cookie, "/negocios/construccion?provincia=panama");
    expect(off.status).toBe(302);
    expect(off.location).toBe("/negocios/construccion?provincia=panama");
    expect((await toastOf(off.headers))?.title).toBe("Estado actualizado");
    expect((await db.select().from(businesses).where(eq(businesses.id, id)))[0]?.is_active).toBe(false);
    expect(pageCacheStats().invalidations).toBeGreaterThan(before);

    // A visitor no longer sees it; the admin still does (dimmed, to reactivate it).
    const visitorPage = await listing("/negocios/construccion?provincia=panama");
    expect(visitorPage.data.items.map((i: { id: string }) => i.id)).not.toContain(id);
    const adminPage = await listing("/negocios/construccion?provincia=panama", cookie);
    expect(adminPage.data.isAdmin).toBe(true);
    expect(adminPage.data.items.find((i: { id: string }) => i.id === id)?.is_active).toBe(false);

    const on = await act({ intent: "toggle", id, active: "true" }, cookie);
    expect((await toastOf(on.headers))?.title).toBe("Estado actualizado");

    const unconfirmed = await act({ intent: "delete", id }, cookie);
    expect(unconfirmed.status).toBe(400);
    const del = await act({ intent: "delete", id, confirm: "si" }, cookie);
    expect((await toastOf(del.headers))?.title).toBe("Negocio eliminado");
    expect(await db.select().from(businesses).where(eq(businesses.id, id))).toHaveLength(0);

    const again = await act({ intent: "toggle", id, active: "false" }, cookie);
    expect((await toastOf(again.headers))?.title).toMatch(/^Error al actualizar estado: /);
    for (const fields of [{ intent: "toggle", id: "1 or 1=1", active: "false" }, { intent: "nuke", id }, {}]) {
      expect((await act(fields as Record<string, string>, cookie)).status).toBe(400);
    }
  });
});

describe("entry pages", () => {
  it("shows an active restaurant, 404s inactive or unknown ones, and 301s old slugs", async () => {
    const ok = await call(restaurant.loader as H, getRequest("/restaurante/marisqueria-azul"), { params: { slug: "marisqueria-azul" } });
    expect(ok.status).toBe(200);
    expect(ok.data.entry).toMatchObject({ nombre: "Marisquería Azul", instagram_url: "https://instagram.com/azul" });
    expect(ok.data.path).toBe("/restaurante/marisqueria-azul");
    expect(ok.data.jsonLd[0].url).toBe(`${ORIGIN}/restaurante/marisqueria-azul`);
    expect((await call(restaurant.loader as H, getRequest("/restaurante/fonda-oculta"), { params: { slug: "fonda-oculta" } })).status).toBe(
      404,
    );
    expect((await call(restaurant.loader as H, getRequest("/restaurante/x"), { params: { slug: "<script>".repeat(100) } })).status).toBe(
      404,
    );
    const [row] = await db.select().from(restaurants).where(eq(restaurants.slug, "marisqueria-azul"));
    await db.insert(listing_slug_history).values({ kind: "restaurant", old_slug: "cangrejo-azul", listing_id: row!.id });
    const moved = await call(restaurant.loader as H, getRequest("/restaurante/cangrejo-azul"), { params: { slug: "cangrejo-azul" } });
    expect(moved.status).toBe(301);
    expect(moved.location).toBe("/restaurante/marisqueria-azul");
  });

  it("shows an active business", async () => {
    const res = await call(business.loader as H, getRequest("/negocio/obra-2"), { params: { slug: "obra-2" } });
    expect(res.status).toBe(200);
    expect(res.data.entry.etiqueta).toBe("construccion");
    expect((await call(business.loader as H, getRequest("/negocio/fonda-1"), { params: { slug: "fonda-1" } })).status).toBe(404);
  });
});

describe("search", () => {
  it("finds accent-insensitively and never fails on hostile input", async () => {
    const res = await call(search.loader as H, getRequest("/buscar?q=MARISQUERIA"));
    expect(res.status).toBe(200);
    expect(res.data.items.map((i: { slug: string }) => i.slug)).toContain("marisqueria-azul");
    for (const q of ["x".repeat(5000), "'; drop table businesses; --", "<img src=x onerror=alert(1)>", "%", "\u0000"]) {
      const r = await call(search.loader as H, getRequest(`/buscar?q=${encodeURIComponent(q)}`));
      expect(r.status).toBe(200);
      expect(r.data.q.length).toBeLessThanOrEqual(100);
    }
    expect((await call(search.loader as H, getRequest("/buscar?q=cafe&tipo=otros"))).status).toBe(400);
    expect((await call(search.loader as H, getRequest("/buscar?q=cafe&provincia=narnia"))).status).toBe(400);
    expect((await call(search.loader as H, getRequest("/buscar?q=cafe&cursor=basura"))).status).toBe(400);
    const typed = await call(search.loader as H, getRequest("/buscar?q=obra&tipo=negocios&provincia=chiriqui"));
    expect(typed.status).toBe(200);
    expect(typed.data.items.every((i: { kind: string; provincia: string }) => i.kind === "business" && i.provincia === "chiriqui")).toBe(
      true,
    );
  });
});

describe("sitemap", () => {
  it("lists the 20 listing pages and every active entry, never inactive ones", async () => {
    const paths = (await directoryEntries()).map((e) => e.path);
    expect(paths).toContain("/restaurantes-darien");
    expect(paths).toContain("/negocios/servicios");
    expect(paths).toContain("/restaurante/marisqueria-azul");
    expect(paths).toContain("/negocio/obra-0");
    expect(paths).not.toContain("/restaurante/fonda-oculta");
    expect(new Set(paths).size).toBe(paths.length);
  });
});
