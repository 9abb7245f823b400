/** Directory helpers: Panamanian phone normalisation, WhatsApp and Maps links, JSON-LD, cursors. */
import type { DayOfWeek, GeoCoordinates, OpeningHoursSpecificationLeaf, RestaurantLeaf, WithContext } from "schema-dts";
import { describe, expect, it } from "vitest";
import { listingWhatsappHref, mapsHref } from "~/lib/contact-links";
import { safeUrl } from "~/lib/safe-url";
import { panamaE164, telHref } from "~/lib/phone";
import { periodsFromText, type WeeklyPeriod } from "~/lib/opening-hours";
import {
  type BusinessJsonLd,
  businessJsonLd,
  businessSchemaType,
  restaurantJsonLd,
  toGeo,
  toOpeningHours,
  toOpeningHoursSpecification,
} from "~/server/directory/json-ld.server";
import { decodeCursor, encodeCursor, industryPageQuerySchema, searchQuerySchema } from "~/schemas/directory";

describe("phones and links", () => {
  it("normalises Panamanian numbers to +507", () => {
    const numbers: [string | null, string | null][] = [
      ["6206-6274", "50762066274"],
      ["+507 6206-6274", "50762066274"],
      ["00507 6206 6274", "50762066274"],
      ["(507) 225-1234", "5072251234"],
      ["225-1234", "5072251234"],
      ["12345", null],
      ["+1 305 555 0100", null],
      [null, null],
    ];
    for (const [phone, e164] of numbers) expect(panamaE164(phone), String(phone)).toBe(e164);
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

  it("sends 'Cómo llegar' to directions to the coordinates when the entry has them", () => {
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

describe("JSON-LD: coordinates and weekly hours", () => {
  const base = {
    nombre: "Fonda La Tinaja",
    descripcion: "Comida típica.",
    direccion: "Calle 50, Bella Vista, Ciudad de Panamá",
    provincia: "panama",
    telefono: "6206-6274",
    horario: "Lun-Sáb 11:00-22:00",
    imagen: null,
    especialidades: ["Sancocho"],
  };
  const restaurant = { etiqueta: "comida-tradicional", website_url: null, facebook_url: null, instagram_url: null, maps_url: null };
  const url = "https://sitio.pa/restaurante/fonda-la-tinaja";

  const DAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] satisfies DayOfWeek[];
  const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;
  /** Every specification has exactly the four keys Google documents, a day name and two HH:MM times. */
  function expectWellFormed(specs: OpeningHoursSpecificationLeaf[] | undefined) {
    expect(Array.isArray(specs) && specs.length > 0).toBe(true);
    for (const spec of specs!) {
      expect(Object.keys(spec).sort()).toEqual(["@type", "closes", "dayOfWeek", "opens"]);
      expect(spec["@type"]).toBe("OpeningHoursSpecification");
      const days = Array.isArray(spec.dayOfWeek) ? spec.dayOfWeek : [spec.dayOfWeek];
      for (const d of days) expect(DAY_NAMES).toContain(d);
      expect(spec.opens).toMatch(CLOCK);
      expect(spec.closes).toMatch(CLOCK);
    }
  }
  const ohs = (dayOfWeek: DayOfWeek | DayOfWeek[], opens: string, closes: string): OpeningHoursSpecificationLeaf => ({
    "@type": "OpeningHoursSpecification",
    dayOfWeek,
    opens,
    closes,
  });
  /** The decimals a number shows once serialised, as a crawler reads it. */
  const decimals = (n: unknown) => (typeof n === "number" ? (JSON.stringify(n).split(".")[1] ?? "").length : -1);

  it("gives an entry with coordinates GeoCoordinates as numbers with at least five decimals", () => {
    const ld: WithContext<RestaurantLeaf> = restaurantJsonLd({ ...base, ...restaurant, latitud: 8.983412, longitud: -79.523001 }, url);
    const parsed = JSON.parse(JSON.stringify(ld));
    expect(parsed.geo).toEqual({ "@type": "GeoCoordinates", latitude: 8.983412, longitude: -79.523001 });
    expect(decimals(parsed.geo.latitude)).toBeGreaterThanOrEqual(5);
    expect(decimals(parsed.geo.longitude)).toBeGreaterThanOrEqual(5);
    // More digits than the column keeps are rounded to its six; text from raw SQL becomes a number.
    expect(toGeo({ latitud: 9.34030049, longitud: -82.2420051 })).toEqual({
      "@type": "GeoCoordinates",
      latitude: 9.3403,
      longitude: -82.242005,
    });
    const fromText: GeoCoordinates | undefined = toGeo({
      latitud: "8.500001" as unknown as number,
      longitud: "-77.966700" as unknown as number,
    });
    expect(fromText).toEqual({ "@type": "GeoCoordinates", latitude: 8.500001, longitude: -77.9667 });
    // None without both coordinates, or outside Panama.
    for (const coords of [
      {},
      { latitud: null, longitud: null },
      { latitud: 8.98, longitud: null },
      { latitud: 40.4168, longitud: -3.7038 },
    ]) {
      expect(toGeo(coords)).toBeUndefined();
      expect(restaurantJsonLd({ ...base, ...restaurant, ...coords }, url)).not.toHaveProperty("geo");
    }
    const biz: BusinessJsonLd = businessJsonLd({ ...base, etiqueta: "abogados", website: null, latitud: 8.4273, longitud: -82.4308 }, url);
    expect(biz.geo).toEqual({ "@type": "GeoCoordinates", latitude: 8.4273, longitude: -82.4308 });
  });

  it("describes a plain week: one specification per period, Monday first, no text openingHours beside it", () => {
    const ld = restaurantJsonLd({ ...base, ...restaurant, horario_semanal: periodsFromText("Lun-Vie 9:00-21:00, Sáb 10:00-23:00") }, url);
    expectWellFormed(ld.openingHoursSpecification as OpeningHoursSpecificationLeaf[]);
    expect(ld.openingHoursSpecification).toEqual([
      ohs("Monday", "09:00", "21:00"),
      ohs("Tuesday", "09:00", "21:00"),
      ohs("Wednesday", "09:00", "21:00"),
      ohs("Thursday", "09:00", "21:00"),
      ohs("Friday", "09:00", "21:00"),
      ohs("Saturday", "10:00", "23:00"),
    ]);
    // The structured schedule wins over the text (they could disagree); the text stays for entries without one.
    expect(ld).not.toHaveProperty("openingHours");
    const textOnly = restaurantJsonLd({ ...base, ...restaurant, horario_semanal: null }, url);
    expect(textOnly.openingHours).toEqual(["Mo-Sa 11:00-22:00"]);
    expect(textOnly).not.toHaveProperty("openingHoursSpecification");
    expect(restaurantJsonLd({ ...base, ...restaurant }, url)).not.toHaveProperty("openingHoursSpecification");
  });

  it("describes a split day as two specifications on that day", () => {
    const split: WeeklyPeriod[] = [
      { open: { day: 2, hour: 12, minute: 0 }, close: { day: 2, hour: 15, minute: 0 } },
      { open: { day: 0, hour: 12, minute: 0 }, close: { day: 0, hour: 16, minute: 30 } },
      { open: { day: 2, hour: 19, minute: 0 }, close: { day: 2, hour: 23, minute: 0 } },
    ];
    const specs = toOpeningHoursSpecification(split);
    expectWellFormed(specs);
    expect(specs).toEqual([ohs("Tuesday", "12:00", "15:00"), ohs("Tuesday", "19:00", "23:00"), ohs("Sunday", "12:00", "16:30")]);
  });

  it("keeps an overnight range on the day it opens, closing at the next morning's time (Google's late-night form)", () => {
    const specs = toOpeningHoursSpecification(periodsFromText("Mié-Sáb 18:00-2:00"));
    expectWellFormed(specs);
    expect(specs).toEqual([
      ohs("Wednesday", "18:00", "02:00"),
      ohs("Thursday", "18:00", "02:00"),
      ohs("Friday", "18:00", "02:00"),
      // Saturday night runs into Sunday: still the Saturday entry.
      ohs("Saturday", "18:00", "02:00"),
    ]);
    // Closing at midnight reads 00:00, after the opening time (schema.org: closes < opens spans into the next day).
    expect(toOpeningHoursSpecification([{ open: { day: 5, hour: 20, minute: 0 }, close: { day: 6, hour: 0, minute: 0 } }])).toEqual([
      ohs("Friday", "20:00", "00:00"),
    ]);
  });

  it("writes whole days as 00:00-23:59 and closed all week as 00:00-00:00, as Google asks", () => {
    expect(toOpeningHoursSpecification([{ open: { day: 0, hour: 0, minute: 0 } }])).toEqual([
      ohs(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"], "00:00", "23:59"),
    ]);
    // The editor's 00:00-00:00 (a whole day) is never written 00:00-00:00, which would read as closed.
    expect(toOpeningHoursSpecification([{ open: { day: 3, hour: 0, minute: 0 }, close: { day: 4, hour: 0, minute: 0 } }])).toEqual([
      ohs("Wednesday", "00:00", "23:59"),
    ]);
    // A range longer than a day is cut at midnight.
    expect(toOpeningHoursSpecification([{ open: { day: 5, hour: 8, minute: 0 }, close: { day: 0, hour: 20, minute: 0 } }])).toEqual([
      ohs("Friday", "08:00", "23:59"),
      ohs("Saturday", "00:00", "23:59"),
      ohs("Sunday", "00:00", "20:00"),
    ]);
    expect(toOpeningHoursSpecification([])).toEqual([
      ohs(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"], "00:00", "00:00"),
    ]);
    expect(toOpeningHoursSpecification(null)).toBeUndefined();
    expect(toOpeningHoursSpecification(undefined)).toBeUndefined();
  });

  it("serialises to plain JSON-LD a crawler can read back", () => {
    const ld = businessJsonLd(
      {
        ...base,
        etiqueta: "servicios",
        website: "https://ejemplo.pa",
        latitud: 8.993512,
        longitud: -79.504021,
        horario_semanal: periodsFromText("Lun-Vie 8:00-17:00, Sáb 8:00-12:00"),
      },
      "https://sitio.pa/negocio/x",
    );
    const parsed = JSON.parse(JSON.stringify(ld));
    expect(parsed).toEqual(ld);
    expect(parsed).toMatchObject({
      "@context": "https://schema.org",
      "@type": "ProfessionalService",
      "@id": "https://sitio.pa/negocio/x#negocio",
      geo: { "@type": "GeoCoordinates", latitude: 8.993512, longitude: -79.504021 },
      address: { "@type": "PostalAddress", addressCountry: "PA" },
    });
    expect(parsed.openingHoursSpecification).toHaveLength(6);
    expectWellFormed(parsed.openingHoursSpecification);
  });
});

describe("cursors and search input", () => {
  it("round-trips cursors and rejects garbage", () => {
    const c = { ts: "2026-11-21T10:11:12.123456", id: "0e81eb21-a3f8-41c6-8e13-c3aa747626d2" };
    expect(decodeCursor(encodeCursor(c))).toEqual(c);
    for (const bad of ["", "abc", btoa("s|2.5|x"), btoa("2026|x"), "%%%", "a".repeat(300)]) expect(decodeCursor(bad)).toBeNull();
  });

  it("trims and caps the search text instead of failing", () => {
    const r = searchQuerySchema.parse({ q: `  ${"á".repeat(5000)}\u0000 ` });
    expect(r.q.length).toBe(100);
    expect(searchQuerySchema.parse({}).q).toBe("");
    expect(searchQuerySchema.safeParse({ q: "x", tipo: "otros" }).success).toBe(false);
  });

  it("reads the place box and «Abierto ahora» of a page's form", () => {
    const r = industryPageQuerySchema.parse({ cerca_de: `  Bo\u0000quete ${"x".repeat(200)}`, abierto: "1", radio: "10" });
    expect(r.cerca_de).toHaveLength(80);
    expect(r.cerca_de?.startsWith("Bo quete")).toBe(true);
    expect(r).toMatchObject({ abierto: true, radio: 10 });
    expect(industryPageQuerySchema.parse({ cerca_de: "   ", abierto: "" })).toMatchObject({ cerca_de: undefined, abierto: undefined });
    expect(industryPageQuerySchema.parse({ abierto: "no" }).abierto).toBe(false);
    expect(industryPageQuerySchema.safeParse({ abierto: "quizás" }).success).toBe(false);
    expect(industryPageQuerySchema.safeParse({ radio: "99" }).success).toBe(false);
    expect(industryPageQuerySchema.safeParse({ cursor: "no válido" }).success).toBe(false);
  });
});
