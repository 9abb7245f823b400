/**
 * «Cierres y feriados» as a manager uses it, at 1280 and 390 px: a business open around the clock
 * (made by the admin), its owner assigned by the admin; the owner's bad dates are refused next to the
 * field keeping what was typed, a closure today takes the business out of /api/v1/buscar's
 * abierto_ahora at once (through the real server) and its card says «Cerrado hoy»; the holidays
 * switch is kept; removing the closure brings it back. Someone else gets nothing of the page.
 */
import crypto from "node:crypto";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { ADMIN_STATE, confirmAddress, makeUser, trackPageErrors } from "./fixtures";

const SHOTS = process.env.CLOSURES_SHOTS ?? "test-results";
const DAYS = ["Lunes", "Martes", "Miércoles", "Jueves", "Viernes", "Sábado", "Domingo"];

/** Today in Panama, 'YYYY-MM-DD'. */
const panamaToday = () =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "America/Panama", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());

/** The admin creates a business open every hour of the week and makes `email` its owner; its id. */
async function businessOwnedBy(browser: Browser, nombre: string, email: string): Promise<string> {
  const admin = await browser.newContext({ storageState: ADMIN_STATE, javaScriptEnabled: false });
  const page = await admin.newPage();
  await page.goto("/admin/business/new");
  await page.getByLabel("Nombre *").fill(nombre);
  await page.getByLabel("Industria *").selectOption("tiendas");
  await page.getByLabel("Provincia *").selectOption("panama");
  await page.getByLabel("Dirección *").fill("Calle 50, Obarrio");
  await page.getByLabel("Descripción *").fill("Tienda de prueba abierta todo el día.");
  for (const day of DAYS) {
    await page.getByLabel(`${day}: Cerrado`, { exact: true }).uncheck();
    await page.getByLabel(`${day}, abre`, { exact: true }).fill("00:00");
    await page.getByLabel(`${day}, cierra`, { exact: true }).fill("00:00");
  }
  await page.getByRole("button", { name: "Crear negocio" }).click();
  await expect(page).toHaveURL(/\/admin\?tab=negocios/);
  await page.goto(`/admin-members?negocio=${encodeURIComponent(nombre)}`);
  const radio = page.getByRole("radio", { name: new RegExp(nombre) });
  await radio.check();
  const id = await radio.getAttribute("value");
  await page.getByLabel("Email del propietario").fill(email);
  await page.getByRole("button", { name: "Asignar propietario" }).click();
  await expect(page.getByText(email).first()).toBeVisible();
  await admin.close();
  return id!;
}

async function openNowIds(page: Page, word: string, open: boolean) {
  const res = await page.request.get(`/api/v1/buscar?q=${word}${open ? "&abierto_ahora=true" : ""}`);
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { resultados: { nombre: string; abierto: { estado: string; texto: string } | null }[] };
  return body.resultados;
}

