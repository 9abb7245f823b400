/**
 * 'Near me' and 'open now' in the browser: the visitor shares a location, the listing page
 * reloads nearest first with distances; cards and entry pages carry the open status and the week's
 * hours; 'Cómo llegar' goes to the coordinates; a point with nothing near says so, and one outside
 * Panama (a tourist's) keeps the usual listing and says why it is not sorted by distance.
 */
import fs from "node:fs";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";

const AXE = fs.readFileSync(path.resolve("node_modules/axe-core/axe.min.js"), "utf8");

async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: AXE });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: { id: string }[] }> } }).axe;
    return (await axe.run(document, { resultTypes: ["violations"] })).violations.map((v) => v.id);
  });
}

// Bella Vista, Ciudad de Panamá, where the demo data places several restaurants.
// bypassCSP: axe is injected as an inline script, which the production CSP (rightly) refuses.
test.use({ geolocation: { latitude: 8.9836, longitude: -79.5238 }, permissions: ["geolocation"], bypassCSP: true });

test("a visitor's location sorts a province page by distance", async ({ page }) => {
  await page.goto("/restaurantes-panama");
  await page.getByRole("button", { name: "Usar mi ubicación" }).click();
  await expect(page).toHaveURL(/cerca=8\.98360%2C-79\.52380|cerca=8\.98360,-79\.52380/);
  await expect(page.getByText(/Los más cercanos a ti primero, hasta 5 km/)).toBeVisible();
  const distances = await page
    .getByTestId("listing-card")
    .getByText(/^A \d+,\d km$/)
    .allTextContents();
  expect(distances.length).toBeGreaterThan(3);
  const km = distances.map((d) => Number(d.replace(/[^\d,]/g, "").replace(",", ".")));
  expect(km).toEqual([...km].sort((a, b) => a - b));
  expect(km.at(-1)!).toBeLessThanOrEqual(5);
  // Every demo restaurant has a schedule: each card says whether it is open.
  const statuses = await page
    .getByTestId("listing-card")
    .getByText(/^(Abierto ahora|Cierra pronto|Cerrado · abre .+ a las \d{1,2}:\d{2})$/)
    .count();
  expect(statuses).toBe(await page.getByTestId("listing-card").count());
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole("link", { name: "Quitar ubicación" }).click();
  await expect(page).toHaveURL(/\/restaurantes-panama$/);
  await expect(page.getByText(/^A \d+,\d km$/)).toHaveCount(0);
});

test("a point with nothing near says so", async ({ page }) => {
  // The middle of the Gulf of Panama's islands: in Panama, far from every demo listing.
  await page.goto("/restaurantes-panama?cerca=8.40,-79.00&radio=2");
  await expect(page.getByRole("heading", { name: "Ningún resultado con ubicación cerca de ti" })).toBeVisible();
});

test("an entry page shows its week's hours, its open status and directions to its coordinates", async ({ page }) => {
  await page.goto("/restaurante/marisqueria-el-cangrejo-azul");
  const hours = page.getByRole("table", { name: /Horario semanal/ });
  await expect(hours.getByRole("row")).toHaveCount(7);
  await expect(hours.getByRole("row", { name: /Lunes/ })).toContainText("11:30-22:00");
  await expect(page.getByText(/^(Abierto ahora|Cierra pronto|Cerrado · abre .+ a las \d{1,2}:\d{2})$/).first()).toBeVisible();
  // Through the counting redirect, to the entry's own coordinates.
  const directions = (await page.getByRole("link", { name: "Cómo llegar" }).getAttribute("href"))!;
  expect(directions).toMatch(/^\/ir\/direcciones\/restaurante\/[0-9a-f-]{36}$/);
  const tap = await page.request.get(directions, { maxRedirects: 0 });
  expect(tap.headers().location).toMatch(/^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=8\.\d{6},-79\.\d{6}$/);
  const ld = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((s) => JSON.parse(s));
  expect(ld[0].geo).toMatchObject({ "@type": "GeoCoordinates", latitude: expect.any(Number), longitude: expect.any(Number) });
  expect(ld[0].openingHoursSpecification).toHaveLength(7);
});

test("a visitor outside Panama keeps the listing, told that it is not sorted by distance", async ({ page, context }) => {
  // A tourist planning the trip from Miami.
  await context.setGeolocation({ latitude: 25.76, longitude: -80.19 });
  await page.goto("/restaurantes-panama");
  const cards = page.getByTestId("listing-card");
  await expect(cards).toHaveCount(6);
  const names = await cards.locator("h3").allTextContents();
  await page.getByRole("button", { name: "Usar mi ubicación" }).click();
  await expect(page).toHaveURL(/cerca=25\.76000(%2C|,)-80\.19000/);
  const notice = page.getByText("Tu ubicación parece estar fuera de Panamá, así que los resultados no están ordenados por distancia.");
  await expect(notice).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Restaurantes en Panamá" })).toBeVisible();
  expect(await cards.locator("h3").allTextContents()).toEqual(names);
  await expect(page.getByText(/^A \d+,\d km$/)).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Cargar más" })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole("link", { name: "Quitar ubicación" }).click();
  await expect(page).toHaveURL(/\/restaurantes-panama$/);
  await expect(notice).toHaveCount(0);

  // Opened as a link (shared, or without JavaScript): the same page, not an error.
  const res = await page.goto("/negocios/turismo?cerca=40.7,-74.0&radio=10");
  expect(res?.status()).toBe(200);
  await expect(notice).toBeVisible();
  await expect(page.getByTestId("listing-card").first()).toBeVisible();
});

test("a malformed point is a readable 400", async ({ page }) => {
  const res = await page.goto("/restaurantes-panama?cerca=norte");
  expect(res?.status()).toBe(400);
  await expect(page.getByText(/latitud,longitud/)).toBeVisible();
});
