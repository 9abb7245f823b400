/**
 * Searches within a province read that province's own index entries: each entry's lexemes indexed
 * once more with its province in them ('chiriqui/cevich', migration 0009), and its name's trigrams in
 * one partial index per province (0010). The answers must be the same as matching the words and the
 * province apart, for any text an editor can save.
 */
import { type SQL, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { parseDirectoryQuery } from "~/server/search/reader.server";
import { apiSearchParamsSchema } from "~/schemas/api-v1";
import { db, queryRows, queryRowsWithout } from "~/server/platform/db.server";
import { directorySearchQuery } from "~/server/models/directory-search.server";
import { queryOf } from "~/server/machine/directory.server";
import { searchFresh } from "~/server/search/engine.server";
import { makeBusiness, makeBusinesses, makeRestaurant, makeRestaurants } from "../setup/factories";

/** The engine's answer (without the answer cache: these tests change rows behind its back). */
function searchRows(params: Record<string, string>) {
  const p = apiSearchParamsSchema.parse(params);
  return searchFresh(queryOf(p));
}

async function slugs(params: Record<string, string>): Promise<string[]> {
  return (await searchRows(params)).hits.map((r) => r.slug).sort();
}

/** The plan of a search statement, with the planner methods searches run without. */
async function planOf(statement: SQL): Promise<string> {
  const rows = await queryRowsWithout<Record<string, string>>(["enable_seqscan", "enable_indexscan"], sql`explain ${statement}`);
  return rows.map((x) => Object.values(x)[0]).join("\n");
}

describe("searches within a province", () => {
  it("keep every lexeme's positions and weights, and survive quotes and backslashes", async () => {
    const [row] = await queryRows<{ v: string; phrase: boolean; apart: boolean; prefix: boolean; empty: string }>(sql`
      select listing_province_lexemes('chiriqui', setweight(to_tsvector('spanish', 'Ceviche de D''Angelo'), 'A')
               || to_tsvector('simple', 'ruta c:\\dir ''citas'''))::text as v,
             listing_province_lexemes('chiriqui', to_tsvector('spanish', 'ropa vieja y ceviche'))
               @@ listing_province_query('chiriqui', to_tsquery('spanish', 'ropa <-> vieja & cevi:*')) as phrase,
             listing_province_lexemes('chiriqui', to_tsvector('spanish', 'ropa nueva vieja'))
               @@ listing_province_query('chiriqui', to_tsquery('spanish', 'ropa <-> vieja')) as apart,
             listing_province_lexemes('chiriqui', to_tsvector('spanish', 'pizzería'))
               @@ listing_province_query('colon', to_tsquery('spanish', 'pizz:*')) as prefix,
             listing_province_lexemes('chiriqui', ''::tsvector)::text as empty`);
    expect(row!.v).toBe(
      "'chiriqui/angel':4A 'chiriqui/c':6 'chiriqui/cevich':1A 'chiriqui/citas':8 'chiriqui/d':3A 'chiriqui/dir':7 'chiriqui/ruta':5",
    );
    expect(row!.phrase).toBe(true);
    expect(row!.apart).toBe(false);
    expect(row!.prefix).toBe(false);
    expect(row!.empty).toBe("");
  });

  it("find a word only in the province asked for, as the words and the province apart would", async () => {
    await makeRestaurants([
      { slug: "ceviche-david", nombre: "Ceviches del Volcán", provincia: "chiriqui", direccion: "Calle 1, David" },
      { slug: "ceviche-colon", nombre: "Ceviches del Atlántico", provincia: "colon", direccion: "Calle 2, Colón" },
      { slug: "sancocho-david", nombre: "Fonda D'Angelo \\ 'La Mejor'", provincia: "chiriqui", especialidades: ["sancocho", "ropa vieja"] },
    ]);
    await makeBusiness({ slug: "abogados-david", nombre: "Bufete Ceviche y Asociados", provincia: "chiriqui", industria: "abogados" });

    expect(await slugs({ q: "ceviche", provincia: "chiriqui" })).toEqual(["abogados-david", "ceviche-david"]);
    expect(await slugs({ q: "ceviche", provincia: "colon" })).toEqual(["ceviche-colon"]);
    expect(await slugs({ q: "ceviche en David" })).toEqual(["abogados-david", "ceviche-david"]);
    expect(await slugs({ q: "ceviche", tipo: "restaurantes", provincia: "chiriqui" })).toEqual(["ceviche-david"]);
    // A dish's words in a row, and a name with quotes and a backslash.
    expect(await slugs({ q: "ropa vieja", provincia: "chiriqui" })).toEqual(["sancocho-david"]);
    expect(await slugs({ q: "ropa vieja", provincia: "colon" })).toEqual([]);
    expect(await slugs({ q: "angelo", provincia: "chiriqui" })).toEqual(["sancocho-david"]);
    // None in Herrera: the same words elsewhere are suggested, nothing from another province is shown.
    const empty = await searchRows({ q: "ceviche", provincia: "herrera" });
    expect(empty.hits).toEqual([]);
  });

  it("follow a move to another province and a deactivation", async () => {
    const moved = await makeRestaurant({ slug: "corvina-mudada", nombre: "Corvina Feliz", provincia: "herrera" });
    expect(await slugs({ q: "corvina", provincia: "herrera" })).toEqual(["corvina-mudada"]);
    await db.execute(sql`update restaurants set provincia = 'los-santos' where id = ${moved.id}`);
    expect(await slugs({ q: "corvina", provincia: "herrera" })).toEqual([]);
    expect(await slugs({ q: "corvina", provincia: "los-santos" })).toEqual(["corvina-mudada"]);
    await db.execute(sql`update restaurants set is_active = false where id = ${moved.id}`);
    expect(await slugs({ q: "corvina", provincia: "los-santos" })).toEqual([]);
  });

  it("are what a search with a province reads, through their own index", async () => {
    await makeRestaurant({ slug: "plan-ceviche", nombre: "Ceviches Plan", provincia: "chiriqui" });
    const statement = directorySearchQuery(parseDirectoryQuery("ceviche en David"), {});
    const plan = await planOf(statement);
    expect(plan).toContain("Bitmap Index Scan on restaurants_search_province_fts_idx");
    expect(plan).toContain("Bitmap Index Scan on businesses_search_province_fts_idx");
  });

  it("look up a typo in a name among that province's names, through its own trigram index", async () => {
    await makeRestaurants([
      { slug: "sevicheria-david", nombre: "Cevichería Los Pescadores", provincia: "chiriqui" },
      { slug: "sevicheria-colon", nombre: "Cevichería Los Pescadores del Mar", provincia: "colon" },
    ]);
    // 'pescadorez' is no word of either entry: only the name's resemblance finds them.
    expect(await slugs({ q: "pescadorez", provincia: "chiriqui" })).toEqual(["sevicheria-david"]);
    expect(await slugs({ q: "pescadorez", provincia: "colon" })).toEqual(["sevicheria-colon"]);
    expect(await slugs({ q: "pescadorez" })).toEqual(["sevicheria-colon", "sevicheria-david"]);
    // Enough other entries in the province that its plain index is not the cheaper way to them.
    const many = Array.from({ length: 1500 }, (_, i) => ({ slug: `fonda-${i}`, nombre: `Fonda ${i}`, provincia: "chiriqui" as const }));
    await makeRestaurants(many);
    await makeBusinesses(many.map((m) => ({ ...m, slug: `tienda-${m.slug}` })));
    await db.execute(sql`analyze restaurants; analyze businesses`);
    const statement = directorySearchQuery(parseDirectoryQuery("pescadorez", { provincia: "chiriqui" }), { provincia: "chiriqui" });
    const plan = await planOf(statement);
    expect(plan).toContain("Bitmap Index Scan on restaurants_nombre_trgm_chiriqui_idx");
    expect(plan).toContain("Bitmap Index Scan on businesses_nombre_trgm_chiriqui_idx");
  });

  it("skip the fallbacks when enough entries have every word, with the answer they would give", async () => {
    await makeRestaurants([
      ...Array.from({ length: 30 }, (_, i) => ({ slug: `tamales-${i}`, nombre: `Tamales ${i}`, provincia: "veraguas" as const })),
      // Names that only the typo net and the any-word fallback would bring.
      ...Array.from({ length: 5 }, (_, i) => ({ slug: `tamalera-${i}`, nombre: `Tamalera ${i}`, provincia: "veraguas" as const })),
    ]);
    const full = async (q: string) => {
      const rows = await queryRowsWithout<{ slug: string }>(
        ["enable_seqscan", "enable_indexscan"],
        directorySearchQuery(parseDirectoryQuery(q), {}, {}, { fallbacks: true }),
      );
      return rows.map((r) => r.slug);
    };
    for (const q of ["tamales en Santiago", "tamales"]) {
      const found = await searchRows({ q, limite: "25" });
      expect(found.hits.map((r) => r.slug)).toEqual((await full(q)).slice(0, 25));
      expect(found.nextCursor).not.toBeNull();
    }
    // With fewer entries than that, the fallbacks run: the typo net finds the 'Tamalera' names.
    expect(await slugs({ q: "tamalerra", provincia: "veraguas" })).toEqual(
      expect.arrayContaining([0, 1, 2, 3, 4].map((i) => `tamalera-${i}`)),
    );
  });
});
