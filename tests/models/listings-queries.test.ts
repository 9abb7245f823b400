/**
 * Directory queries on PGlite and on PostgreSQL: ordering, keyset paging without duplicates
 * or gaps while rows are inserted, inactive entries hidden, the province filter, old slugs, and
 * the search engine as the /buscar page asks it (accent-insensitive, pages of 6 through its cursor).
 */
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { listing_slug_history } from "~/db/schema";
import { decodeCursor, PAGE_SIZE } from "~/schemas/directory";
import { db } from "~/server/platform/db.server";
import { getBusinessBySlug, getRestaurantBySlug } from "~/server/models/listing-entries.server";
import { activeListingSlugs } from "~/server/models/listing-sitemap.server";
import { listBusinessesByIndustry, listRestaurantsByProvince } from "~/server/models/listings.server";
import { search } from "~/server/search/engine.server";
import { makeBusiness, makeBusinesses, makeRestaurant, makeRestaurants } from "../setup/factories";

const base = Date.parse("2026-06-01T12:00:00Z");
let seq = 0;
/** Each entry a second newer than the one before, so that the expected order never depends on the clock. */
const at = () => new Date(base + ++seq * 1000);
/** `rows`, each given the next created_at unless it has its own. */
const inOrder = <T extends object>(rows: T[]) => rows.map((row) => ({ created_at: at(), ...row }));

async function allPages<T extends { nextCursor: string | null; items: { id: string }[] }>(
  fetch: (cursor?: ReturnType<typeof decodeCursor>) => Promise<T>,
  onPage?: (n: number) => Promise<void>,
) {
  const ids: string[] = [];
  let cursor: string | null = null;
  let n = 0;
  do {
    const page: T = await fetch(cursor ? decodeCursor(cursor)! : undefined);
    expect(page.items.length).toBeLessThanOrEqual(PAGE_SIZE);
    ids.push(...page.items.map((i) => i.id));
    cursor = page.nextCursor;
    if (onPage) await onPage(++n);
  } while (cursor);
  return ids;
}

describe("province listings", () => {
  it("shows active entries of the province only, newest first, 6 at a time with a cursor", async () => {
    const rows = await makeRestaurants(
      inOrder([
        ...Array.from({ length: 14 }, () => ({ provincia: "herrera" })),
        { provincia: "herrera", is_active: false, nombre: "Oculto" },
        { provincia: "colon" },
      ]),
    );
    const expected = rows
      .filter((r) => r.provincia === "herrera" && r.is_active)
      .sort((a, b) => b.created_at.getTime() - a.created_at.getTime())
      .map((r) => r.id);

    const first = await listRestaurantsByProvince("herrera");
    expect(first.items.map((i) => i.id)).toEqual(expected.slice(0, 6));
    expect(first.nextCursor).not.toBeNull();
    const ids = await allPages((c) => listRestaurantsByProvince("herrera", c ?? undefined));
    expect(ids).toEqual(expected);
    expect(first.items[0]).toMatchObject({ kind: "restaurant", provincia: "herrera", is_active: true });
  });

  it("breaks created_at ties by id (microsecond timestamps, identical instants)", async () => {
    const same = new Date("2026-03-03T03:03:03.123Z");
    const rows = await makeRestaurants(Array.from({ length: 9 }, () => ({ provincia: "darien", created_at: same })));
    // Microseconds that a JS Date cannot hold must survive the cursor.
    await db.execute(sql`update restaurants set created_at = created_at + interval '7 microseconds' where id = ${rows[0]!.id}`);
    const ids = await allPages((c) => listRestaurantsByProvince("darien", c ?? undefined));
    expect(new Set(ids).size).toBe(9);
    expect(ids[0]).toBe(rows[0]!.id);
    const rest = rows
      .slice(1)
      .map((r) => r.id)
      .sort()
      .reverse();
    expect(ids.slice(1)).toEqual(rest);
  });

  it("pages without duplicates or gaps while newer rows are inserted", async () => {
    const rows = await makeRestaurants(inOrder(Array.from({ length: 20 }, () => ({ provincia: "veraguas" }))));
    const ids = await allPages(
      (c) => listRestaurantsByProvince("veraguas", c ?? undefined),
      async () => {
        // A new entry arrives between page loads: it belongs at the top, not in the pages being read.
        await makeRestaurant({ provincia: "veraguas", created_at: new Date(base + 10_000_000 + seq) });
      },
    );
    const original = rows.sort((a, b) => b.created_at.getTime() - a.created_at.getTime()).map((r) => r.id);
    expect(ids).toEqual(original);
  });

  it("answers an empty page for a province with nothing", async () => {
    expect(await listRestaurantsByProvince("los-santos")).toEqual({ items: [], nextCursor: null });
  });
});

