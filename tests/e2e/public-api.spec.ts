/**
 * The public read API on the production server as a script or an assistant calls it (plain HTTP, no
 * browser): JSON, CORS, ETag and 304, Spanish 400s; and its documentation page as a person reads it.
 */
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";

const AXE = fs.readFileSync(path.resolve("node_modules/axe-core/axe.min.js"), "utf8");

test("GET /api/v1/buscar answers JSON with citation URLs, CORS, an ETag and a 304 on revalidation", async ({ request, baseURL }) => {
  const res = await request.get("/api/v1/buscar?q=marisquer%C3%ADa%20en%20Bocas&limite=3", { headers: { Origin: "https://otro.example" } });
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toMatch(/^application\/json/);
  expect(res.headers()["access-control-allow-origin"]).toBe("*");
  const body = await res.json();
  expect(body.consulta.interpretacion).toMatchObject({ provincia: "bocas-del-toro", categoria: "mariscos" });
  expect(body.resultados.length).toBeGreaterThan(0);
  for (const r of body.resultados) {
    expect(r.url).toBe(`${baseURL}/restaurante/${r.slug}`);
    // The page it cites exists, and so does its Markdown twin.
    expect((await request.get(r.url)).status()).toBe(200);
    expect((await request.get(r.markdown_url)).headers()["content-type"]).toMatch(/^text\/markdown/);
  }
  const etag = res.headers().etag!;
  const again = await request.get("/api/v1/buscar?q=marisquer%C3%ADa%20en%20Bocas&limite=3", { headers: { "If-None-Match": etag } });
  expect(again.status()).toBe(304);
});

test("a bad parameter is a 400 in Spanish that names it; an unknown entry a JSON 404", async ({ request }) => {
  const bad = await request.get("/api/v1/buscar?limite=99");
  expect(bad.status()).toBe(400);
  expect(await bad.json()).toMatchObject({ error: { parametro: "limite", mensaje: expect.stringMatching(/entre 1 y 25/) } });
  const missing = await request.get("/api/v1/negocios/no-existe-este-negocio");
  expect(missing.status()).toBe(404);
  expect((await missing.json()).error.codigo).toBe("no_encontrado");
  const doc = await request.get("/api/v1/openapi.json");
  expect((await doc.json()).openapi).toBe("3.1.0");
});

test.describe("the documentation page", () => {
  test.use({ bypassCSP: true });
  for (const width of [1280, 390]) {
    test(`reads well at ${width}px: no sideways scroll, no axe violations`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/api/v1");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("El directorio de Panamá para asistentes de IA");
      await expect(page.getByRole("heading", { name: "In English" })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.addScriptTag({ content: AXE });
      const violations = await page.evaluate(async () => {
        const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: { id: string }[] }> } }).axe;
        const result = await axe.run(document, { resultTypes: ["violations"] });
        return result.violations.map((v) => v.id);
      });
      expect(violations).toEqual([]);
    });
  }
});
