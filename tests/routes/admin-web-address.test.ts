/**
 * Web addresses in the admin listing forms, typed as people type them: without https:// they are
 * completed and stored so; other schemes and text that is no address are refused in Spanish.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { businesses, restaurants } from "~/db/schema";
import * as listingForm from "~/routes/admin/listing-form";
import { db } from "~/server/platform/db.server";
import { makeUser, type SignedInUser } from "../setup/factories";
import { call, formRequest } from "../setup/route";

let admin: SignedInUser;
beforeAll(async () => {
  admin = await makeUser({ signedIn: true, email: "direcciones@admin.test", admin: true });
});

const restaurant = { direccion: "Calle 50", provincia: "panama", is_active: "on" };

describe("admin listing forms complete web addresses", () => {
  it("stores a restaurant's addresses typed without https:// as https://…", async () => {
    const res = await call(
      listingForm.action,
      formRequest(
        "/admin/restaurant/new",
        {
          ...restaurant,
          nombre: "Fonda Sin Esquema",
          website_url: "www.ejemplo.com",
          facebook_url: "facebook.com/fondasinesquema",
          instagram_url: " instagram.com/fonda?hl=es ",
          imagen: "//cdn.ejemplo.com/foto.jpg",
          maps_url: "maps.app.goo.gl/AbC123",
        },
        admin.cookie,
      ),
    );
    expect(res.status).toBe(302);
    const [row] = await db.select().from(restaurants).where(eq(restaurants.nombre, "Fonda Sin Esquema"));
    expect(row).toMatchObject({
      website_url: "https://www.ejemplo.com",
      facebook_url: "https://facebook.com/fondasinesquema",
      instagram_url: "https://instagram.com/fonda?hl=es",
      imagen: "https://cdn.ejemplo.com/foto.jpg",
      maps_url: "https://maps.app.goo.gl/AbC123",
    });
  });

  it("stores a business's 'ejemplo.com/menu' as https://ejemplo.com/menu and keeps http:// as typed", async () => {
    const res = await call(
      listingForm.action,
      formRequest(
        "/admin/business/new",
        {
          nombre: "Taller Sin Esquema",
          descripcion: "Mecánica",
          direccion: "Vía España",
          provincia: "panama",
          industria: "servicios",
          website: "ejemplo.com/menu",
          imagen: "http://fotos.ejemplo.com/taller.png",
        },
        admin.cookie,
      ),
    );
    expect(res.status).toBe(302);
    const [row] = await db.select().from(businesses).where(eq(businesses.nombre, "Taller Sin Esquema"));
    expect(row).toMatchObject({ website: "https://ejemplo.com/menu", imagen: "http://fotos.ejemplo.com/taller.png" });
  });

  const refused: [string, string][] = [
    ["javascript:", "javascript:alert(1)"],
    ["JavaScript: in capitals", "JavaScript:alert(document.cookie)"],
    ["data:", "data:text/html,<script>alert(1)</script>"],
    ["words", "mi sitio web"],
    ["a name without a domain", "ejemplo"],
    ["a host without a name", "https://.com"],
  ];
  for (const [name, typed] of refused) {
    it(`refuses ${name} with a Spanish message and saves nothing`, async () => {
      const nombre = `Fonda rechazo ${name}`;
      const res = await call(
        listingForm.action,
        formRequest("/admin/restaurant/new", { ...restaurant, nombre, website_url: typed }, admin.cookie),
      );
      expect(res.status).toBe(400);
      expect(res.data.result.error.website_url).toEqual([
        "El sitio web debe ser una URL válida, como www.ejemplo.com o https://ejemplo.com/menu",
      ]);
      // What was typed stays in the field, not the completed form.
      expect(res.data.result.initialValue.website_url).toBe(typed);
      expect(await db.select().from(restaurants).where(eq(restaurants.nombre, nombre))).toHaveLength(0);
    });
  }
});
