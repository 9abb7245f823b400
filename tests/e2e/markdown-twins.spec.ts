/**
 * The Markdown twins through the real production server: `Accept: text/markdown` on a page URL
 * answers the twin, a browser's Accept the page, both with `Vary: Accept`, through the page cache
 * without ever mixing the two; `.md` URLs, ETags and 304s; /llms.txt links that resolve; and the
 * entry page's JSON-LD breadcrumb and alternate link.
 */
import { expect, test } from "@playwright/test";

const BROWSER_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
const ENTRY = "/restaurante/marisqueria-el-cangrejo-azul";

test.describe("markdown twins", () => {
  test("one URL answers HTML or Markdown by Accept, with Vary, through the page cache", async ({ request }) => {
    for (const [path, title] of [
      [ENTRY, "# Marisquería El Cangrejo Azul\n"],
      ["/restaurantes-panama", "# Restaurantes en Panamá\n"],
      ["/negocios/abogados", "# Negocios de Abogados en Panamá\n"],
    ] as const) {
      const caches: string[] = [];
      // Interleaved and repeated: from the second request on, each kind is stored and replayed.
      for (let i = 0; i < 3; i++) {
        const md = await request.get(path, { headers: { Accept: "text/markdown" } });
        expect(md.status()).toBe(200);
        expect(md.headers()["content-type"]).toBe("text/markdown; charset=utf-8");
        expect(md.headers().vary).toMatch(/\bAccept\b/);
        expect(md.headers()["cache-control"]).toMatch(/^public, /);
        expect(await md.text()).toMatch(new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
        caches.push(md.headers()["x-page-cache"] ?? "");

        const html = await request.get(path, { headers: { Accept: BROWSER_ACCEPT } });
        expect(html.status()).toBe(200);
        expect(html.headers()["content-type"]).toBe("text/html; charset=utf-8");
        expect(html.headers().vary).toMatch(/\bAccept\b/);
        expect(await html.text()).toMatch(/^<!DOCTYPE html>/i);
        caches.push(html.headers()["x-page-cache"] ?? "");
      }
      expect(caches.at(-1)).toBe("HIT");
      expect(caches.at(-2)).toBe("HIT");
    }
  });

  test("serves the .md URLs with an ETag and 304, and 404s unknown entries", async ({ request }) => {
    const twin = await request.get(`${ENTRY}.md`);
    expect(twin.status()).toBe(200);
    const body = await twin.text();
    expect(body).toContain("- **Provincia:** Panamá");
    expect(body).toMatch(/- \*\*WhatsApp:\*\* \[Escribir por WhatsApp\]\(https:\/\/wa\.me\/507\d+\?text=/);
    expect(body).toMatch(new RegExp(`- Página: <https?://[^>]+${ENTRY}>`));
    const etag = twin.headers().etag!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    for (const [url, headers] of [
      [`${ENTRY}.md`, {}],
      [ENTRY, { Accept: "text/markdown" }],
    ] as const) {
      const again = await request.get(url, { headers: { ...headers, "If-None-Match": etag } });
      expect(again.status(), url).toBe(304);
    }

    for (const path of ["/restaurante/no-existe.md", "/negocio/no-existe.md", "/negocios/narnia.md"]) {
      const missing = await request.get(path);
      expect(missing.status(), path).toBe(404);
      expect(missing.headers()["content-type"]).toBe("text/markdown; charset=utf-8");
    }
    const negotiated404 = await request.get("/negocio/no-existe", { headers: { Accept: "text/markdown" } });
    expect(negotiated404.status()).toBe(404);
    expect(await negotiated404.text()).toMatch(/^# No encontrado/);
  });

  test("llms.txt links to listing twins that answer", async ({ request }) => {
    const res = await request.get("/llms.txt");
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toBe("text/plain; charset=utf-8");
    const txt = await res.text();
    expect(txt.startsWith("# Panama VIP IA\n\n> ")).toBe(true);
    const twins = [...txt.matchAll(/\]\((https?:\/\/[^)]+\.md)\)/g)].map((m) => new URL(m[1]!).pathname);
    expect(twins).toHaveLength(20);
    for (const path of twins) {
      const twin = await request.get(path);
      expect(twin.status(), path).toBe(200);
      expect(twin.headers()["content-type"]).toBe("text/markdown; charset=utf-8");
    }
  });
});

test("an entry page carries a BreadcrumbList and points at its twin", async ({ page }) => {
  await page.goto(ENTRY);
  const scripts = await page.locator('script[type="application/ld+json"]').allTextContents();
  const ld = scripts.map((s) => JSON.parse(s));
  expect(ld[0]["@type"]).toBe("Restaurant");
  const crumbs = ld.find((x) => x["@type"] === "BreadcrumbList");
  expect(crumbs.itemListElement.map((i: { name: string }) => i.name)).toEqual([
    "Inicio",
    "Restaurantes en Panamá",
    "Marisquería El Cangrejo Azul",
  ]);
  await expect(page.locator('link[rel="alternate"][type="text/markdown"]')).toHaveAttribute("href", new RegExp(`${ENTRY}\\.md$`));
});
