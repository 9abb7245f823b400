/** How free text is read into filters, required words and boosts. */
import { describe, expect, it } from "vitest";
import { TOWN_COORDINATES } from "~/catalog/towns";
import { editDistance, normalizeText, parseDirectoryQuery, townNamed } from "~/server/search/reader.server";

describe("parseDirectoryQuery", () => {
  it.each([
    ["mariscos en Bocas", { provincia: "bocas-del-toro", categoria: "mariscos", tipo: "restaurantes", terms: [] }],
    ["Marisquería en Bocas del Toro", { provincia: "bocas-del-toro", categoria: "mariscos", terms: [] }],
    ["abogado David", { provincia: "chiriqui", industria: "abogados", tipo: "negocios", terms: [] }],
    [
      "dentistas en Chitré",
      {
        provincia: "herrera",
        industria: "salud",
        terms: [
          "dentista|dentistas|dental|dentales|odontologia|odontologo|odontologa|odontologica|odontologico|odontopediatria|ortodoncia|ortodoncista",
        ],
      },
    ],
    [
      "ferreteria colon",
      { provincia: "colon", industria: "construccion", terms: ["ferreteria|ferreterias|ferretero|materiales|herramientas"] },
    ],
    ["restorante en santiago", { provincia: "veraguas", tipo: "restaurantes", terms: [] }],
    ["marisqeria", { categoria: "mariscos" }],
    ["ceviche", { terms: ["ceviche"], hintCategory: "mariscos", provincia: undefined }],
    ["restaurantes en Isla Colón", { provincia: "bocas-del-toro", tipo: "restaurantes" }],
    ["comida panameña", { categoria: "comida-tradicional", terms: [], tipo: "restaurantes" }],
    ["panameña", { terms: ["panamena"], provincia: undefined }],
  ])("%s", (q, expected) => {
    expect(parseDirectoryQuery(q)).toMatchObject(expected);
  });

  it("lets explicit filters win over words in the text", () => {
    const p = parseDirectoryQuery("mariscos en David", { provincia: "panama" });
    expect(p.provincia).toBe("panama");
    expect(p.categoria).toBe("mariscos");
    const business = parseDirectoryQuery("cafe", { tipo: "negocios" });
    expect(business.categoria).toBeUndefined();
    expect(business.terms).toEqual(["cafe"]);
  });

  it("keeps unknown words as the text to search", () => {
    expect(parseDirectoryQuery("pizza artesanal en Boquete")).toMatchObject({ provincia: "chiriqui", terms: ["pizza", "artesanal"] });
  });
});

describe("helpers", () => {
  it("normalizes accents, case and punctuation", () => {
    expect(normalizeText("  ¡Café   Niño, Chitré! ")).toBe("cafe nino chitre");
  });
  it("measures edit distance with transpositions and stops early", () => {
    expect(editDistance("restorante", "restaurante", 2)).toBe(2);
    expect(editDistance("marisqeria", "marisqueria", 1)).toBe(1);
    expect(editDistance("abogaod", "abogado", 1)).toBe(1);
    expect(editDistance("abc", "xyz", 1)).toBe(2);
  });
});

