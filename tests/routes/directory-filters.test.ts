/**
 * The pages' «Cerca de», radius and «Abierto ahora» filters, and /buscar on the one search engine:
 * province and industry pages list through the engine when filtered (nearest first around a town,
 * only entries open now) and in their own order otherwise; an unknown place is a notice, not an
 * error; /buscar shows the engine's cards, the words it set aside and, on an empty answer, its
 * suggestion as a link that keeps the page's filters. The pages' Markdown twins filter the same way.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { TOWN_COORDINATES } from "~/catalog/towns";
import { distanceKm } from "~/lib/geo";
import type { WeeklyPeriod } from "~/lib/opening-hours";
import * as industry from "~/routes/directory/industry";
import * as listingMd from "~/routes/directory/listing-markdown";
import * as province from "~/routes/directory/province";
import * as searchPage from "~/routes/directory/search";
import { search } from "~/server/search/engine.server";
import { makeBusinesses, makeRestaurants } from "../setup/factories";
import { call, getRequest } from "../setup/route";

type H = any;
type Card = { slug: string; distancia_km: number | null; abierto: { state: string } | null };

const ALWAYS: WeeklyPeriod[] = [{ open: { day: 0, hour: 0, minute: 0 } }];
const BOQUETE = TOWN_COORDINATES.Boquete!;
/** `km` north of Boquete's centre (0.009° of latitude ≈ 1 km). */
const northOfBoquete = (km: number) => ({ latitud: BOQUETE.lat + km * 0.009, longitud: BOQUETE.lng });

beforeAll(async () => {
  const base = { provincia: "chiriqui", categoria: "comida-tradicional", descripcion: "Guacho de mariscos." } as const;
  await makeRestaurants([
    { ...base, slug: "guacho-plaza", nombre: "Guachería La Plaza", ...northOfBoquete(0.3), horario_semanal: ALWAYS },
    { ...base, slug: "guacho-rio", nombre: "Guachería El Río", ...northOfBoquete(2), horario_semanal: [] },
    { ...base, slug: "guacho-alto", nombre: "Guachería Alto", ...northOfBoquete(8), horario_semanal: ALWAYS },
    { ...base, slug: "guacho-sin-mapa", nombre: "Guachería Sin Mapa", horario_semanal: ALWAYS },
  ]);
  await makeBusinesses([
    {
      slug: "clinica-boquete",
      nombre: "Clínica Boquete",
      industria: "salud",
      provincia: "chiriqui",
      ...northOfBoquete(1),
      horario_semanal: ALWAYS,
      created_at: new Date("2026-05-01T10:00:00Z"),
    },
    {
      slug: "clinica-cerrada",
      nombre: "Clínica Nocturna",
      industria: "salud",
      provincia: "chiriqui",
      ...northOfBoquete(1.5),
      horario_semanal: [],
      created_at: new Date("2026-05-01T11:00:00Z"),
    },
    {
      slug: "tornillos-chiriqui",
      nombre: "Ferretería Tornillo Feliz",
      descripcion: "Ferretería: herramientas y pinturas.",
      industria: "construccion",
      provincia: "chiriqui",
      created_at: new Date("2026-05-01T09:00:00Z"),
    },
  ]);
});

const get = (path: string, loader: H, params: Record<string, string> = {}) => call(loader, getRequest(path), { params });
const slugs = (data: { items: Card[] }) => data.items.map((i) => i.slug);

