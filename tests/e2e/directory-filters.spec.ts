/**
 * The pages' «Cerca de» place box (with the catalog's towns offered), its radius and «Abierto
 * ahora», at 1280 and 390 px, with and without JavaScript: a province page around Boquete, an
 * industry page with its province filter, /buscar with words and a town; an unknown town is a
 * notice; an empty search offers the engine's suggestion as a link. Nothing scrolls sideways.
 */
import fs from "node:fs";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { trackPageErrors } from "./fixtures";

const AXE = fs.readFileSync(path.resolve("node_modules/axe-core/axe.min.js"), "utf8");
const OPEN_LABEL = /^(Abierto ahora|Cierra pronto)$/;

async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: AXE });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: { id: string }[] }> } }).axe;
    return (await axe.run(document, { resultTypes: ["violations"] })).violations.map((v) => v.id);
  });
}

const cards = (page: Page) => page.getByTestId("listing-card");

/** The cards' distances in km, in page order. */
async function distances(page: Page): Promise<number[]> {
  const texts = await cards(page)
    .getByText(/^A \d+,\d km$/)
    .allTextContents();
  return texts.map((d) => Number(d.replace(/[^\d,]/g, "").replace(",", ".")));
}

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

/** Fills the filter form of a listing page and sends it with «Filtrar». */
async function filter(page: Page, opts: { place?: string; radius?: string; open?: boolean }) {
  const form = page.getByRole("form", { name: /^Filtrar/ });
  if (opts.place !== undefined) await form.getByLabel("Cerca de").fill(opts.place);
  if (opts.radius) await form.getByLabel("Radio").selectOption(opts.radius);
  if (opts.open !== undefined) await form.getByLabel("Abierto ahora").setChecked(opts.open);
  await form.getByRole("button", { name: "Filtrar" }).click();
}

for (const js of [true, false]) {
  for (const width of [1280, 390]) {
    test.describe(`${js ? "with" : "without"} JavaScript at ${width} px`, () => {
      test.use({ viewport: { width, height: 900 }, javaScriptEnabled: js, bypassCSP: true });

      test("a province page around a town, then open now, then without the town", async ({ page }) => {
        const errors = trackPageErrors(page);
        await page.goto("/restaurantes-chiriqui");
        await expect(cards(page)).toHaveCount(6);
        const towns = page.locator("datalist#lugares-conocidos option");
        expect(await towns.count()).toBeGreaterThan(50);
        await expect(page.locator('datalist#lugares-conocidos option[value="Boquete"]')).toHaveCount(1);
        await noSidewaysScroll(page);

        await filter(page, { place: "Boquete", radius: "10" });
        await expect(page).toHaveURL(/cerca_de=Boquete/);
        await expect(page).toHaveURL(/radio=10/);
        await expect(page.getByText("Los más cercanos a Boquete primero, hasta 10 km.")).toBeVisible();
        const km = await distances(page);
        expect(km.length).toBeGreaterThan(0);
        expect(km).toEqual([...km].sort((a, b) => a - b));
        expect(km.at(-1)!).toBeLessThanOrEqual(10);
        // The form says what is applied.
        await expect(page.getByLabel("Cerca de")).toHaveValue("Boquete");
        await expect(page.getByLabel("Radio")).toHaveValue("10");
        await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
        await noSidewaysScroll(page);

        await filter(page, { open: true });
        await expect(page).toHaveURL(/abierto=1/);
        await expect(page.getByLabel("Abierto ahora")).toBeChecked();
        // Open now depends on the hour the test runs: every card open, or the page says none is.
        const shown = await cards(page).count();
        if (shown) await expect(cards(page).getByText(OPEN_LABEL)).toHaveCount(shown);
        else await expect(page.getByRole("heading", { name: "Ningún resultado cerca de Boquete" })).toBeVisible();
        if (js) expect(await axeViolations(page)).toEqual([]);

        await page.getByRole("link", { name: "Quitar lugar" }).click();
        await expect(page).toHaveURL(/\/restaurantes-chiriqui\?abierto=1$/);
        await expect(page.getByText(/^A \d+,\d km$/)).toHaveCount(0);
        errors.expectNoErrors();
      });

      test("an industry page keeps its province filter beside the town, and an unknown town is a notice", async ({ page }) => {
        await page.goto("/negocios/salud");
        const form = page.getByRole("form", { name: /^Filtrar/ });
        await form.getByLabel("Provincia").selectOption("chiriqui");
        await filter(page, { place: "Narnia" });
        await expect(page).toHaveURL(/provincia=chiriqui/);
        await expect(page.getByText(/No encontramos «Narnia» entre los pueblos y barrios que conocemos/)).toBeVisible();
        await expect(page.getByRole("heading", { level: 2, name: "Salud en Chiriquí" })).toBeVisible();
        expect(await cards(page).count()).toBeGreaterThan(0);
        await noSidewaysScroll(page);

        await filter(page, { place: "David", radius: "25" });
        await expect(page.getByText("Los más cercanos a David primero, hasta 25 km.")).toBeVisible();
        const km = await distances(page);
        expect(km).toEqual([...km].sort((a, b) => a - b));
      });

      test("/buscar with words and a town, then an empty answer's suggestion", async ({ page }) => {
        await page.goto("/buscar");
        const search = page.getByRole("search");
        await search.getByLabel("¿Qué buscas?").fill("café");
        await search.getByLabel("Cerca de").fill("Boquete");
        await search.getByRole("button", { name: "Buscar" }).click();
        await expect(page).toHaveURL(/\/buscar\?q=caf/);
        await expect(page).toHaveURL(/cerca_de=Boquete/);
        await expect(page.getByText("Los más cercanos a Boquete primero, hasta 5 km.")).toBeVisible();
        await expect(cards(page).first()).toBeVisible();
        const km = await distances(page);
        expect(km.length).toBeGreaterThan(0);
        expect(km.at(-1)!).toBeLessThanOrEqual(5);
        if (js) {
          // Empty fields stay out of the address, and the radius travels only with a place.
          expect(new URL(page.url()).searchParams.has("tipo")).toBe(false);
        }
        await noSidewaysScroll(page);

        await page.goto(`/buscar?q=${encodeURIComponent("ferretería en darién")}&tipo=negocios`);
        await expect(page.getByRole("heading", { name: "Sin resultados para «ferretería en darién»" })).toBeVisible();
        const suggestion = page.getByRole("link", { name: /^Prueba con «.+»$/ });
        await expect(suggestion).toBeVisible();
        await expect(suggestion).toHaveAttribute("href", /tipo=negocios/);
        await suggestion.click();
        await expect(page).toHaveURL(/tipo=negocios/);
        await expect(cards(page).first()).toBeVisible();
        await noSidewaysScroll(page);
        if (js) expect(await axeViolations(page)).toEqual([]);
      });
    });
  }
}