for (const width of [1280, 390]) {
  test(`a manager closes today and on holidays, and 'abierto ahora' follows (${width} px)`, async ({ browser, baseURL }) => {
    test.setTimeout(150_000);
    // A whole word of random letters: a shared stem would make the two widths' businesses alike by
    // trigram similarity, and each run would find the other's.
    const word = Array.from(crypto.randomBytes(12), (b) => String.fromCharCode(97 + (b % 26))).join("");
    const nombre = `Tienda ${word}`;
    const owner = await makeUser(browser, "cierres");
    const context = await browser.newContext({ storageState: owner.session, viewport: { width, height: 900 } });
    await confirmAddress(context.request, baseURL!, owner.email);
    const businessId = await businessOwnedBy(browser, nombre, owner.email);
    const path = `/mi-negocio/negocio/${businessId}/cierres`;

    // Someone else: back to «Mi negocio», nothing of the listing.
    const stranger = await makeUser(browser, "ajeno");
    const other = await browser.newContext({ storageState: stranger.session });
    const otherPage = await other.newPage();
    await otherPage.goto(path);
    await expect(otherPage).toHaveURL(/\/mi-negocio$/);
    await expect(otherPage.getByText(nombre)).toHaveCount(0);
    await other.close();

    const page = await context.newPage();
    const errors = trackPageErrors(page);
    expect((await openNowIds(page, word, true)).map((r) => r.nombre)).toEqual([nombre]);

    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: "Cierres y feriados" })).toBeVisible();
    await expect(page.getByText("No tienes cierres programados.")).toBeVisible();
    await expect(page.getByText("Martes de Carnaval").or(page.getByText("Navidad")).first()).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/closures-empty-${width}.png`, fullPage: true });

    // A range too long is refused next to its field, and what was typed stays.
    const today = panamaToday();
    await page.getByLabel("Desde *").fill(today);
    await page.getByLabel("Hasta (opcional)").fill(`${Number(today.slice(0, 4)) + 1}${today.slice(4)}`);
    await page.getByLabel("Motivo (opcional)").fill("Inventario anual");
    await page.getByRole("button", { name: "Añadir cierre" }).click();
    await expect(page.getByText("Elige una fecha dentro del próximo año.").or(page.getByText(/como máximo 31 días/))).toBeVisible();
    await expect(page.getByLabel("Motivo (opcional)")).toHaveValue("Inventario anual");
    await page.screenshot({ path: `${SHOTS}/closures-error-${width}.png`, fullPage: true });

    // Today only.
    await page.getByLabel("Hasta (opcional)").fill("");
    await page.getByRole("button", { name: "Añadir cierre" }).click();
    await expect(page.getByText("Cierre añadido")).toBeVisible();
    const list = page.getByRole("heading", { name: "Próximos cierres" }).locator("..");
    await expect(list.getByText("Inventario anual")).toBeVisible();

    // The real server's API: no longer open now; its card says closed today.
    expect(await openNowIds(page, word, true)).toEqual([]);
    const all = await openNowIds(page, word, false);
    expect(all.map((r) => r.abierto)).toEqual([{ estado: "cerrado", texto: "Cerrado hoy" }]);

    // The holidays switch is kept.
    await page.getByLabel("Cerrado los feriados nacionales").check();
    await page.getByRole("button", { name: "Guardar" }).click();
    await expect(page.getByText("Esos días tu ficha dice «Cerrado hoy»")).toBeVisible();
    await page.reload();
    await expect(page.getByLabel("Cerrado los feriados nacionales")).toBeChecked();
    await page.screenshot({ path: `${SHOTS}/closures-filled-${width}.png`, fullPage: true });

    // Its page says so under its name, for every visitor; the editor leads to this page.
    await page.goto(`/mi-negocio/negocio/${businessId}`);
    await page.screenshot({ path: `${SHOTS}/closures-editor-links-${width}.png` });
    await page.getByRole("link", { name: "Cierres y feriados" }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    const entry = await browser.newContext({ viewport: { width, height: 900 } });
    const visitor = await entry.newPage();
    await visitor.goto(`/buscar?q=${word}`);
    await visitor.getByRole("link", { name: nombre }).first().click();
    const notice = visitor.getByRole("complementary", { name: "Cierres próximos" });
    await expect(notice.getByText("Cerrado hoy (Inventario anual)")).toBeVisible();
    await expect(notice.getByText("Cierra los feriados nacionales.")).toBeVisible();
    await visitor.screenshot({ path: `${SHOTS}/closures-entry-${width}.png`, fullPage: true });
    await entry.close();

    // Removing the closure opens it again.
    await list.getByRole("button", { name: /^Quitar el cierre/ }).click();
    await expect(page.getByText("No tienes cierres programados.")).toBeVisible();
    const back = await openNowIds(page, word, true);
    // Open again unless today happens to be a national holiday (it now closes on them).
    expect(back.length === 1 || back.length === 0).toBe(true);
    errors.expectNoErrors();
    await context.close();
  });
}
