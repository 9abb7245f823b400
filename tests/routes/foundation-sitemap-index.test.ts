import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import * as sitemap from "~/routes/seo/sitemap";
import * as part from "~/routes/seo/sitemap-part";
import { queryRows } from "~/server/platform/db.server";
import { seedDemo } from "~/server/seed/seed.server";
import { call, getRequest, resetConfig } from "../setup/route";

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replace(/&amp;/g, "&"));

beforeAll(async () => {
  await seedDemo();
});

describe("sitemap for a large directory", () => {
  it("is one file while everything fits", async () => {
    const r = await call(sitemap.loader, getRequest("/sitemap.xml"));
    expect(r.data).toContain("<urlset");
    expect(locs(r.data).some((l) => l.includes("/restaurante/"))).toBe(true);
  });

  it("becomes an index whose chunks list every active entry exactly once, and no inactive one", async () => {
    // Make the directory 'too large' for one file: the same code path as at 1M listings.
    resetConfig({ SITEMAP_CHUNK_SIZE: "7" });
    try {
      const index = await call(sitemap.loader, getRequest("/sitemap.xml"));
      expect(index.data).toContain("<sitemapindex");
      const parts = locs(index.data).map((l) => new URL(l));
      expect(parts[0]!.pathname).toBe("/sitemap/paginas.xml");
      expect(parts.filter((p) => p.pathname === "/sitemap/restaurantes.xml").length).toBeGreaterThan(1);

      const seen: string[] = [];
      for (const url of parts.slice(1)) {
        const res = await call(part.loader, getRequest(url.pathname + url.search), { params: { part: url.pathname.split("/").pop()! } });
        expect(res.status).toBe(200);
        const chunk = locs(res.data);
        expect(chunk.length).toBeGreaterThan(0);
        expect(chunk.length).toBeLessThanOrEqual(7);
        seen.push(...chunk);
      }
      const active = await queryRows<{ path: string }>(sql`
        select '/restaurante/' || slug as path from restaurants where is_active
        union all select '/negocio/' || slug from businesses where is_active`);
      const paths = seen.map((l) => new URL(l).pathname);
      expect(new Set(paths).size).toBe(paths.length);
      expect(paths.sort()).toEqual(active.map((a) => a.path).sort());

      const pages = await call(part.loader, getRequest("/sitemap/paginas.xml"), { params: { part: "paginas.xml" } });
      expect(locs(pages.data).map((l) => new URL(l).pathname)).toEqual(
        expect.arrayContaining(["/", "/restaurantes-panama", "/negocios/construccion"]),
      );
      const unknown = await call(part.loader, getRequest("/sitemap/otra.xml"), { params: { part: "otra.xml" } });
      expect(unknown.status).toBe(404);
      const bad = await call(part.loader, getRequest(`/sitemap/negocios.xml?desde=${"x".repeat(500)}`), {
        params: { part: "negocios.xml" },
      });
      expect(bad.status).toBe(400);
    } finally {
      resetConfig({ SITEMAP_CHUNK_SIZE: undefined });
    }
  });
});
