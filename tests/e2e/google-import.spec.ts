/**
 * The Google search tab in Chromium against the fake Places API (tests/fakes/places.ts, two ports
 * above the app's, as playwright.config.ts tells the server): validation, search, search more (gone
 * after Google's last page), approve one as a restaurant (its category, phone and weekly hours as the
 * directory shows them), skip one (still skipped on a new search, and restorable).
 */
import { expect, type Page, test } from "@playwright/test";
import { BASE_URL } from "../../playwright.config";
import { type FakePlaces, makeGooglePlace, startFakePlaces } from "../fakes/places";
import { ADMIN_STATE, trackPageErrors } from "./fixtures";

test.use({ storageState: ADMIN_STATE });
// One fake on one port for the whole file.
test.describe.configure({ mode: "serial" });

let fake: FakePlaces;
const run = Date.now().toString(36);
test.beforeAll(async () => {
  fake = await startFakePlaces(Number(new URL(BASE_URL).port) + 2);
  fake.setPlaces(
    Array.from({ length: 12 }, (_, i) =>
      makeGooglePlace(i + 1, { id: `ChIJe2e${run}${i}`, displayName: { text: `Marisquería ${run} ${i + 1}`, languageCode: "es" } }),
    ),
  );
});
test.afterAll(async () => {
  await fake?.close();
});

/** The result cards of the Google tab. */
const resultCards = (page: Page) =>
  page
    .getByRole("region", { name: "Resultados de Google" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading") });

test("search, search more, approve one as a restaurant, skip one", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const errors = trackPageErrors(page);
  await page.goto("/admin?tab=google");
  await page.getByRole("button", { name: "Buscar en Google" }).click();
  await expect(page.getByText("Por favor ingresa un término de búsqueda")).toBeVisible();
  await expect(page.getByText("Por favor selecciona una provincia")).toBeVisible();
  await page.getByLabel("Término de búsqueda").fill("restaurantes de mariscos");
  await page.getByLabel("Provincia").selectOption("chiriqui");
  await page.getByRole("button", { name: "Buscar en Google" }).click();
  await expect(page.getByText("Búsqueda completada")).toBeVisible();
  const cards = resultCards(page);
  const result = (name: string) => cards.filter({ has: page.getByRole("heading", { name, exact: true }) });
  await expect(cards).toHaveCount(10);
  expect(fake.requests.at(-1)?.body).toMatchObject({ textQuery: "restaurantes de mariscos, Chiriquí, Panamá", pageSize: 10 });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: "test-results/google-import-1280.png" });

  await page.getByRole("button", { name: "Buscar más" }).click();
  await expect(cards).toHaveCount(12);
  // Google sent no further page token: nothing more to ask for.
  await expect(page.getByRole("button", { name: "Buscar más" })).toHaveCount(0);

  const first = `Marisquería ${run} 1`;
  await result(first).getByRole("button", { name: "Aprobar" }).click();
  const dialog = page.getByRole("dialog", { name: `Aprobar «${first}»` });
  await expect(dialog.getByLabel("Tipo")).toHaveValue("restaurant");
  await expect(dialog.getByLabel("Provincia")).toHaveValue("chiriqui");
  await expect(dialog.getByLabel("Categoría")).toHaveValue("mariscos");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: "test-results/google-import-dialog-390.png" });
  await dialog.getByRole("button", { name: "Agregar restaurante" }).click();
  await expect(page.getByText("Restaurante agregado")).toBeVisible();
  await expect(cards).toHaveCount(11);

  const second = `Marisquería ${run} 2`;
  await result(second).getByRole("button", { name: "Omitir" }).click();
  await expect(page.getByText("Omitido", { exact: true })).toBeVisible();
  await expect(cards).toHaveCount(10);
  await page.screenshot({ path: "test-results/google-import-390.png", fullPage: false });

  // A new search (after a reload: nothing kept in the page) leaves the skipped result out.
  await page.reload();
  await page.getByLabel("Término de búsqueda").fill("restaurantes de mariscos");
  await page.getByLabel("Provincia").selectOption("chiriqui");
  await page.getByRole("button", { name: "Buscar en Google" }).click();
  await expect(page.getByText("(1 omitido antes no se muestra)")).toBeVisible();
  await expect(cards).toHaveCount(9);
  await expect(result(second)).toHaveCount(0);
  await expect(result(first).getByText("Ya importado")).toBeVisible();
  // Shown on demand, it can be restored.
  await page.getByRole("button", { name: "Mostrar omitidos" }).click();
  await expect(result(second).getByText("Omitido", { exact: true })).toBeVisible();
  await page.screenshot({ path: "test-results/google-import-skipped-390.png" });
  await result(second).getByRole("button", { name: "Restaurar" }).click();
  await expect(page.getByText("Restaurado", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Mostrar omitidos" })).toHaveCount(0);
  await page.getByRole("button", { name: "Buscar en Google" }).click();
  await expect(result(second).getByRole("button", { name: "Omitir" })).toBeVisible();
  await expect(cards).toHaveCount(10);

  // In the admin list, unverified.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/admin?tab=restaurantes&q=${encodeURIComponent(first)}`);
  const card = page.getByRole("region", { name: "Restaurantes" }).getByRole("listitem").filter({ hasText: first });
  await expect(card).toHaveCount(1);
  await expect(card.getByText("Verificado")).toHaveCount(0);

  // On its province page, as a visitor.
  const visitor = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const pub = await visitor.newPage();
  await pub.goto("/restaurantes-chiriqui");
  const listed = pub.getByRole("article").filter({ has: pub.getByRole("link", { name: first }) });
  await expect(listed.getByText("Lun-Sáb 11:00-22:00")).toBeVisible();
  await expect(listed.getByText("+507 775-1234")).toBeVisible();
  // Its page: the week as a table, the phone as the directory writes it.
  await listed.getByRole("link", { name: first, exact: true }).first().click();
  await expect(pub.getByRole("heading", { level: 1, name: first })).toBeVisible();
  // Its category from Google's types, not «Otro».
  await expect(pub.getByText("Mariscos · Chiriquí", { exact: true })).toBeVisible();
  const week = pub.getByRole("table", { name: "Horario semanal (hora de Panamá)" });
  await expect(week.getByRole("row")).toHaveCount(7);
  await expect(week.getByRole("row", { name: "Lunes 11:00-22:00" })).toBeVisible();
  await expect(week.getByRole("row", { name: "Domingo Cerrado" })).toBeVisible();
  await expect(pub.getByRole("link", { name: "+507 775-1234" }).first()).toHaveAttribute("href", "tel:+5077751234");
  for (const width of [1280, 390]) {
    await pub.setViewportSize({ width, height: 900 });
    await pub.screenshot({ path: `test-results/google-import-entry-${width}.png`, fullPage: true });
  }
  await visitor.close();
  errors.expectNoErrors();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the search form still searches and lists the results", async ({ page }) => {
    await page.goto("/admin?tab=google");
    await page.getByLabel("Término de búsqueda").fill("mariscos");
    await page.getByLabel("Provincia").selectOption("veraguas");
    await page.getByRole("button", { name: "Buscar en Google" }).click();
    await expect(resultCards(page).first()).toBeVisible();
    expect(fake.requests.at(-1)?.body).toMatchObject({ textQuery: "mariscos, Veraguas, Panamá" });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: "test-results/google-import-nojs-390.png" });
  });
});
