/**
 * 'Near me' and 'open now' through /api/v1/buscar: only entries with coordinates inside the
 * radius, nearest first with their distance; only those open now; Spanish 400s for bad points and
 * radii. On listing and search pages, a point outside Panama (a tourist's location) keeps the page,
 * which lists as without a point and says why; only a malformed point is a bad link there. tests/models/near-me-sql.test.ts holds the SQL functions to the TypeScript ones.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { distanceKm } from "~/lib/geo";
import type { WeeklyPeriod } from "~/lib/opening-hours";
import * as buscar from "~/routes/api/v1/buscar";
import * as industry from "~/routes/directory/industry";
import * as province from "~/routes/directory/province";
import * as searchPage from "~/routes/directory/search";
import { makeRestaurants } from "../setup/factories";
import { call, getRequest, resetConfig } from "../setup/route";

const PANAMA_CITY = { lat: 8.9824, lng: -79.5199 };
const ALWAYS: WeeklyPeriod[] = [{ open: { day: 0, hour: 0, minute: 0 } }];

let ipSeq = 0;
async function search(query: string) {
  const request = new Request(`http://localhost:3000/api/v1/buscar${query}`);
  return call(buscar.loader, request, { ip: `203.0.113.${(ipSeq++ % 250) + 1}` });
}

beforeAll(async () => {
  resetConfig({ API_RATE_LIMIT: "1000" });
  const base = { descripcion: "Sancocho de la casa.", provincia: "panama", categoria: "comida-tradicional" } as const;
  await makeRestaurants([
    // Along Vía España from the city's centre, at known offsets (0.01° of latitude ≈ 1.11 km).
    {
      ...base,
      slug: "olla-centro",
      nombre: "Olla Centro",
      direccion: "Calle 50",
      latitud: 8.9834,
      longitud: -79.5199,
      horario_semanal: ALWAYS,
    },
    {
      ...base,
      slug: "olla-norte",
      nombre: "Olla Norte",
      direccion: "Vía España",
      latitud: 9.0024,
      longitud: -79.5199,
      horario_semanal: [],
    },
    {
      ...base,
      slug: "olla-lejos",
      nombre: "Olla Lejos",
      direccion: "Vía Tocumen",
      latitud: 9.0624,
      longitud: -79.5199,
      horario_semanal: ALWAYS,
    },
    // No coordinates: never in a 'near me' answer.
    { ...base, slug: "olla-sin-mapa", nombre: "Olla Sin Mapa", direccion: "Calle 1", horario_semanal: ALWAYS },
    // Inactive, next door.
    { ...base, slug: "olla-cerrada", nombre: "Olla Cerrada", direccion: "Calle 50", latitud: 8.9825, longitud: -79.5199, is_active: false },
  ]);
});

describe("near me", () => {
  it("answers only entries with coordinates within the radius, nearest first, with their distance", async () => {
    const r = await search(`?q=olla&cerca=${PANAMA_CITY.lat},${PANAMA_CITY.lng}`);
    expect(r.status).toBe(200);
    const rows = r.data.resultados as { slug: string; distancia_km: number }[];
    expect(rows.map((x) => x.slug)).toEqual(["olla-centro", "olla-norte"]);
    expect(rows[0]!.distancia_km).toBeCloseTo(distanceKm(PANAMA_CITY, { lat: 8.9834, lng: -79.5199 }), 2);
    expect(rows[1]!.distancia_km).toBeCloseTo(2.224, 1);
    expect(r.data.consulta.cerca).toEqual({ latitud: 8.9824, longitud: -79.5199, radio_km: 5 });

    const wider = await search(`?q=olla&cerca=${PANAMA_CITY.lat},${PANAMA_CITY.lng}&radio=10`);
    expect(wider.data.resultados.map((x: { slug: string }) => x.slug)).toEqual(["olla-centro", "olla-norte", "olla-lejos"]);
  });

  it("without words, walks the nearest entries of the filters", async () => {
    const r = await search(`?tipo=restaurantes&categoria=comida-tradicional&cerca=9.0600,-79.5199&radio=3`);
    expect(r.data.resultados.map((x: { slug: string }) => x.slug)).toEqual(["olla-lejos"]);
  });

  it("keeps only those open now when asked", async () => {
    const r = await search(`?q=olla&cerca=${PANAMA_CITY.lat},${PANAMA_CITY.lng}&radio=10&abierto_ahora=true`);
    const rows = r.data.resultados as { slug: string; abierto: { estado: string; texto: string } }[];
    expect(rows.map((x) => x.slug)).toEqual(["olla-centro", "olla-lejos"]);
    expect(rows[0]!.abierto).toEqual({ estado: "abierto", texto: "Abierto ahora" });
    expect(r.data.consulta.abierto_ahora).toBe(true);
    const all = await search(`?q=olla&cerca=${PANAMA_CITY.lat},${PANAMA_CITY.lng}&radio=10&abierto_ahora=false`);
    expect(all.data.resultados.find((x: { slug: string }) => x.slug === "olla-norte").abierto).toEqual({
      estado: "cerrado",
      texto: "Cerrado",
    });
  });

  it("pages nearest first through the cursor: every entry once, in distance order", async () => {
    // Around Chitré, at distances that a walk in degrees orders otherwise than kilometres do.
    const centre = { lat: 7.9618, lng: -80.4289 };
    const ring = Array.from({ length: 23 }, (_, i) => {
      // East and north in turn, 1 m apart: a degree of longitude is 1 % shorter than one of latitude.
      const km = 1 + i * 0.001;
      const angle = i % 2 ? Math.PI / 2 : 0;
      return {
        slug: `ronda-${i}`,
        lat: Number((centre.lat + (km / 111.2) * Math.sin(angle)).toFixed(6)),
        lng: Number((centre.lng + (km / (111.2 * Math.cos((centre.lat * Math.PI) / 180))) * Math.cos(angle)).toFixed(6)),
      };
    });
    await makeRestaurants(
      ring.map((r) => ({
        slug: r.slug,
        nombre: `Ronda ${r.slug}`,
        direccion: "Chitré",
        provincia: "herrera" as const,
        latitud: r.lat,
        longitud: r.lng,
        horario_semanal: ALWAYS,
      })),
    );
    const expected = [...ring].sort((a, b) => distanceKm(centre, a) - distanceKm(centre, b)).map((r) => r.slug);
    for (const open of ["", "&abierto_ahora=true"]) {
      const seen: string[] = [];
      let cursor = "";
      for (let page = 0; page < 10; page++) {
        const r = await search(`?cerca=${centre.lat},${centre.lng}&radio=4&limite=4${open}${cursor}`);
        expect(r.status).toBe(200);
        seen.push(...r.data.resultados.map((x: { slug: string }) => x.slug));
        if (!r.data.siguiente_cursor) break;
        cursor = `&cursor=${r.data.siguiente_cursor}`;
      }
      expect(seen).toEqual(expected);
    }
  });

  it("says so when nothing with a location is near", async () => {
    const r = await search(`?q=olla&cerca=7.9618,-80.4289`);
    expect(r.status).toBe(200);
    expect(r.data.resultados).toEqual([]);
    expect(r.data.sugerencia.motivo).toMatch(/^Ningún resultado a menos de 5 km; prueba con un radio mayor/);
    expect(r.data.sugerencia.url).not.toContain("cerca");
  });

  it.each([
    ["cerca=abc", "cerca", /latitud,longitud/],
    ["cerca=8.98", "cerca", /latitud,longitud/],
    ["cerca=8.98,-79.52,3", "cerca", /latitud,longitud/],
    ["cerca=40.71,-74.00", "cerca", /dentro de Panamá/],
    ["cerca=8.98,-79.52&radio=0", "radio", /entre 0.1 y 50/],
    ["cerca=8.98,-79.52&radio=51", "radio", /entre 0.1 y 50/],
    ["cerca=8.98,-79.52&radio=lejos", "radio", /entre 0.1 y 50/],
    ["radio=5", "radio", /junto con cerca/],
    ["abierto_ahora=quizas", "abierto_ahora", /true o false/],
  ])("answers ?%s with a Spanish 400 naming %s", async (query, parametro, message) => {
    const r = await search(`?${query}`);
    expect(r.status).toBe(400);
    expect(r.data.error.parametro).toBe(parametro);
    expect(r.data.error.mensaje).toMatch(message);
  });
});

// Miami, where a tourist may plan a trip from.
const MIAMI = "25.76,-80.19";

describe("a point outside Panama on a page", () => {
  type H = any;

  it.each([
    ["/restaurantes-panama", province.loader, {}],
    ["/negocios/servicios", industry.loader, { industria: "servicios" }],
    ["/buscar?q=olla", searchPage.loader, {}],
  ])("keeps %s: the usual listing, saying the point is outside Panama", async (path, loader, params) => {
    const join = path.includes("?") ? "&" : "?";
    const plain = await call(loader as H, getRequest(path), { params });
    if (!path.startsWith("/negocios")) expect(plain.data.items.map((i: { slug: string }) => i.slug)).toContain("olla-centro");
    for (const query of [`cerca=${MIAMI}`, `cerca=${MIAMI}&radio=10`]) {
      const r = await call(loader as H, getRequest(`${path}${join}${query}`), { params });
      expect(r.status).toBe(200);
      expect(r.data).toMatchObject({ near: null, nearOutside: true, error: null });
      expect(r.data.items).toEqual(plain.data.items);
    }
    expect(plain.data.nearOutside).toBe(false);
  });

  it("still refuses a malformed point on a page, and the API a point outside Panama", async () => {
    expect((await call(province.loader as H, getRequest("/restaurantes-panama?cerca=abc"))).status).toBe(400);
    const api = await search(`?q=olla&cerca=${MIAMI}`);
    expect(api.status).toBe(400);
    expect(api.data.error).toMatchObject({ parametro: "cerca", mensaje: "El parámetro cerca debe ser un punto dentro de Panamá." });
  });
});
