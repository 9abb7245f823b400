/** How free text is read into filters, required words and boosts. */
import { describe, expect, it } from "vitest";
import { editDistance, normalizeText, parseDirectoryQuery } from "~/server/search/reader.server";

describe("parseDirectoryQuery", () => {
  it.each([
    ["mariscos en Bocas", { provincia: "bocas-del-toro", categoria: "mariscos", tipo: "restaurantes", terms: [] }],
    ["Marisquería en Bocas del Toro", { provincia: "bocas-del-toro", categoria: "mariscos", terms: [] }],
    ["abogado David", { provincia: "chiriqui", industria: "abogados", tipo: "negocios", terms: [] }],
    ["dentistas en Chitré", { provincia: "herrera", industria: "salud", terms: [] }],
    ["ferreteria colon", { provincia: "colon", industria: "construccion", terms: [] }],
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