describe("«Cerca de» a town on listing pages", () => {
  it("lists the province's entries around the town, nearest first within the radius, and keeps the page out of search engines", async () => {
    const r = await get("/restaurantes-chiriqui?cerca_de=Boquete", province.loader);
    expect(r.status).toBe(200);
    expect(r.data.near).toMatchObject({ name: "Boquete", radiusKm: 5, point: null });
    expect(r.data.filtered).toBe(true);
    const mine = slugs(r.data).filter((s) => s.startsWith("guacho-"));
    expect(mine).toEqual(["guacho-plaza", "guacho-rio"]);
    const km = r.data.items.map((i: Card) => i.distancia_km!);
    expect(km).toEqual([...km].sort((a, b) => a - b));
    expect(Math.max(...km)).toBeLessThanOrEqual(5);
    expect(r.data.items[0].distancia_km).toBeCloseTo(distanceKm(BOQUETE, { lat: BOQUETE.lat + 0.0027, lng: BOQUETE.lng }), 1);

    const wider = await get("/restaurantes-chiriqui?cerca_de=boquete&radio=10", province.loader);
    expect(slugs(wider.data).filter((s) => s.startsWith("guacho-"))).toEqual(["guacho-plaza", "guacho-rio", "guacho-alto"]);
  });

  it("a typed place wins over the visitor's point; without filters the page keeps its own order", async () => {
    const both = await get("/negocios/salud?cerca=8.98,-79.52&cerca_de=Boquete", industry.loader, { industria: "salud" });
    expect(both.data.near).toMatchObject({ name: "Boquete" });
    expect(both.data.point).toBeNull();
    expect(slugs(both.data)).toEqual(expect.arrayContaining(["clinica-boquete", "clinica-cerrada"]));

    const plain = await get("/negocios/salud", industry.loader, { industria: "salud" });
    expect(plain.data).toMatchObject({ filtered: false, near: null, unknownPlace: null });
    // Newest first, as always: the keyset cursor pages on.
    expect(slugs(plain.data).slice(0, 2)).toEqual(["clinica-cerrada", "clinica-boquete"]);
    // An empty place box and a radius alone (what the form sends without JavaScript) filter nothing.
    const empty = await get("/negocios/salud?provincia=&cerca_de=&radio=5", industry.loader, { industria: "salud" });
    expect(empty.data.filtered).toBe(false);
    expect(slugs(empty.data)).toEqual(slugs(plain.data));
  });

  it("says so for a place it does not know, listing as without it (200, not an error)", async () => {
    for (const [path, loader, params] of [
      ["/restaurantes-chiriqui?cerca_de=Narnia", province.loader, {}],
      ["/negocios/salud?cerca_de=Narnia&abierto=1", industry.loader, { industria: "salud" }],
      ["/buscar?q=guacho&cerca_de=Narnia", searchPage.loader, {}],
    ] as const) {
      const r = await get(path, loader, params);
      expect(r.status).toBe(200);
      expect(r.data).toMatchObject({ unknownPlace: "Narnia", near: null, error: null });
      expect(r.data.items.length).toBeGreaterThan(0);
    }
  });
});

describe("«Abierto ahora» on listing pages", () => {
  it("keeps only entries open now, and with a town only those around it", async () => {
    const open = await get("/negocios/salud?abierto=1", industry.loader, { industria: "salud" });
    expect(open.status).toBe(200);
    expect(slugs(open.data)).toContain("clinica-boquete");
    expect(slugs(open.data)).not.toContain("clinica-cerrada");
    expect(open.data.items.every((i: Card) => i.abierto?.state !== "closed")).toBe(true);

    const near = await get("/restaurantes-chiriqui?abierto=1&cerca_de=Boquete&radio=10", province.loader);
    expect(slugs(near.data).filter((s) => s.startsWith("guacho-"))).toEqual(["guacho-plaza", "guacho-alto"]);
  });

  it("pages through the engine: ?paginas=2 is the first page and the next", async () => {
    const one = await get("/restaurantes-chiriqui?abierto=1", province.loader);
    const two = await get("/restaurantes-chiriqui?abierto=1&paginas=2", province.loader);
    expect(slugs(two.data).slice(0, slugs(one.data).length)).toEqual(slugs(one.data));
    expect(two.data.paged).toBe(true);
  });

  it("refuses a cursor it did not hand out as a bad link (400), never a 500", async () => {
    const keyset = (await get("/restaurantes-chiriqui", province.loader)).data.nextCursor as string | null;
    for (const path of ["/restaurantes-chiriqui?abierto=1&cursor=basura", "/restaurantes-chiriqui?cursor=basura"]) {
      const r = await get(path, province.loader);
      expect(r.status).toBe(400);
      expect(JSON.stringify(r.data)).toContain("El enlace de paginación no es válido");
    }
    if (keyset) expect((await get(`/restaurantes-chiriqui?abierto=1&cursor=${keyset}`, province.loader)).status).toBe(400);
    expect((await get("/restaurantes-chiriqui?abierto=quizás", province.loader)).status).toBe(400);
  });
});

