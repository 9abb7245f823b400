/**
 * 'Near X' with words: the nearest entries that have the words, nearest first, read by one walk of
 * the point-and-words GiST index (migration 0014) however many entries around X have the words or
 * lack them. A trade's words are whole words: 'dentist' does not find 'dentro'.
 */
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { TOWN_COORDINATES } from "~/catalog/towns";
import type { WeeklyPeriod } from "~/db/schema";
import { queryRowsWithout } from "~/server/platform/db.server";
import { invalidatePublicPages } from "~/server/http/page-cache.server";
import { directorySearchQuery, kindsWithoutWords } from "~/server/models/directory-search.server";
import { searchFresh } from "~/server/search/engine.server";
import { parseDirectoryQuery } from "~/server/search/reader.server";
import { makeBusinesses, makeRestaurants } from "../setup/factories";

const ALWAYS: WeeklyPeriod[] = [0, 1, 2, 3, 4, 5, 6].map((day) => ({
  open: { day, hour: 0, minute: 0 },
  close: { day: (day + 1) % 7, hour: 0, minute: 0 },
}));
const { lat, lng } = TOWN_COORDINATES.Santiago!;

/** Entries north of Santiago's centre, `step` km apart, in an order unrelated to their distance. */
type Spot = { slug: string; km: number; withWord: boolean; open: boolean };
const spots: Spot[] = Array.from({ length: 40 }, (_, i) => {
  const km = ((i * 17) % 40) * 0.35 + 0.1;
  return { slug: `spot-${i}`, km, withWord: i % 3 !== 0, open: i % 2 === 0 };
});

beforeAll(async () => {
  await makeRestaurants(
    spots.map((s) => ({
      slug: s.slug,
      nombre: s.withWord ? `Langostería ${s.slug}` : `Pizzería ${s.slug}`,
      categoria: s.withWord ? "mariscos" : "internacional",
      provincia: "veraguas",
      direccion: "Santiago, Veraguas",
      especialidades: s.withWord ? ["Langosta"] : ["Pizza"],
      horario_semanal: s.open ? ALWAYS : null,
      latitud: lat + s.km / 111.2,
      longitud: lng,
    })),
  );
  await makeBusinesses([
    {
      slug: "clinica-dental-santiago",
      nombre: "Clínica Dental Sonrisa",
      industria: "salud",
      provincia: "veraguas",
      descripcion: "Odontología general y ortodoncia.",
      latitud: lat + 0.02,
      longitud: lng,
    },
    {
      slug: "centro-medico-santiago",
      nombre: "Centro Médico San Juan",
      industria: "salud",
      provincia: "veraguas",
      descripcion: "Atendemos dentro del horario de oficina.",
      latitud: lat + 0.001,
      longitud: lng,
    },
  ]);
});

const withWord = (open = false) =>
  spots
    .filter((s) => s.withWord && (!open || s.open))
    .sort((a, b) => a.km - b.km)
    .map((s) => s.slug);

