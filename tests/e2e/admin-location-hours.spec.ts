/**
 * The admin's location field and weekly hours editor without JavaScript: a demo restaurant's
 * location and hours are edited through the real form, refused once with field errors that keep what
 * was typed, then saved; the edit form read again shows what was stored.
 */
import { expect, test, type Page } from "@playwright/test";
import { ADMIN_STATE, startNewRestaurant, trackPageErrors } from "./fixtures";

test.use({ storageState: ADMIN_STATE, javaScriptEnabled: false });

const LOCATION_UNREADABLE = "No encontramos coordenadas en ese enlace; pega el enlace completo de Google Maps o escribe latitud, longitud.";

// A demo restaurant in Darién that no other browser test edits.
const NOMBRE = "Parador Yaviza";
// The place's own coordinates (!3d/!4d) differ from the map's centre (@…): the place's win.
const MAPS_LINK =
  "https://www.google.com/maps/place/Parador+Yaviza/@8.1600,-77.6900,15z/data=!3m1!4m6!3m5!1s0x0:0x0!8m2!3d8.1556!4d-77.6917";

const day = (page: Page, name: string) => ({
  cerrado: page.getByLabel(`${name}: Cerrado`, { exact: true }),
  abre: page.getByLabel(`${name}, abre`, { exact: true }),
  cierra: page.getByLabel(`${name}, cierra`, { exact: true }),
  abre2: page.getByLabel(`${name}, abre (2.º turno)`, { exact: true }),
  cierra2: page.getByLabel(`${name}, cierra (2.º turno)`, { exact: true }),
});