describe("English and Spanish questions, as people and assistants write them", () => {
  it.each([
    ["lawyer in Panama City", { industria: "abogados", provincia: "panama", terms: [], lang: "en" }],
    ["attorneys in David", { industria: "abogados", provincia: "chiriqui", lang: "en" }],
    ["law firm Santiago", { industria: "abogados", provincia: "veraguas", lang: "en" }],
    ["coffee shops in Boquete", { categoria: "cafeteria", provincia: "chiriqui", towns: ["boquete"], lang: "en" }],
    ["hardware store in Chitre", { industria: "construccion", provincia: "herrera", lang: "en" }],
    ["seafood restaurants in Bocas town", { categoria: "mariscos", provincia: "bocas-del-toro", lang: "en" }],
    ["steakhouse in the Darien", { categoria: "parrilla", provincia: "darien", lang: "en" }],
    ["beauty salon in Colon", { industria: "belleza", provincia: "colon", lang: "en" }],
    ["dentist", { industria: "salud", boosts: ["dentista"], lang: "en" }],
    ["abogado en David", { industria: "abogados", provincia: "chiriqui", lang: "es" }],
    ["agencia de turismo en Bocas del Toro", { industria: "turismo", provincia: "bocas-del-toro", terms: [], lang: "es" }],
    ["tour agency in Changuinola", { industria: "turismo", provincia: "bocas-del-toro", terms: [], lang: "en" }],
  ])("%s", (q, expected) => {
    expect(parseDirectoryQuery(q)).toMatchObject(expected);
  });

  it("reads English words after English stemming and Spanish ones after Spanish stemming", () => {
    expect(parseDirectoryQuery("lawyers").industria).toBe("abogados");
    expect(parseDirectoryQuery("barbershops").industria).toBe("belleza");
    expect(parseDirectoryQuery("peluquerías").industria).toBe("belleza");
    expect(parseDirectoryQuery("cafeterías").categoria).toBe("cafeteria");
  });

  it("forgives one typo per word in either language", () => {
    expect(parseDirectoryQuery("lawer in panama city")).toMatchObject({ industria: "abogados", provincia: "panama" });
    expect(parseDirectoryQuery("coffe shop david")).toMatchObject({ categoria: "cafeteria", provincia: "chiriqui" });
    expect(parseDirectoryQuery("hardwere store")).toMatchObject({ industria: "construccion" });
    expect(parseDirectoryQuery("abogdo en david")).toMatchObject({ industria: "abogados", provincia: "chiriqui" });
    expect(parseDirectoryQuery("ferreteira penonome")).toMatchObject({ industria: "construccion", provincia: "cocle" });
    expect(parseDirectoryQuery("gimnacio")).toMatchObject({ industria: "deportes" });
  });

  it("turns 'open now' and 'abierto ahora' into the open-now intent, not words to find", () => {
    for (const q of ["pizza open now", "pizza abierta ahora", "bar abierto ya en Pedasí", "restaurants open now in Chitre", "gym open"]) {
      const p = parseDirectoryQuery(q);
      expect(p.openNow, q).toBe(true);
      expect(p.terms.join(" "), q).not.toMatch(/open|abiert|ahora/);
    }
    expect(parseDirectoryQuery("pizza").openNow).toBe(false);
  });

  it("sets filler aside and names it, in both languages, without articles and prepositions", () => {
    const en = parseDirectoryQuery("where can I find the best lawyer in David");
    expect(en).toMatchObject({ industria: "abogados", provincia: "chiriqui", terms: [] });
    expect(en.setAside).toEqual(["where", "find", "best"]);
    expect(en.used).toEqual(["lawyer", "David"]);
    const es = parseDirectoryQuery("¿Dónde hay un buen dentista? Recomiéndame uno en David");
    expect(es).toMatchObject({
      industria: "salud",
      provincia: "chiriqui",
      trade:
        "dentista|dentistas|dental|dentales|odontologia|odontologo|odontologa|odontologica|odontologico|odontopediatria|ortodoncia|ortodoncista",
    });
    expect(es.setAside).toEqual(expect.arrayContaining(["Dónde", "buen", "Recomiéndame"]));
    expect(es.used).toEqual(["dentista", "David"]);
  });

  it("reads 'near X' and 'cerca de X' as the point to order from, not as a province", () => {
    const en = parseDirectoryQuery("lawyer near Costa del Este");
    expect(en).toMatchObject({ nearTown: "Costa del Este", industria: "abogados" });
    expect(en.provincia).toBeUndefined();
    expect(parseDirectoryQuery("cafe near Casco Viejo").nearTown).toBe("Casco Antiguo");
    expect(parseDirectoryQuery("restaurantes cerca del Casco Viejo").nearTown).toBe("Casco Antiguo");
    expect(parseDirectoryQuery("mariscos cerca de Bocas town").nearTown).toBe("Isla Colón");
    // A town without 'near' is a province filter that ranks the town's own entries first.
    expect(parseDirectoryQuery("cafe en Boquete")).toMatchObject({ provincia: "chiriqui", towns: ["boquete"], nearTown: null });
  });

  it("tells the language of the question by its words, not by place names", () => {
    expect(parseDirectoryQuery("lawyer David").lang).toBe("en");
    expect(parseDirectoryQuery("abogado David").lang).toBe("es");
    expect(parseDirectoryQuery("pizza Boquete").lang).toBe("es");
    expect(parseDirectoryQuery("best pizza in Boquete").lang).toBe("en");
  });

  it("makes neither of two trades a filter: both words rank ('surf school', 'construction lawyer')", () => {
    const p = parseDirectoryQuery("surf school in Pedasi");
    expect(p.industria).toBeUndefined();
    expect(p.terms).toEqual(["escuela|surf"]);
    expect(parseDirectoryQuery("construction lawyer").industria).toBeUndefined();
  });

  it("knows every town of the catalog by name, in 'cerca de' and 'near'", () => {
    for (const town of Object.keys(TOWN_COORDINATES)) {
      expect(parseDirectoryQuery(`restaurantes cerca de ${town}`).nearTown, town).toBe(town);
      expect(parseDirectoryQuery(`restaurants near ${town}`).nearTown, town).toBe(town);
      expect(townNamed(town), town).toBe(town);
    }
  });
});