describe("near X with words", () => {
  it("answers the nearest entries with the words, nearest first, page after page", async () => {
    const first = await searchFresh({ text: "lobster near Santiago", limit: 10 });
    expect(first.hits.map((h) => h.slug)).toEqual(withWord().slice(0, 10));
    const kms = first.hits.map((h) => h.distancia_km!);
    expect(kms).toEqual([...kms].sort((a, b) => a - b));
    expect(kms[0]).toBeCloseTo(Math.min(...spots.filter((s) => s.withWord).map((s) => s.km)), 1);
    expect(first.nextCursor).not.toBeNull();
    const second = await searchFresh({ text: "lobster near Santiago", limit: 10, cursor: first.nextCursor! });
    expect(second.hits.map((h) => h.slug)).toEqual(withWord().slice(10, 20));
  });

  it("keeps the open ones for 'open now', nearest first", async () => {
    const open = await searchFresh({ text: "langosta abierta ahora cerca de Santiago", limit: 10 });
    expect(open.reading.openNow).toBe(true);
    expect(open.hits.map((h) => h.slug)).toEqual(withWord(true).slice(0, 10));
  });

  it("reads a trade's whole words, not their prefixes", async () => {
    const found = await searchFresh({ text: "dentist near Santiago", limit: 10 });
    expect(found.hits.map((h) => h.slug)).toEqual(["clinica-dental-santiago"]);
  });

  it("walks the point-and-words index nearest first", async () => {
    const p = parseDirectoryQuery("langosta cerca de Santiago");
    const statement = directorySearchQuery(p, {}, { near: { lat, lng, radiusKm: 5 } }, { nearest: 21, take: 10 });
    const rows = await queryRowsWithout<Record<string, string>>(["enable_seqscan", "enable_bitmapscan"], sql`explain ${statement}`);
    const plan = rows.map((r) => Object.values(r)[0]).join("\n");
    expect(plan).toContain("Index Scan using restaurants_geo_words_idx");
    expect(plan).toMatch(/Order By: \(point\(/);
  });
});

describe("a kind none of whose entries has the words", () => {
  it("is not walked: its walk would read every entry of the circle to find nothing", async () => {
    const p = parseDirectoryQuery("langosta cerca de Santiago");
    expect(await kindsWithoutWords(p)).toEqual(["business"]);
    expect(await kindsWithoutWords(parseDirectoryQuery("dentist near Santiago"))).toEqual([]);
    const plan = async (withoutWords: ("restaurant" | "business")[]) => {
      const statement = directorySearchQuery(p, {}, { near: { lat, lng, radiusKm: 50 } }, { nearest: 21, take: 10, withoutWords });
      const rows = await queryRowsWithout<Record<string, string>>(["enable_seqscan", "enable_bitmapscan"], sql`explain ${statement}`);
      return rows.map((r) => Object.values(r)[0]).join("\n");
    };
    expect(await plan([])).toContain("Index Scan using businesses_geo_words_idx");
    const skipped = await plan(["business"]);
    expect(skipped).toContain("Index Scan using restaurants_geo_words_idx");
    expect(skipped).not.toContain("businesses_geo_words_idx");
  });

  it("is walked again once one of its entries has them", async () => {
    expect((await searchFresh({ text: "langosta cerca de Santiago", limit: 40 })).hits.every((h) => h.kind === "restaurant")).toBe(true);
    await makeBusinesses([
      {
        slug: "pesquera-langosta-santiago",
        nombre: "Pesquera del Golfo",
        industria: "tiendas",
        provincia: "veraguas",
        especialidades: ["Langosta"],
        latitud: lat,
        longitud: lng,
      },
    ]);
    // What every write to the directory does: the cached answers (and probes) are stale.
    invalidatePublicPages();
    const found = await searchFresh({ text: "langosta cerca de Santiago", limit: 40 });
    expect(found.hits[0]?.slug).toBe("pesquera-langosta-santiago");
  });
});

describe("open now when every entry with the words is closed", () => {
  it("keeps the words and suggests the question without 'open now'", async () => {
    await makeRestaurants([
      {
        slug: "chichemeria-cerrada",
        nombre: "Chichemería Doña Tina",
        provincia: "panama",
        especialidades: ["Chicheme"],
        horario_semanal: null,
      },
    ]);
    const closed = await searchFresh({ text: "chicheme abierto ahora", limit: 10 });
    expect(closed.hits).toEqual([]);
    expect(closed.reading.terms).toEqual(["chicheme"]);
    expect(closed.reading.setAside).toEqual([]);
    expect(closed.suggestion?.reason.es).toBe("Ningún resultado está abierto ahora; prueba sin «abierto ahora».");
    const anyHour = await searchFresh({ text: "chicheme", limit: 10 });
    expect(anyHour.hits.map((h) => h.slug)).toEqual(["chichemeria-cerrada"]);
  });
});
