/** Directory helpers: Panamanian phone normalisation, WhatsApp and Maps links, JSON-LD, cursors. */
import { describe, expect, it } from "vitest";
import { listingWhatsappHref, mapsHref, panamaE164, safeUrl, telHref } from "~/lib/contact-links";
import { businessJsonLd, businessSchemaType, restaurantJsonLd, toOpeningHours } from "~/server/json-ld.server";
import { decodeCursor, decodeSearchCursor, encodeCursor, encodeSearchCursor, searchQuerySchema } from "~/schemas/directory";

describe("phones and links", () => {
  it("normalises Panamanian numbers to +507", () => {
    expect(panamaE164("6206-6274")).toBe("50762066274");
    expect(panamaE164("+507 6206-6274")).toBe("50762066274");
    expect(panamaE164("00507 6206 6274")).toBe("50762066274");
    expect(panamaE164("(507) 225-1234")).toBe("5072251234");
    expect(panamaE164("225-1234")).toBe("5072251234");
    expect(panamaE164("12345")).toBeNull();
    expect(panamaE164("+1 305 555 0100")).toBeNull();
    expect(panamaE164(null)).toBeNull();
    expect(telHref("6206-6274")).toBe("tel:+50762066274");
  });

  it("builds a WhatsApp link with a prefilled Spanish message, and Maps links", () => {
    const href = listingWhatsappHref("6206-6274", "Café Ñandú & Co.")!;
    expect(href.startsWith("https://wa.me/50762066274?text=")).toBe(true);
    expect(decodeURIComponent(href.split("text=")[1]!)).toBe(
      "Hola, encontré Café Ñandú & Co. en Panama VIP IA y me gustaría recibir más información.",
    );
    expect(listingWhatsappHref("sin teléfono", "X")).toBeNull();
    expect(mapsHref({ maps_url: "https://maps.app.goo.gl/abc", nombre: "X", direccion: "Y" })).toBe("https://maps.app.goo.gl/abc");
    expect(mapsHref({ maps_url: "javascript:alert(1)", nombre: "Fonda", direccion: "Calle 50" })).toBe(
      "https://www.google.com/maps/search/?api=1&query=Fonda%2C%20Calle%2050%2C%20Panam%C3%A1",
    );
    expect(safeUrl("javascript:alert(1)")).toBeNull();
    expect(safeUrl("https://ejemplo.pa/x")).toBe("https://ejemplo.pa/x");
  });

  it("sends 'Cómo llegar' to directions to the coordinates when the entry has them (D21)", () => {
    const base = { maps_url: "https://maps.app.goo.gl/abc", nombre: "Fonda", direccion: "Calle 50" };
    expect(mapsHref({ ...base, latitud: 8.983412, longitud: -79.523001 })).toBe(
      "https://www.google.com/maps/dir/?api=1&destination=8.983412,-79.523001",
    );
    // A numeric column read as text still counts.
    expect(mapsHref({ ...base, maps_url: null, latitud: "8.5" as unknown as number, longitud: "-77.9667" as unknown as number })).toBe(
      "https://www.google.com/maps/dir/?api=1&destination=8.500000,-77.966700",
    );
    // Without both coordinates (or with ones outside Panama) the link is what it was.
    for (const coords of [{}, { latitud: null, longitud: null }, { latitud: 8.98, longitud: null }, { latitud: 40.4, longitud: -3.7 }]) {
      expect(mapsHref({ ...base, ...coords })).toBe("https://maps.app.goo.gl/abc");
      expect(mapsHref({ ...base, maps_url: null, ...coords })).toBe(
        "https://www.google.com/maps/search/?api=1&query=Fonda%2C%20Calle%2050%2C%20Panam%C3%A1",
      );
    }
  });
});

describe("JSON-LD", () => {
  it("turns Spanish hours into schema.org openingHours, or leaves them out", () => {
    expect(toOpeningHours("Lun-Sáb 11:00-22:00")).toEqual(["Mo-Sa 11:00-22:00"]);
    expect(toOpeningHours("Todos los días 7:00-21:00")).toEqual(["Mo-Su 07:00-21:00"]);
    expect(toOpeningHours("Lun-Vie 8:00-18:00; Sáb 9:00-13:00")).toEqual(["Mo-Fr 08:00-18:00", "Sa 09:00-13:00"]);
    expect(toOpeningHours("Con cita previa")).toBeUndefined();
  });

  it("describes a restaurant and a business without ratings", () => {
    const base = {
      nombre: "Fonda </script><script>alert(1)</script>",
      descripcion: null,
      direccion: "Calle 50",
      provincia: "chiriqui",
      telefono: "6206-6274",
      horario: "Lun-Sáb 11:00-22:00",
      imagen: null,
      especialidades: ["Sancocho"],
    };
    const r = restaurantJsonLd(
      {
        ...base,
        etiqueta: "comida-tradicional",
        website_url: "https://f.pa",
        facebook_url: null,
        instagram_url: "javascript:x",
        maps_url: null,
      },
      "https://sitio.pa/restaurante/fonda",
    );
    expect(r).toMatchObject({
      "@type": "Restaurant",
      servesCuisine: ["Comida tradicional", "Sancocho"],
      telephone: "+50762066274",
      address: { addressRegion: "Chiriquí", addressCountry: "PA" },
      sameAs: ["https://f.pa/"],
    });
    expect(r).not.toHaveProperty("aggregateRating");
    expect(r.name).toBe(base.nombre);
    expect(businessJsonLd({ ...base, etiqueta: "abogados", website: null }, "https://sitio.pa/negocio/x")["@type"]).toBe("LegalService");
    expect(businessSchemaType("desconocida")).toBe("LocalBusiness");
  });
});

describe("cursors and search input", () => {
  it("round-trips cursors and rejects garbage", () => {
    const c = { ts: "2026-11-21T10:11:12.123456", id: "0e81eb21-a3f8-41c6-8e13-c3aa747626d2" };
    expect(decodeCursor(encodeCursor(c))).toEqual(c);
    const s = { score: "2.5", id: c.id };
    expect(decodeSearchCursor(encodeSearchCursor(s))).toEqual(s);
    for (const bad of ["", "abc", encodeSearchCursor(s), btoa("2026|x"), "%%%", "a".repeat(300)]) expect(decodeCursor(bad)).toBeNull();
    expect(decodeSearchCursor(encodeCursor(c))).toBeNull();
  });

  it("trims and caps the search text instead of failing", () => {
    const r = searchQuerySchema.parse({ q: `  ${"á".repeat(5000)}\u0000 ` });
    expect(r.q.length).toBe(100);
    expect(searchQuerySchema.parse({}).q).toBe("");
    expect(searchQuerySchema.safeParse({ q: "x", tipo: "otros" }).success).toBe(false);
  });
});
