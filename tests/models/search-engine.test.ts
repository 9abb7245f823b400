/**
 * The one search engine over the demo data, as every way in asks it: English and Spanish questions,
 * open now from the words, 'near X' for every town of the catalog, filler and unknown words set aside
 * (never an empty answer because of them), typos, and the suggestion an empty answer carries.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { WeeklyPeriod } from "~/db/schema";
import { TOWN_COORDINATES } from "~/catalog/towns";
import { isOpenAt, panamaMinuteOfWeek } from "~/lib/opening-hours";
import { db } from "~/server/platform/db.server";
import { restaurants } from "~/db/schema";
import { searchFresh as search } from "~/server/search/engine.server";
import { seedDemo } from "~/server/seed/seed.server";
import { makeRestaurant } from "../setup/factories";
import { inArray } from "drizzle-orm";

/** Open every minute of the week. */
const ALWAYS: WeeklyPeriod[] = [0, 1, 2, 3, 4, 5, 6].map((day) => ({
  open: { day, hour: 0, minute: 0 },
  close: { day: (day + 1) % 7, hour: 0, minute: 0 },
}));

const slugs = async (text: string, extra: Partial<Parameters<typeof search>[0]> = {}) =>
  (await search({ text, limit: 10, ...extra })).hits.map((h) => h.slug);

beforeAll(async () => {
  await seedDemo();
  await makeRestaurant({
    slug: "pizzeria-siempre-abierta",
    nombre: "Pizzería La Desvelada",
    categoria: "internacional",
    provincia: "chiriqui",
    direccion: "Calle 3, Boquete, Chiriquí",
    especialidades: ["Pizza"],
    horario_semanal: ALWAYS,
    latitud: 8.7792,
    longitud: -82.4331,
  });
});

