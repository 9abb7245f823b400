import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { audit_log, businesses, listing_slug_history } from "~/db/schema";
import { businessSchema, restaurantSchema } from "~/schemas/admin";
import { db } from "~/server/platform/db.server";
import { onInvalidate } from "~/server/http/page-cache.server";
import { createListing, listAdminListings, searchRestaurants, updateListing } from "~/server/models/admin-listings.server";
import { deleteListing, ListingNotFoundError } from "~/server/models/listing-admin.server";
import { parseKeysetCursor } from "~/server/models/keyset.server";
import { makeRestaurants, makeUser } from "../setup/factories";

let invalidations = 0;

const restaurant = (over: Record<string, unknown> = {}) =>
  restaurantSchema.parse({ nombre: "Fonda Doña Chela", direccion: "Calle 50, Bella Vista", provincia: "panama", is_active: "on", ...over });

describe("admin restaurants", () => {
  it("creates with a unique slug, audits the new row and invalidates public pages", async () => {
    const actor = await makeUser();
    onInvalidate(() => invalidations++);
    const before = invalidations;
    const a = await createListing("restaurant", restaurant({ rating: "4.5", especialidades: ["Sancocho", "Patacones"] }), actor);
    const b = await createListing("restaurant", restaurant(), actor);
    expect(a.slug).toBe("fonda-dona-chela");
    expect(b.slug).toBe("fonda-dona-chela-2");
    expect(a.rating).toBe(4.5);
    expect(a.categoria).toBeNull();
    expect(a.especialidades).toEqual(["Sancocho", "Patacones"]);
    expect(invalidations - before).toBe(2);
    const [entry] = await db.select().from(audit_log).where(eq(audit_log.entity_id, a.id));
    expect(entry).toMatchObject({ action: "create", entity: "restaurant", actor_id: actor.id });
    expect((entry!.after as { nombre: string }).nombre).toBe("Fonda Doña Chela");
  });

  it("updates with before/after in the trail, keeps old slugs on rename, and refuses a deleted entry", async () => {
    const actor = await makeUser();
    const r = await createListing("restaurant", restaurant({ nombre: "Mariscos del Pacífico" }), actor);
    const updated = await updateListing(
      "restaurant",
      r.id,
      restaurant({ nombre: "Mariscos del Pacífico", rating: "", categoria: "mariscos" }),
      actor,
    );
    expect(updated.slug).toBe(r.slug);
    expect(updated.rating).toBeNull();
    const renamed = await updateListing("restaurant", r.id, restaurant({ nombre: "Mar y Tierra" }), actor);
    expect(renamed.slug).toBe("mar-y-tierra");
    const history = await db.select().from(listing_slug_history).where(eq(listing_slug_history.listing_id, r.id));
    expect(history.map((h) => h.old_slug)).toEqual(["mariscos-del-pacifico"]);
    const trail = await db.select().from(audit_log).where(eq(audit_log.entity_id, r.id));
    const upd = trail.filter((t) => t.action === "update");
    expect(upd).toHaveLength(2);
    expect((upd[0]!.before as { categoria: string | null }).categoria).toBeNull();
    expect((upd[0]!.after as { categoria: string }).categoria).toBe("mariscos");

    await deleteListing("restaurant", r.id, actor);
    await expect(updateListing("restaurant", r.id, restaurant(), actor)).rejects.toBeInstanceOf(ListingNotFoundError);
    await expect(updateListing("restaurant", "not-a-uuid", restaurant(), actor)).rejects.toBeInstanceOf(ListingNotFoundError);
  });

  it("lists newest first with keyset paging, accent-insensitive text and province filters", async () => {
    const t0 = Date.UTC(2026, 0, 1);
    await makeRestaurants(
      Array.from({ length: 7 }, (_, i) => ({
        slug: `pg-${i}`,
        nombre: i === 3 ? "Café Ñandú" : `Paginado ${i}`,
        direccion: i === 5 ? "Avenida Perú 100%" : "Calle 1",
        provincia: i % 2 ? "colon" : "chiriqui",
        created_at: new Date(t0 + i * 1000),
      })),
    );
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof listAdminListings<"restaurant">>> = await listAdminListings("restaurant", {
        q: "",
        provincia: null,
        cursor,
        limit: 3,
      });
      seen.push(...page.items.filter((r) => r.slug.startsWith("pg-")).map((r) => r.slug));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(["pg-6", "pg-5", "pg-4", "pg-3", "pg-2", "pg-1", "pg-0"]);

    expect((await listAdminListings("restaurant", { q: "cafe nandu" })).items.map((r) => r.slug)).toEqual(["pg-3"]);
    expect((await listAdminListings("restaurant", { q: "PERU" })).items.map((r) => r.slug)).toEqual(["pg-5"]);
    // LIKE wildcards in the term are literal.
    expect((await listAdminListings("restaurant", { q: "100%" })).items.map((r) => r.slug)).toEqual(["pg-5"]);
    expect((await listAdminListings("restaurant", { q: "%" })).items.map((r) => r.slug)).toEqual(["pg-5"]);
    const colon = (await listAdminListings("restaurant", { provincia: "colon", limit: 100 })).items.filter((r) => r.slug.startsWith("pg-"));
    expect(colon.map((r) => r.slug)).toEqual(["pg-5", "pg-3", "pg-1"]);
    // A garbage cursor is just the first page.
    expect(parseKeysetCursor("x~y", "uuid")).toBeNull();
    expect((await listAdminListings("restaurant", { cursor: "'; drop table restaurants; --" })).items.length).toBeGreaterThan(0);
  });

  it("searches by name or address, case- and accent-insensitively, with a province filter", async () => {
    await makeRestaurants([
      { nombre: "La Fonda de Boquete", direccion: "Bajo Boquete", provincia: "chiriqui" },
      { nombre: "El Rancho", direccion: "Vía Boquete km 3", provincia: "chiriqui" },
      { nombre: "Boquete Grill", direccion: "Calle 50" },
    ]);
    const all = await searchRestaurants({ q: "BOQUETE" });
    expect(all.map((r) => r.nombre)).toEqual(["Boquete Grill", "El Rancho", "La Fonda de Boquete"]);
    const chiriqui = await searchRestaurants({ q: "boquete", provincia: "chiriqui" });
    expect(chiriqui.map((r) => r.nombre)).toEqual(["El Rancho", "La Fonda de Boquete"]);
    expect((await searchRestaurants({ q: "via" })).map((r) => r.nombre)).toEqual(["El Rancho"]);
  });
});

describe("admin businesses", () => {
  it("creates, updates and lists businesses with the trail", async () => {
    const actor = await makeUser();
    const input = businessSchema.parse({
      nombre: "Constructora Istmo",
      descripcion: "Obras civiles",
      direccion: "Vía España",
      provincia: "panama",
      industria: "construccion",
      especialidades: [" Techos ", "techos", "Pisos"],
      is_active: "on",
    });
    expect(input.especialidades).toEqual(["Techos", "Pisos"]);
    const b = await createListing("business", input, actor);
    const after = await updateListing("business", b.id, { ...input, plan_type: "max_local", is_verified: true }, actor);
    expect(after).toMatchObject({ plan_type: "max_local", is_verified: true, slug: "constructora-istmo" });
    const page = await listAdminListings("business", { q: "istmo" });
    expect(page.items.map((x) => x.id)).toEqual([b.id]);
    const trail = await db.select().from(audit_log).where(eq(audit_log.entity_id, b.id));
    expect(trail.map((t) => t.action).sort()).toEqual(["create", "update"]);
    await db.delete(businesses).where(eq(businesses.id, b.id));
    await expect(updateListing("business", b.id, input, actor)).rejects.toBeInstanceOf(ListingNotFoundError);
  });
});