describe("/buscar on the one engine", () => {
  it("shows the engine's cards, 6 per step of 'Ver más resultados'", async () => {
    for (const q of ["guacho", "guacho en chiriquí", "clínica", "ferretería"]) {
      const page = await get(`/buscar?q=${encodeURIComponent(q)}&paginas=2`, searchPage.loader);
      const engine = await search({ text: q, limit: 12 });
      expect(slugs(page.data)).toEqual(engine.hits.map((h) => h.slug));
    }
  });

  it("names the words it set aside, in one line", async () => {
    const r = await get(`/buscar?q=${encodeURIComponent("recomiéndame guacho")}`, searchPage.loader);
    expect(r.data.setAside).toContain("recomiéndame");
    expect(slugs(r.data)).toContain("guacho-plaza");
  });

  it("offers the engine's suggestion on an empty answer, as a link with the page's filters", async () => {
    const r = await get(`/buscar?q=${encodeURIComponent("ferretería en darién")}&tipo=negocios&paginas=2`, searchPage.loader);
    expect(r.status).toBe(200);
    expect(r.data.items).toEqual([]);
    const s = r.data.suggestion as { text: string; reason: string; href: string };
    expect(s.reason).toMatch(/\p{L}/u);
    const href = new URL(s.href, "http://localhost");
    expect(href.pathname).toBe("/buscar");
    expect(Object.fromEntries(href.searchParams)).toEqual({ q: s.text, tipo: "negocios" });
    const followed = await get(s.href, searchPage.loader);
    expect(slugs(followed.data)).toContain("tornillos-chiriqui");
  });

  it("a suggestion with the same words leaves out the filter it relaxes, so its link has results", async () => {
    const r = await get("/buscar?q=guacho&cerca_de=David&radio=1&abierto=1", searchPage.loader);
    expect(r.data.items).toEqual([]);
    const s = r.data.suggestion as { text: string; label: string; href: string };
    expect(s.text).toBe("guacho");
    expect(s.label).toBe("Prueba con «guacho» sin el lugar");
    expect(Object.fromEntries(new URL(s.href, "http://localhost").searchParams)).toEqual({ q: "guacho", abierto: "1" });
    expect(slugs((await get(s.href, searchPage.loader)).data)).toContain("guacho-plaza");
  });

  it("lists with filters only (no words), and stays idle with nothing asked", async () => {
    const open = await get("/buscar?abierto=1&cerca_de=Boquete", searchPage.loader);
    expect(open.data.asked).toBe(true);
    expect(slugs(open.data)).toContain("guacho-plaza");
    expect(slugs(open.data)).not.toContain("guacho-rio");
    const idle = await get("/buscar", searchPage.loader);
    expect(idle.data).toMatchObject({ asked: false, items: [] });
  });
});

describe("the Markdown twin of a filtered page", () => {
  const twin = (path: string, params: Record<string, string> = {}) => call(listingMd.loader as H, getRequest(path), { params });

  it("lists what the HTML page lists, says how, and links on with the same filters", async () => {
    const html = await get("/restaurantes-chiriqui?cerca_de=Boquete&abierto=1&radio=10", province.loader);
    const md = await twin("/restaurantes-chiriqui.md?cerca_de=Boquete&abierto=1&radio=10");
    expect(md.status).toBe(200);
    const text = md.data as string;
    expect(text).toContain("solo los abiertos ahora; los más cercanos a Boquete primero, hasta 10 km");
    const names = [...text.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
    expect(names).toEqual(html.data.items.map((i: { nombre: string }) => i.nombre));
    expect(text).toContain("Guachería La Plaza");
    expect(text).not.toContain("Guachería El Río");
    expect(text).toMatch(/Página: <http:\/\/localhost:\d+\/restaurantes-chiriqui\?cerca_de=Boquete&radio=10&abierto=1>/);

    const unknown = await twin("/negocios/salud.md?cerca_de=Narnia", { industria: "salud" });
    expect(unknown.data).toContain("«Narnia» no es un pueblo o barrio conocido");
    expect((await twin("/restaurantes-chiriqui.md?abierto=1&cursor=basura")).status).toBe(400);
  });
});