async function openEditForm(page: Page) {
  await page.goto(`/admin?tab=restaurantes&q=${encodeURIComponent(NOMBRE)}`);
  const card = page.getByTestId("listing-card").filter({ hasText: NOMBRE });
  await expect(card).toHaveCount(1);
  await card.getByRole("link", { name: `Editar ${NOMBRE}` }).click();
  await expect(page).toHaveURL(/\/admin\/restaurant\/edit\//);
  await expect(page.getByRole("heading", { name: "Editar restaurante" })).toBeVisible();
}

test("edit a demo restaurant's location and weekly hours without JavaScript", async ({ page }) => {
  test.setTimeout(60_000);
  await openEditForm(page);
  const editUrl = page.url();
  const ubicacion = page.getByLabel("Ubicación (enlace de Google Maps o coordenadas)");

  // Every day starts from a clean slate (the entry may have a schedule, or one read from its text).
  for (const name of ["Lunes", "Martes", "Miércoles", "Jueves", "Viernes", "Sábado", "Domingo"]) {
    const d = day(page, name);
    await d.cerrado.uncheck();
    for (const input of [d.abre, d.cierra, d.abre2, d.cierra2]) await input.fill("");
  }

  // First a location outside Panama and a Tuesday that closes before it opens.
  await ubicacion.fill("40.7128, -74.0060");
  const lunes = day(page, "Lunes");
  await lunes.abre.fill("07:00");
  await lunes.cierra.fill("11:00");
  await lunes.abre2.fill("13:00");
  await lunes.cierra2.fill("17:30");
  await day(page, "Martes").abre.fill("18:00");
  await day(page, "Martes").cierra.fill("10:00");
  await day(page, "Viernes").abre.fill("18:00");
  await day(page, "Viernes").cierra.fill("02:00");
  await day(page, "Domingo").cerrado.check();
  await page.getByRole("button", { name: "Guardar cambios" }).click();

  await expect(page).toHaveURL(editUrl);
  await expect(page.getByText("Las coordenadas deben estar dentro de Panamá.")).toBeVisible();
  await expect(ubicacion).toHaveAttribute("aria-invalid", "true");
  await expect(ubicacion).toHaveValue("40.7128, -74.0060");
  const martesError = page.getByText(/^El martes, la hora de cierre \(10:00\) debe ser posterior a la de apertura \(18:00\)/);
  await expect(martesError).toBeVisible();
  // The error sits on Tuesday's row and its inputs point at it; what was typed is still there.
  await expect(page.getByTestId("hours-row").nth(1)).toContainText("debe ser posterior");
  await expect(day(page, "Martes").cierra).toHaveAttribute("aria-invalid", "true");
  await expect(lunes.cierra2).toHaveValue("17:30");
  await expect(day(page, "Viernes").cierra).toHaveValue("02:00");
  await expect(day(page, "Domingo").cerrado).toBeChecked();

  // Fixed: a Google Maps link, and Tuesday left empty (closed, beside days with hours).
  await ubicacion.fill(MAPS_LINK);
  await day(page, "Martes").abre.fill("");
  await day(page, "Martes").cierra.fill("");
  await page.getByRole("button", { name: "Guardar cambios" }).click();
  // Saved: back to the panel (the toast needs JavaScript).
  await expect(page).toHaveURL(/\/admin\?tab=restaurantes$/);

  // The edit form again: what was stored.
  await page.goto(editUrl);
  await expect(ubicacion).toHaveValue("8.155600, -77.691700");
  await expect(page.getByRole("link", { name: /Ver en Google Maps/ })).toHaveAttribute(
    "href",
    "https://www.google.com/maps/search/?api=1&query=8.155600,-77.691700",
  );
  await expect(lunes.abre).toHaveValue("07:00");
  await expect(lunes.cierra).toHaveValue("11:00");
  await expect(lunes.abre2).toHaveValue("13:00");
  await expect(lunes.cierra2).toHaveValue("17:30");
  await expect(lunes.cerrado).not.toBeChecked();
  // Overnight: opens Friday, closes at 02:00 on Saturday, shown on Friday's row.
  await expect(day(page, "Viernes").abre).toHaveValue("18:00");
  await expect(day(page, "Viernes").cierra).toHaveValue("02:00");
  await expect(day(page, "Sábado").abre).toHaveValue("");
  for (const name of ["Martes", "Miércoles", "Jueves", "Sábado", "Domingo"]) {
    await expect(day(page, name).cerrado, name).toBeChecked();
  }
  await expect(page.getByText(/Rellenamos el horario semanal/)).toHaveCount(0);
});

test("on a 390 px phone the seven rows fit the screen: no sideways scroll, each time input whole", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/admin/restaurant/new");
  const rows = page.getByTestId("hours-row");
  await expect(rows).toHaveCount(7);
  // Copying one day's hours needs JavaScript: without it there are no copy buttons.
  await expect(page.getByRole("button", { name: /^Copiar a/ })).toHaveCount(0);
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
  // Wide enough for '06:30 PM' and the clock button (at 128 px Chromium cut the AM/PM off).
  for (const input of await page.locator("input[type=time]").all()) {
    const box = (await input.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(140);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
});

test.describe("with JavaScript", () => {
  test.use({ javaScriptEnabled: true });

  test("the browser checks the same rules before sending; a new restaurant is created with its location and hours", async ({ page }) => {
    const errors = trackPageErrors(page);
    const nombre = `Cantina Horario ${Date.now().toString(36)}`;
    await startNewRestaurant(page, { nombre, provincia: "los-santos", direccion: "Pedasí, Los Santos" });
    // Hidden from the public lists that other tests count.
    await page.getByLabel("Activo").uncheck();
    const ubicacion = page.getByLabel("Ubicación (enlace de Google Maps o coordenadas)");
    await ubicacion.fill("cerca de la playa");
    await ubicacion.blur();
    await expect(page.getByText(LOCATION_UNREADABLE)).toBeVisible();
    await ubicacion.fill("7.5283, -80.0286");
    await expect(page.getByText(LOCATION_UNREADABLE)).toHaveCount(0);

    const sabado = day(page, "Sábado");
    await sabado.abre.fill("20:00");
    await sabado.cierra.fill("07:00");
    await page.getByRole("button", { name: "Crear restaurante" }).click();
    await expect(page.getByText(/^El sábado, la hora de cierre \(07:00\)/)).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/restaurant\/new$/);
    await sabado.cierra.fill("03:00");
    await expect(page.getByText(/^El sábado, la hora de cierre/)).toHaveCount(0);
    await page.getByRole("button", { name: "Crear restaurante" }).click();
    await expect(page).toHaveURL(/\/admin\?tab=restaurantes$/);
    await expect(page.getByText("Éxito", { exact: true })).toBeVisible();

    await page.goto(`/admin?tab=restaurantes&q=${encodeURIComponent(nombre)}`);
    await page.getByRole("link", { name: `Editar ${nombre}` }).click();
    await expect(ubicacion).toHaveValue("7.528300, -80.028600");
    await expect(sabado.abre).toHaveValue("20:00");
    await expect(sabado.cierra).toHaveValue("03:00");
    await expect(day(page, "Domingo").cerrado).toBeChecked();
    errors.expectNoErrors();
  });

  test("one day's hours copied to every day and to Monday–Friday with the keyboard are saved; a web address without https:// is completed", async ({
    page,
  }) => {
    const errors = trackPageErrors(page);
    const nombre = `Cantina Copia ${Date.now().toString(36)}`;
    await startNewRestaurant(page, { nombre, provincia: "herrera", direccion: "Chitré, Herrera" });
    await page.getByLabel("Activo").uncheck();
    await page.getByLabel("Sitio web").fill("www.cantina-copia.com");
    const source = page.getByLabel("Copiar el horario del");
    const toAll = page.getByRole("button", { name: "Copiar a todos los días" });
    const toWeekdays = page.getByRole("button", { name: "Copiar a días laborables" });
    const status = page.getByRole("status").filter({ hasText: "Copiamos el horario" });

    // Saturday's hours to every day.
    const sabado = day(page, "Sábado");
    await sabado.abre.fill("09:00");
    await sabado.cierra.fill("13:00");
    await source.selectOption({ label: "sábado" });
    await toAll.focus();
    await page.keyboard.press("Enter");
    await expect(status).toHaveText("Copiamos el horario del sábado a todos los días. Guarda para aplicar los cambios.");
    for (const name of ["Lunes", "Miércoles", "Domingo"]) {
      await expect(day(page, name).abre, name).toHaveValue("09:00");
      await expect(day(page, name).cierra, name).toHaveValue("13:00");
    }

    // Then Monday's two shifts to Monday–Friday: the weekend keeps Saturday's.
    const lunes = day(page, "Lunes");
    await lunes.abre.fill("08:00");
    await lunes.cierra.fill("12:00");
    await lunes.abre2.fill("14:00");
    await lunes.cierra2.fill("18:00");
    await source.selectOption({ label: "lunes" });
    await toWeekdays.focus();
    await page.keyboard.press("Space");
    await expect(status).toHaveText(
      "Copiamos el horario del lunes a los días laborables (lunes a viernes). Guarda para aplicar los cambios.",
    );
    await expect(day(page, "Viernes").abre2).toHaveValue("14:00");
    await expect(day(page, "Domingo").abre2).toHaveValue("");

    await page.getByRole("button", { name: "Crear restaurante" }).click();
    await expect(page).toHaveURL(/\/admin\?tab=restaurantes$/);

    // What the server stored, read back in the edit form.
    await page.goto(`/admin?tab=restaurantes&q=${encodeURIComponent(nombre)}`);
    await page.getByRole("link", { name: `Editar ${nombre}` }).click();
    await expect(page.getByLabel("Sitio web")).toHaveValue("https://www.cantina-copia.com");
    for (const name of ["Lunes", "Martes", "Miércoles", "Jueves", "Viernes"]) {
      const d = day(page, name);
      await expect(d.abre, name).toHaveValue("08:00");
      await expect(d.cierra, name).toHaveValue("12:00");
      await expect(d.abre2, name).toHaveValue("14:00");
      await expect(d.cierra2, name).toHaveValue("18:00");
    }
    for (const name of ["Sábado", "Domingo"]) {
      const d = day(page, name);
      await expect(d.abre, name).toHaveValue("09:00");
      await expect(d.cierra, name).toHaveValue("13:00");
      await expect(d.abre2, name).toHaveValue("");
      await expect(d.cerrado, name).not.toBeChecked();
    }
    errors.expectNoErrors();
  });
});
