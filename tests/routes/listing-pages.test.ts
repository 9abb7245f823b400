/**
 * 'Cargar más' keeps the pages shown in the URL (`?paginas=`): a listing or search page answers
 * every page so far in one list, the same cards the cursor pages give one by one, so that Back and
 * a reload show what the visitor had loaded. Bad counts are a Spanish 400, never a 500.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { loadMoreHref, MAX_PAGES } from "~/lib/listing-pages";
import * as industry from "~/routes/directory/industry";
import * as province from "~/routes/directory/province";
import * as search from "~/routes/directory/search";
import { fondas, makeBusinesses, makeRestaurants } from "../setup/factories";
import { call, getRequest } from "../setup/route";

type H = any;
type Page = { items: { slug: string }[]; nextCursor: string | null; paged: boolean };

const base = Date.parse("2026-05-01T10:00:00Z");
let n = 0;
const at = () => new Date(base + ++n * 60_000);

beforeAll(async () => {
  await makeRestaurants(
    fondas(15, (i) => ({ provincia: "bocas-del-toro", descripcion: "Rondón casero.", created_at: at(), slug: `rondon-${i}` })),
  );
  await makeBusinesses(
    Array.from({ length: 9 }, (_, i) => ({
      slug: `gimnasio-${i}`,
      nombre: `Gimnasio ${i}`,
      industria: "deportes",
      provincia: "cocle",
      created_at: at(),
    })),
  );
});

const slugs = (page: Page) => page.items.map((i) => i.slug);

async function get(path: string, loader: H = province.loader, params: Record<string, string> = {}) {
  return call(loader, getRequest(path), { params });
}

describe("?paginas=", () => {
  it("answers the first pages in one list: the cursor pages' cards, in order, with the last cursor", async () => {
    const one = (await get("/restaurantes-bocas-del-toro")).data as Page;
    const two = (await get(`/restaurantes-bocas-del-toro?cursor=${one.nextCursor}`)).data as Page;
    const three = (await get(`/restaurantes-bocas-del-toro?cursor=${two.nextCursor}`)).data as Page;
    expect(slugs(three)).toHaveLength(3);

    const both = await get("/restaurantes-bocas-del-toro?paginas=2");
    expect(both.status).toBe(200);
    expect(slugs(both.data)).toEqual([...slugs(one), ...slugs(two)]);
    expect(both.data.nextCursor).toBe(two.nextCursor);
    expect(both.data.paged).toBe(true);
    expect(one.paged).toBe(false);

    const all = (await get("/restaurantes-bocas-del-toro?paginas=5")).data as Page;
    expect(slugs(all)).toEqual([...slugs(one), ...slugs(two), ...slugs(three)]);
    expect(all.nextCursor).toBeNull();

    // From a cursor: that page and the next.
    const after = (await get(`/restaurantes-bocas-del-toro?cursor=${one.nextCursor}&paginas=2`)).data as Page;
    expect(slugs(after)).toEqual([...slugs(two), ...slugs(three)]);
  });

  it("works on industry pages (with the province filter) and on search", async () => {
    const gimnasios = (await get("/negocios/deportes?provincia=cocle&paginas=2", industry.loader, { industria: "deportes" })).data as Page;
    expect(slugs(gimnasios)).toEqual(Array.from({ length: 9 }, (_, i) => `gimnasio-${8 - i}`));
    const first = (await get("/buscar?q=rondon", search.loader)).data as Page;
    const more = (await get("/buscar?q=rondon&paginas=2", search.loader)).data as Page;
    expect(slugs(more).slice(0, 6)).toEqual(slugs(first));
    expect(new Set(slugs(more)).size).toBe(12);
  });

  it.each(["0", "-1", "1.5", "dos", String(MAX_PAGES + 1), "99999999999999999999"])(
    "answers ?paginas=%s with a Spanish 400",
    async (value) => {
      const res = await get(`/restaurantes-bocas-del-toro?paginas=${value}`);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.data)).toContain("El número de páginas del enlace no es válido");
    },
  );

  it("treats an empty ?paginas= as the first page", async () => {
    expect(slugs((await get("/restaurantes-bocas-del-toro?paginas=")).data)).toHaveLength(6);
  });
});

describe("the 'Cargar más' link", () => {
  it("asks for one page more and names the new page's grid; past the most pages, goes on from the cursor", () => {
    expect(loadMoreHref("/restaurantes-panama", "", "C")).toEqual({ href: "/restaurantes-panama?paginas=2", anchor: "pagina-2" });
    expect(loadMoreHref("/negocios/turismo", "?provincia=cocle&paginas=2", "C")).toEqual({
      href: "/negocios/turismo?provincia=cocle&paginas=3",
      anchor: "pagina-3",
    });
    expect(loadMoreHref("/buscar", `?q=cafe&paginas=${MAX_PAGES}`, "C")).toEqual({ href: "/buscar?q=cafe&cursor=C", anchor: null });
  });
});
