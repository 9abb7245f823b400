/**
 * The listing kinds' one table (app/catalog/listing-kinds.ts): every kind has every spelling, no
 * spelling names two kinds, each lookup finds its kind back, and the server's Drizzle tables are
 * the ones the catalog names.
 */
import { getTableName } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  KIND_PLURALS,
  KIND_SINGULARS,
  kindOfPath,
  kindOfPlural,
  kindOfSingular,
  LISTING_KIND_IDS,
  LISTING_KINDS,
} from "~/catalog/listing-kinds";
import { entryPath } from "~/lib/entry-path";
import { LISTING_TABLES, openSpansOf, tableOf } from "~/server/models/listing-tables.server";

const FIELDS = ["table", "singular", "plural", "label", "labelPlural", "etiquetaColumn", "adminPath", "ogType"] as const;
/** The fields that name a kind on their own (in SQL, paths and the API): each must tell the kinds apart. */
const NAMES = ["table", "singular", "plural", "adminPath", "ogType"] as const;

describe("LISTING_KINDS", () => {
  it("lists restaurants first, then businesses", () => {
    expect(LISTING_KIND_IDS).toEqual(["restaurant", "business"]);
    expect(KIND_PLURALS).toEqual(["restaurantes", "negocios"]);
    expect(KIND_SINGULARS).toEqual(["restaurante", "negocio"]);
  });

  it("gives every kind every spelling, none empty", () => {
    for (const kind of LISTING_KIND_IDS) {
      expect(Object.keys(LISTING_KINDS[kind]).sort()).toEqual([...FIELDS].sort());
      for (const field of FIELDS) expect(LISTING_KINDS[kind][field], `${kind}.${field}`).toMatch(/\S/);
    }
  });

  it("spells each kind its own way: no name is shared by two kinds or two fields", () => {
    const names = LISTING_KIND_IDS.flatMap((kind) => [kind, ...NAMES.map((f) => LISTING_KINDS[kind][f])]);
    expect(new Set(names).size).toBe(names.length);
    const columns = LISTING_KIND_IDS.map((kind) => LISTING_KINDS[kind].etiquetaColumn);
    expect(new Set(columns).size).toBe(columns.length);
  });

  it("keeps the labels the singular and plural words, capitalised", () => {
    for (const kind of LISTING_KIND_IDS) {
      const k = LISTING_KINDS[kind];
      expect(k.label.toLowerCase()).toBe(k.singular);
      expect(k.labelPlural.toLowerCase()).toBe(k.plural);
      expect(k.plural.startsWith(k.singular)).toBe(true);
    }
  });

  it("finds each kind back from each of its spellings", () => {
    for (const kind of LISTING_KIND_IDS) {
      const k = LISTING_KINDS[kind];
      expect(kindOfPlural(k.plural)).toBe(kind);
      expect(kindOfSingular(k.singular)).toBe(kind);
      expect(kindOfPath(entryPath(kind, "fonda-del-mar"))).toBe(kind);
      expect(kindOfPath(`/${k.singular.toUpperCase()}/x.md`)).toBe(kind);
      expect(kindOfPath(`/api/v1/${k.plural}/fonda`, "/api/v1/")).toBe(kind);
    }
  });

  it("finds no kind in paths that name none", () => {
    for (const path of ["/", "/buscar", "/restaurantes-chiriqui", "/restaurantex/a", "/api/v1/buscar", "/admin/restaurant/new"]) {
      expect(kindOfPath(path), path).toBeUndefined();
    }
    expect(kindOfPath("/restaurante/a", "/api/v1/")).toBeUndefined();
  });

  it("writes entry paths with the singular word", () => {
    expect(entryPath("restaurant", "fonda")).toBe("/restaurante/fonda");
    expect(entryPath("business", "taller")).toBe("/negocio/taller");
  });
});

describe("LISTING_TABLES", () => {
  it("maps each kind to the Drizzle tables the catalog names", () => {
    expect(Object.keys(LISTING_TABLES)).toEqual(LISTING_KIND_IDS);
    for (const kind of LISTING_KIND_IDS) {
      expect(getTableName(tableOf(kind))).toBe(LISTING_KINDS[kind].table);
      expect(getTableName(openSpansOf(kind))).toBe(`${kind}_open_spans`);
      // The column of the card's label exists on the kind's table.
      expect(tableOf(kind)).toHaveProperty(LISTING_KINDS[kind].etiquetaColumn);
    }
  });
});