describe("industry listings", () => {
  it("filters by province on the server and keeps paging with the filter", async () => {
    const rows = await makeBusinesses(
      inOrder([
        ...Array.from({ length: 8 }, () => ({ industria: "salud", provincia: "chiriqui" })),
        ...Array.from({ length: 5 }, () => ({ industria: "salud", provincia: "cocle" })),
        { industria: "salud", provincia: "chiriqui", is_active: false },
        { industria: "turismo", provincia: "chiriqui" },
      ]),
    );
    const chiriqui = rows
      .filter((r) => r.industria === "salud" && r.provincia === "chiriqui" && r.is_active)
      .sort((a, b) => b.created_at.getTime() - a.created_at.getTime())
      .map((r) => r.id);
    const ids = await allPages((c) => listBusinessesByIndustry("salud", { provincia: "chiriqui", cursor: c ?? undefined }));
    expect(ids).toEqual(chiriqui);
    const all = await allPages((c) => listBusinessesByIndustry("salud", { cursor: c ?? undefined }));
    expect(all).toHaveLength(13);
    const withInactive = await allPages((c) => listBusinessesByIndustry("salud", { cursor: c ?? undefined, includeInactive: true }));
    expect(withInactive).toHaveLength(14);
  });
});

describe("entries by slug", () => {
  it("finds active entries, hides inactive ones and redirects old slugs", async () => {
    const r = await makeRestaurant({ slug: "fonda-nueva", nombre: "Fonda Nueva", maps_url: "https://maps.example/x", created_at: at() });
    await makeRestaurant({ slug: "fonda-cerrada", is_active: false, created_at: at() });
    await db.insert(listing_slug_history).values({ kind: "restaurant", old_slug: "fonda-vieja", listing_id: r.id });

    const found = await getRestaurantBySlug("fonda-nueva");
    expect(found && "entry" in found && found.entry.maps_url).toBe("https://maps.example/x");
    expect(await getRestaurantBySlug("fonda-cerrada")).toBeNull();
    expect(await getRestaurantBySlug("no-existe")).toBeNull();
    expect(await getRestaurantBySlug("fonda-vieja")).toEqual({ redirectTo: "fonda-nueva" });
    // The slug namespaces are separate.
    expect(await getBusinessBySlug("fonda-nueva")).toBeNull();
  });

  it("hides Google ratings and reviews of imported entries", async () => {
    await makeBusiness({
      slug: "importado",
      rating: 4.7,
      customer_reviews: "Texto de Google",
      google_place_id: "ChIJ-test",
      created_at: at(),
    });
    const found = await getBusinessBySlug("importado");
    expect(found && "entry" in found && found.entry.rating).toBeNull();
    expect(found && "entry" in found && found.entry.customer_reviews).toBeNull();
  });

  it("lists every active entry for the sitemap", async () => {
    const slugs: string[] = [];
    for await (const batch of activeListingSlugs(3)) slugs.push(...batch.map((b) => `${b.kind}:${b.slug}`));
    expect(slugs).toContain("restaurant:fonda-nueva");
    expect(slugs).not.toContain("restaurant:fonda-cerrada");
    expect(new Set(slugs).size).toBe(slugs.length);
  });
});

describe("search", () => {
  beforeAll(async () => {
    await makeRestaurants(
      inOrder([
        {
          slug: "cafe-geisha",
          nombre: "Café Geisha Boquete",
          categoria: "cafeteria",
          provincia: "chiriqui",
          especialidades: ["Café de altura"],
        },
        { slug: "fonda-panamena", nombre: "Fonda La Tinaja", descripcion: "Comida panameña de siempre", categoria: "comida-tradicional" },
        { slug: "marisqueria-azul", nombre: "Marisquería El Cangrejo Azul", categoria: "mariscos", provincia: "colon" },
        { slug: "cafe-inactivo", nombre: "Café Cerrado", is_active: false },
      ]),
    );
    await makeBusiness({
      slug: "cafe-consultores",
      nombre: "Cafetal Consultores",
      descripcion: "Asesoría para productores de café",
      industria: "servicios",
      created_at: at(),
    });
  });

  const slugsOf = async (text: string) => (await search({ text, limit: PAGE_SIZE })).hits.map((h) => h.slug);

  it("is accent- and case-insensitive and hides inactive entries", async () => {
    const cafe = await search({ text: "cafe", limit: 20 });
    const names = cafe.hits.map((i) => i.nombre);
    expect(names).toContain("Café Geisha Boquete");
    expect(names).not.toContain("Café Cerrado");
    expect(await slugsOf("PANAMENA")).toContain("fonda-panamena");
    expect(await slugsOf("panameña")).toContain("fonda-panamena");
    expect(await slugsOf("mariscos")).toContain("marisqueria-azul");
    expect(await slugsOf("cangrejo")).toEqual(["marisqueria-azul"]);
  });

  it("survives hostile input and pages of 6 with its cursor", async () => {
    for (const text of ["'; drop table restaurants; --", "<script>alert(1)</script>", "a".repeat(100), "!!! & | :*", "de la"]) {
      const r = await search({ text, limit: PAGE_SIZE });
      expect(Array.isArray(r.hits)).toBe(true);
    }
    await makeRestaurants(inOrder(Array.from({ length: 9 }, (_, i) => ({ nombre: `Ceviche Bar ${i}`, categoria: "mariscos" }))));
    const first = await search({ text: "ceviche", limit: PAGE_SIZE });
    expect(first.hits).toHaveLength(6);
    const second = await search({ text: "ceviche", limit: PAGE_SIZE, cursor: first.nextCursor! });
    const ids = [...first.hits, ...second.hits].map((i) => i.id);
    expect(new Set(ids).size).toBe(ids.length);
    const bars = [...first.hits, ...second.hits].filter((h) => h.nombre.startsWith("Ceviche Bar"));
    expect(bars).toHaveLength(9);
  });
});
