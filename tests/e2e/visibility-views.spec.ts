/**
 * The visibility views on the real server with the demo's 90 days of counts, at 1280 and 390 px: the
 * admin finds the business shown most without a paid plan and opens its view; its new owner reaches
 * the same figures from «Mi negocio», where the chart drawn on the server holds exactly the figures of
 * its table, and switches to 90 days without JavaScript. Someone else gets nothing of the page.
 */
import { type Browser, expect, type Page, test } from "@playwright/test";
import { ADMIN_STATE, confirmAddress, makeUser, trackPageErrors } from "./fixtures";

const SHOTS = process.env.VISIBILITY_SHOTS ?? "test-results";

// Both widths take the same business (the one shown most without a plan) and assign it an owner,
// which replaces the other's: one after the other, not side by side.
test.describe.configure({ mode: "serial" });

/** The most shown business without a paid plan, as the admin's list has it: its name and id. */
async function topUnpaidBusiness(browser: Browser, width: number): Promise<{ nombre: string; id: string }> {
  const admin = await browser.newContext({ storageState: ADMIN_STATE, viewport: { width, height: 900 } });
  const page = await admin.newPage();
  const errors = trackPageErrors(page);
  await page.goto("/admin");
  await page.getByRole("navigation", { name: "Administración" }).getByRole("link", { name: "Visibilidad" }).click();
  await expect(page).toHaveURL(/\/admin\/visibilidad$/);
  await expect(page.getByRole("heading", { level: 1, name: "Visibilidad" })).toBeVisible();
  await expect(page.locator("svg[data-chart] rect").first()).toBeAttached();
  const table = page.getByRole("table", { name: "Fichas más vistas sin plan de pago" });
  const row = table.getByRole("row").filter({ hasText: "Negocio ·" }).first();
  const link = row.getByRole("link");
  const nombre = (await link.textContent())!.trim();
  const id = (await link.getAttribute("href"))!.split("/").at(-1)!;
  await expect(page.getByRole("table", { name: "Preguntas sin resultados o con pocos" }).getByRole("row")).not.toHaveCount(1);
  await page.screenshot({ path: `${SHOTS}/visibility-admin-${width}.png`, fullPage: true });

  await link.click();
  await expect(page.getByRole("heading", { level: 1, name: nombre })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Apariciones por día" })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/visibility-admin-entry-${width}.png`, fullPage: true });
  errors.expectNoErrors();
  await admin.close();
  return { nombre, id };
}

/** The admin makes `email` the owner of business `id` (others may share its name). */
async function assignOwner(browser: Browser, nombre: string, id: string, email: string) {
  const admin = await browser.newContext({ storageState: ADMIN_STATE, javaScriptEnabled: false });
  const page = await admin.newPage();
  await page.goto(`/admin-members?negocio=${encodeURIComponent(nombre)}`);
  await page.locator(`input[type="radio"][value="${id}"]`).check();
  await page.getByLabel("Email del propietario").fill(email);
  await page.getByRole("button", { name: "Asignar propietario" }).click();
  await expect(page.getByText(email).first()).toBeVisible();
  await admin.close();
}

/** The chart's bars and the table's non-zero cells, each as 'day|channel' → count. */
async function chartAndTable(page: Page) {
  return page.evaluate(() => {
    const bars = [...document.querySelectorAll("svg[data-chart] rect[data-day]")].map(
      (r) => `${r.getAttribute("data-day")}|${r.getAttribute("data-channel")}=${r.getAttribute("data-count")}`,
    );
    const cells = [...document.querySelectorAll("table[data-table] tr[data-day]")].flatMap((tr) =>
      [...tr.querySelectorAll("td[data-channel]")]
        .map((td) => ({ channel: td.getAttribute("data-channel"), n: Number(td.textContent!.replace(/\D/g, "")) }))
        .filter((c) => c.n > 0)
        .map((c) => `${tr.getAttribute("data-day")}|${c.channel}=${c.n}`),
    );
    return { bars: bars.sort(), cells: cells.sort(), rows: document.querySelectorAll("table[data-table] tr[data-day]").length };
  });
}

for (const width of [1280, 390]) {
  test(`the owner's and the admin's visibility views (${width} px)`, async ({ browser, baseURL }) => {
    test.setTimeout(150_000);
    const { nombre, id } = await topUnpaidBusiness(browser, width);
    const path = `/mi-negocio/negocio/${id}/visibilidad`;

    const owner = await makeUser(browser, "visibilidad");
    const context = await browser.newContext({ storageState: owner.session, viewport: { width, height: 900 } });
    await confirmAddress(context.request, baseURL!, owner.email);
    await assignOwner(browser, nombre, id, owner.email);

    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await page.goto("/mi-negocio");
    await page.getByRole("link", { name: `Visibilidad de ${nombre}` }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole("heading", { level: 1, name: "Visibilidad" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Últimos 30 días" })).toHaveAttribute("aria-current", "page");
    for (const heading of ["Por canal", "Tu parte de las apariciones", "Preguntas en las que apareciste", "Lo que hicieron después"]) {
      await expect(page.getByRole("heading", { name: heading })).toBeVisible();
    }
    const thirty = await chartAndTable(page);
    expect(thirty.rows).toBe(30);
    expect(thirty.bars.length).toBeGreaterThan(0);
    expect(thirty.bars).toEqual(thirty.cells);
    // Nothing wider than the window.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `${SHOTS}/visibility-owner-${width}.png`, fullPage: true });
    await page.getByText("Ver las cifras por día").click();
    await expect(page.getByRole("table", { name: "Apariciones por día y canal" })).toBeVisible();
    errors.expectNoErrors();

    // Without JavaScript: the 90 days by a plain link, the figures in the open table.
    const plain = await context
      .browser()!
      .newContext({ storageState: owner.session, viewport: { width, height: 900 }, javaScriptEnabled: false });
    const noJs = await plain.newPage();
    await noJs.goto(path);
    await noJs.getByRole("link", { name: "Últimos 90 días" }).click();
    await expect(noJs).toHaveURL(new RegExp(`${path}\\?dias=90$`));
    await expect(noJs.getByRole("link", { name: "Últimos 90 días" })).toHaveAttribute("aria-current", "page");
    const ninety = await chartAndTable(noJs);
    expect(ninety.rows).toBe(90);
    expect(ninety.bars).toEqual(ninety.cells);
    expect(ninety.bars.length).toBeGreaterThanOrEqual(thirty.bars.length);
    await noJs.getByText("Ver las cifras por día").click();
    await expect(noJs.getByRole("table", { name: "Apariciones por día y canal" })).toBeVisible();
    await noJs.screenshot({ path: `${SHOTS}/visibility-owner-90-nojs-${width}.png`, fullPage: true });
    await plain.close();

    // The admin moves the business to another province: its share starts tomorrow, and the owner is told.
    const admin = await browser.newContext({ storageState: ADMIN_STATE });
    const form = await admin.newPage();
    const move = async (to?: string) => {
      await form.goto(`/admin/business/edit/${id}`);
      const province = form.getByLabel("Provincia");
      const from = await province.inputValue();
      await province.selectOption(to ?? (from === "darien" ? "colon" : "darien"));
      await form.getByRole("button", { name: "Guardar cambios" }).click();
      await expect(form).not.toHaveURL(/\/edit\//);
      return from;
    };
    const original = await move();
    await page.reload();
    await expect(page.getByText("La ficha cambió hoy de categoría o provincia: desde mañana verás su parte")).toBeVisible();
    await page.getByRole("heading", { name: "Tu parte de las apariciones" }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/visibility-owner-moved-${width}.png` });
    await move(original);
    await admin.close();

    // Someone else: back to «Mi negocio», nothing of the listing.
    const stranger = await makeUser(browser, "ajeno-vis");
    const other = await browser.newContext({ storageState: stranger.session });
    const otherPage = await other.newPage();
    await otherPage.goto(path);
    await expect(otherPage).toHaveURL(/\/mi-negocio$/);
    await expect(otherPage.getByText(nombre)).toHaveCount(0);
    await other.close();
    await context.close();
  });
}
