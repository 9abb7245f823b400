/**
 * The owners' and admins' pages read as correct Spanish where a person first used them: a field that
 * is too long agrees with its label («La descripción es demasiado larga»), the claim link's expiry
 * ends its sentence once («6:01 a. m.», not «6:01 a. m..»), and the admins' directory-wide view does
 * not speak to one business («En qué puesto apareciste», «para escribirte»). Rendered as the router renders the pages.
 */
import { describe, expect, it } from "vitest";
import * as adminVisibility from "~/routes/admin/visibility";
import * as claim from "~/routes/owners/claim";
import * as mineListing from "~/routes/owners/mine-listing";
import { businessSchema, restaurantSchema } from "~/schemas/admin";
import { adminClaimSchema } from "~/schemas/owner-claims";
import { addManager } from "~/server/models/listing-managers.server";
import { makeBusiness, makeRestaurant, makeUser } from "../setup/factories";
import { call, formRequest, getRequest, renderPage } from "../setup/route";

const textOf = (html: string) => html.replace(/<!-- -->/g, "").replace(/<[^>]+>/g, " ");

describe("too long: the message agrees with the field's label", () => {
  it("the owner's edit form says «La descripción es demasiado larga» and keeps the text", async () => {
    const user = await makeUser({ signedIn: true, confirmed: true });
    const listing = await makeBusiness();
    await addManager({ kind: "business", listingId: listing.id, userId: user.id, source: "assignment" });
    const long = "d".repeat(5000);
    const res = await call(
      mineListing.action,
      formRequest(
        `/mi-negocio/negocio/${listing.id}`,
        { nombre: listing.nombre, provincia: listing.provincia, industria: listing.industria, direccion: "Vía España", descripcion: long },
        user.cookie,
      ),
      { params: { tipo: "negocio", id: listing.id } },
    );
    expect(res.status).toBe(400);
    expect(res.data.result.error.descripcion).toEqual(["La descripción es demasiado larga (máximo 2000 caracteres)"]);
    expect(res.data.result.initialValue.descripcion).toBe(long);
  });

  it("feminine and plural labels in the listing and claim forms", () => {
    const business = businessSchema.safeParse({
      nombre: "Taller",
      provincia: "panama",
      industria: "tiendas",
      direccion: "x".repeat(400),
      descripcion: "Algo",
    });
    expect(business.error?.issues.map((i) => i.message)).toContain("La dirección es demasiado larga (máximo 300 caracteres)");
    const restaurant = restaurantSchema.safeParse({
      nombre: "Fonda",
      provincia: "panama",
      direccion: "Calle 50",
      customer_reviews: "r".repeat(6000),
    });
    expect(restaurant.error?.issues.map((i) => i.message)).toContainEqual(
      expect.stringMatching(/^Las reseñas son demasiado largas \(máximo \d+ caracteres\)$/),
    );
    const claimed = adminClaimSchema.safeParse({
      intent: "admin",
      full_name: "Ana",
      role: "Dueña",
      phone: "6000-0000",
      note: "n".repeat(1001),
    });
    expect(claimed.error?.issues.map((i) => i.message)).toEqual(["La nota es demasiado larga (máximo 1000 caracteres)"]);
    const name = businessSchema.safeParse({
      nombre: "n".repeat(200),
      provincia: "panama",
      industria: "tiendas",
      direccion: "Calle",
      descripcion: "Algo",
    });
    expect(name.error?.issues.map((i) => i.message)).toContain("El nombre es demasiado largo (máximo 120 caracteres)");
  });
});

describe("the claim link's card", () => {
  it("ends the expiry sentence with the time's own period", async () => {
    const user = await makeUser({ signedIn: true, confirmed: true });
    const fonda = await makeRestaurant({ website_url: "https://www.fonda-punto.test/" });
    const sent = await call(
      claim.action,
      formRequest(`/reclamar/restaurante/${fonda.slug}`, { intent: "domain", email: "ana@fonda-punto.test" }, user.cookie),
      {
        params: { tipo: "restaurante", slug: fonda.slug },
      },
    );
    expect(sent.status).toBe(302);
    const page = await call(claim.loader, getRequest(`/reclamar/restaurante/${fonda.slug}`, user.cookie), {
      params: { tipo: "restaurante", slug: fonda.slug },
    });
    const text = textOf(renderPage(claim.default as never, `/reclamar/restaurante/${fonda.slug}`, page.data)).replace(/\s+/g, " ");
    expect(text).toMatch(/Vale hasta el \d{1,2} [a-z]+\.? \d{4}, \d{1,2}:\d{2}\s[ap]\.\sm\.(?!\.)/);
    expect(text).not.toContain("m..");
  });
});

describe("the admins' visibility overview", () => {
  it("speaks of the listings, not to one business", async () => {
    const admin = await makeUser({ signedIn: true, admin: true });
    const page = await call(adminVisibility.loader, getRequest("/admin/visibilidad", admin.cookie));
    const text = textOf(renderPage(adminVisibility.default as never, "/admin/visibilidad", page.data));
    expect(text).toContain("En qué puesto aparecen las fichas");
    expect(text).not.toContain("apareciste");
    // Its taps are the whole directory's, not one owner's («para escribirte», «tu negocio»).
    expect(text).toContain("Veces que alguien abrió WhatsApp para escribir a un negocio.");
    expect(text).not.toMatch(/escribirte|llamarte|tu negocio|tu sitio web/);
  });
});