describe("the one engine", () => {
  it("answers an English question like its Spanish twin", async () => {
    const pairs: [string, string][] = [
      ["lawyer in Panama City", "abogado en la ciudad de Panamá"],
      ["coffee shop in Boquete", "cafetería en Boquete"],
      ["hardware store in Penonome", "ferretería en Penonomé"],
      ["dentist in David", "dentista en David"],
    ];
    for (const [en, es] of pairs) {
      const english = await search({ text: en, limit: 5 });
      expect(english.lang, en).toBe("en");
      expect(english.hits.length, en).toBeGreaterThan(0);
      expect(
        english.hits.map((h) => h.slug),
        en,
      ).toEqual(await slugs(es).then((s) => s.slice(0, english.hits.length)));
    }
  });

  it("keeps only the places open at this minute for 'open now' and 'abierto ahora'", async () => {
    const minute = panamaMinuteOfWeek(new Date());
    for (const q of ["pizza open now in Boquete", "pizza abierta ahora en Boquete"]) {
      const answer = await search({ text: q, limit: 10 });
      expect(answer.reading.openNow, q).toBe(true);
      expect(
        answer.hits.map((h) => h.slug),
        q,
      ).toContain("pizzeria-siempre-abierta");
      const periods = await db
        .select({ slug: restaurants.slug, h: restaurants.horario_semanal })
        .from(restaurants)
        .where(
          inArray(
            restaurants.slug,
            answer.hits.map((h) => h.slug),
          ),
        );
      for (const p of periods) expect(isOpenAt(p.h ?? [], minute), `${q}: ${p.slug}`).toBe(true);
    }
  });

  it("keeps a word that entries have when none of them is open now, and suggests asking without 'open now'", async () => {
    // 'bagel' is only the start of a word here ('Bagelería'), as 'pizza' is of 'Pizzería'.
    await makeRestaurant({ slug: "bageleria-sin-horario", nombre: "Bagelería Doña Lula", provincia: "cocle", horario_semanal: null });
    const answer = await search({ text: "bagel abierto ahora", limit: 5 });
    expect(answer.hits).toEqual([]);
    expect(answer.reading.setAside).not.toContain("bagel");
    expect(answer.suggestion?.reason.es).toMatch(/abierto ahora/);
    expect(await slugs(answer.suggestion!.text.replace(/abierto ahora/, ""))).toContain("bageleria-sin-horario");
  });

  it("never empties an answer for filler or a word no entry has, and says which words it set aside", async () => {
    const answer = await search({ text: "recomiéndame el mejor café zzkqx en Boquete", limit: 5 });
    expect(answer.hits[0]?.slug).toBe("cafe-de-altura-boquete");
    expect(answer.reading.setAside).toEqual(expect.arrayContaining(["recomiéndame", "mejor", "zzkqx"]));
    expect(answer.reading.used).toEqual(["café", "Boquete"]);
    const english = await search({ text: "please find me an authentic coffee shop in Boquete", limit: 5 });
    expect(english.hits[0]?.slug).toBe("cafe-de-altura-boquete");
    expect(english.reading.setAside).toEqual(expect.arrayContaining(["please", "find", "authentic"]));
  });

  it("answers a trade with entries of that trade, never another of its industry", async () => {
    // No hardware store in Herrera: not its construction company, but the one in a neighbouring province.
    const answer = await search({ text: "ferretería Chitré", limit: 5 });
    expect(answer.hits).toEqual([]);
    expect(answer.suggestion?.text).toBe("ferretería en Los Santos");
    expect(await slugs(answer.suggestion!.text)).toContain("ferreteria-la-tuerca");
    expect((await slugs("ferretería en Penonomé"))[0]).toBe("ferreteria-y-obra-cocle");
  });

  it("answers nothing, not the whole directory, when no word means anything", async () => {
    const answer = await search({ text: "<img src=x onerror=zzkqx(1)>", limit: 5 });
    expect(answer.hits).toEqual([]);
    expect((await search({ text: "zzkqx wvvqb", limit: 5 })).hits).toEqual([]);
    // With a place left, the place's entries are the answer.
    expect((await search({ text: "zzkqx en Boquete", limit: 5 })).hits.length).toBeGreaterThan(0);
  });

  it("forgives a typo in an English word and in a Spanish one", async () => {
    expect((await slugs("dentst david"))[0]).toBe("clinica-dental-perla");
    expect((await slugs("dentsta david"))[0]).toBe("clinica-dental-perla");
  });

  it("orders by distance from X for 'near X' and 'cerca de X', for every town of the catalog", async () => {
    for (const town of Object.keys(TOWN_COORDINATES)) {
      for (const q of [`restaurants near ${town}`, `negocios cerca de ${town}`]) {
        const answer = await search({ text: q, limit: 5 });
        expect(answer.reading.near?.name, q).toBe(town);
        const km = answer.hits.map((h) => h.distancia_km!);
        expect(km.length, q).toBeGreaterThan(0);
        expect(km, q).toEqual([...km].sort((a, b) => a - b));
      }
    }
  });

  it("offers the nearest useful question when nothing fits: a neighbouring province first", async () => {
    // The only trout is in Chiriquí, which borders Veraguas.
    const answer = await search({ text: "trucha en Veraguas", limit: 5 });
    expect(answer.hits).toEqual([]);
    expect(answer.suggestion?.text).toBe("trucha en Chiriquí");
    expect(answer.suggestion?.reason.es).toMatch(/provincia vecina/);
    expect(await slugs(answer.suggestion!.text)).toContain("trucha-fresca-cerro-punta");
    const english = await search({ text: "trout in Veraguas", limit: 5 });
    expect(english.suggestion?.text).toBe("trout in Chiriquí");
    expect(english.suggestion?.reason.en).toMatch(/neighbouring/);
  });

  it("answers in the language asked for, whatever the words", async () => {
    expect((await search({ text: "ceviche", limit: 3 })).lang).toBe("es");
    expect((await search({ text: "ceviche", limit: 3, lang: "en" })).lang).toBe("en");
    expect((await search({ text: "best ceviche", limit: 3 })).lang).toBe("en");
  });
});
