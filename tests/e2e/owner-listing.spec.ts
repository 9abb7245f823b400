/**
 * «Mi negocio» in Chromium: an owner the admin assigned in /admin-members reaches their business
 * from 'Mi Cuenta', edits its weekly hours and WhatsApp, and sees them on the entry page and in the
 * API at once; a name change waits for review. At 1280 px with JavaScript, at 390 px without it.
 */
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { BASE_URL } from "../../playwright.config";
import { ADMIN_STATE, confirmAddress, makeUser, trackPageErrors } from "./fixtures";

test.describe.configure({ mode: "serial" });

const SHOTS = process.env.MINE_SHOTS ?? "test-results";

let admin: APIRequestContext;
test.beforeAll(async ({ playwright }) => {
  admin = await playwright.request.newContext({ baseURL: BASE_URL, storageState: ADMIN_STATE, extraHTTPHeaders: { Origin: BASE_URL } });
});
test.afterAll(async () => {
  await admin?.dispose();
});

/** A business made by the admin's form; its id from the admin's list. */
async function newBusiness(nombre: string): Promise<string> {
  const res = await admin.post("/admin/business/new", {
    form: { nombre, descripcion: "Cortes y color", direccion: "Calle 50", provincia: "panama", industria: "belleza", is_active: "on" },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(302);
  const list = await (await admin.get(`/admin?tab=negocios&q=${encodeURIComponent(nombre)}`)).text();
  const id = list.match(/\/admin\/business\/edit\/([0-9a-f-]{36})/)?.[1];
  expect(id).toBeTruthy();
  return id!;
}

const day = (page: Page, name: string) => ({
  cerrado: page.getByLabel(`${name}: Cerrado`, { exact: true }),
  abre: page.getByLabel(`${name}, abre`, { exact: true }),
  cierra: page.getByLabel(`${name}, cierra`, { exact: true }),
});

for (const [width, js] of [
  [1280, true],
  [390, false],
] as const) {
  test(`an owner edits the hours and sees them on the page and in the API (${width} px${js ? "" : ", sin JavaScript"})`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const nombre = `Barbería Horario ${width} ${Date.now().toString(36)}`;
    const id = await newBusiness(nombre);
    const owner = await makeUser(request, `mine${width}`);
    await confirmAddress(request, BASE_URL, owner.email);
    const assigned = await admin.post("/admin-members", {
      form: { intent: "owner", business_id: id, email: owner.email },
      maxRedirects: 0,
    });
    expect(assigned.status()).toBe(302);

    const context = await browser.newContext({
      viewport: { width, height: 900 },
      javaScriptEnabled: js,
      storageState: await request.storageState(),
    });
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await page.goto("/");
    if (width >= 1024) {
      await page.getByRole("button", { name: /Mi Cuenta/ }).click();
      await page.getByRole("link", { name: "Mi negocio" }).click();
    } else {
      await page.goto("/mi-negocio");
    }
    await expect(page).toHaveURL(/\/mi-negocio$/);
    await expect(page.getByRole("heading", { name: nombre })).toBeVisible();
    await expect(page.getByText("Publicado")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `${SHOTS}/mine-list-${width}.png`, fullPage: true });

    await page.getByRole("link", { name: "Editar" }).click();
    await expect(page).toHaveURL(new RegExp(`/mi-negocio/negocio/${id}$`));
    // First a WhatsApp that is no Panamanian number: refused, what was typed kept.
    await page.getByLabel("WhatsApp").fill("12345");
    for (const name of ["Lunes", "Martes", "Miércoles", "Jueves", "Viernes"]) {
      await day(page, name).abre.fill("09:00");
      await day(page, name).cierra.fill("18:30");
    }
    await day(page, "Domingo").cerrado.check();
    await page.getByLabel("Nombre *").fill(`${nombre} Nueva`);
    await page.getByRole("button", { name: "Guardar mi negocio" }).click();
    await expect(page.getByText("Escribe un número de WhatsApp de Panamá")).toBeVisible();
    await expect(page.getByLabel("WhatsApp")).toHaveValue("12345");
    await expect(day(page, "Lunes").cierra).toHaveValue("18:30");
    await page.getByLabel("WhatsApp").fill("6123-4567");
    await page.getByRole("button", { name: "Guardar mi negocio" }).click();
    await expect(page.getByText("Cambio pendiente de revisión:")).toBeVisible();
    // Without JavaScript the toast is the banner at the top (in <noscript>).
    if (js) await expect(page.getByText("Cambios guardados")).toBeVisible();
    else expect(await page.content()).toContain("Cambios guardados. Ya se ven en tu ficha.");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `${SHOTS}/mine-edit-${width}.png`, fullPage: true });
    await page.screenshot({ path: `${SHOTS}/mine-edit-top-${width}.png` });
    await page.getByText("Horario semanal").first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/mine-edit-hours-${width}.png` });
    await expect(page.getByLabel("WhatsApp")).toHaveValue("+507 6123-4567");

    // «Confirmar que la información está al día» is a form of its own.
    await page.getByRole("button", { name: "Confirmar que la información está al día" }).click();
    if (js) await expect(page.getByText("Gracias: la información queda confirmada.")).toBeVisible();
    else expect(await page.content()).toContain("Gracias: la información queda confirmada.");
    await page.getByRole("link", { name: "Ver mi ficha" }).click();
    await expect(page).toHaveURL(/\/negocio\/barberia-horario-/);
    const slug = new URL(page.url()).pathname.split("/").pop()!;
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(nombre);
    await expect(page.getByText("09:00-18:30").first()).toBeVisible();
    await expect(page.getByText(/Información confirmada por el negocio el \d+ de \w+ de \d{4}/)).toBeVisible();
    await expect(page.getByRole("link", { name: "Editar mi negocio" })).toBeVisible();
    await expect(page.getByRole("link", { name: "¿Es tu negocio?" })).toHaveCount(0);
    // The WhatsApp link (counted through the directory's redirect) writes to the number the owner gave.
    const whatsapp = (await page
      .getByRole("link", { name: /WhatsApp/ })
      .first()
      .getAttribute("href"))!;
    expect(whatsapp).toMatch(/^\/ir\/whatsapp\/negocio\/[0-9a-f-]{36}$/);
    expect((await page.request.get(whatsapp, { maxRedirects: 0 })).headers().location).toMatch(/^https:\/\/wa\.me\/50761234567/);
    await page.screenshot({ path: `${SHOTS}/mine-entry-${width}.png`, fullPage: true });
    await page.getByRole("link", { name: "Editar mi negocio" }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/mine-entry-owner-${width}.png` });

    const api = await (await request.get(`/api/v1/negocios/${slug}`)).json();
    expect(api.horario_semanal[0]).toEqual({ dia: "lunes", cerrado: false, rangos: [{ abre: "09:00", cierra: "18:30" }] });
    expect(api.horario_semanal[6].cerrado).toBe(true);
    expect(api.nombre).toBe(nombre);
    expect(api.confirmado).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    // A visitor sees the claim link instead.
    const visitor = await browser.newContext({ viewport: { width, height: 900 } });
    const other = await visitor.newPage();
    await other.goto(`/negocio/${slug}`);
    await expect(other.getByRole("link", { name: "¿Es tu negocio?" })).toHaveAttribute("href", `/reclamar/negocio/${slug}`);
    await visitor.close();

    // The admin approves the new name: the page moves to its new address, the old one answers 301.
    const adminContext = await browser.newContext({ viewport: { width, height: 900 }, javaScriptEnabled: js, storageState: ADMIN_STATE });
    const adminPage = await adminContext.newPage();
    await adminPage.goto("/admin/cambios");
    const card = adminPage.getByTestId("change-request").filter({ hasText: `${nombre} Nueva` });
    await expect(card).toHaveCount(1);
    expect(await adminPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await adminPage.screenshot({ path: `${SHOTS}/mine-admin-changes-${width}.png` });
    await card.getByRole("button", { name: "Aprobar" }).click();
    await expect(card).toHaveCount(0);
    const moved = await request.get(`/negocio/${slug}`, { maxRedirects: 0 });
    expect(moved.status()).toBe(301);
    expect(moved.headers().location).toBe(`/negocio/${slug}-nueva`);
    await adminContext.close();
    errors.expectNoErrors();
    await context.close();
  });
}
