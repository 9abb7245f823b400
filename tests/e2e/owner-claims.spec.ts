/**
 * «¿Es tu negocio?» as people do it, at 1280 and 390 px: a claim confirmed by the link mailed to an
 * address at the website's domain, then a second person's claim of the same listing (it has a
 * manager now, so only the admins can approve it) approved in /admin/solicitudes; and, without
 * JavaScript, a submitted business refused after the admin's confirmation.
 */
import crypto from "node:crypto";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { ADMIN_STATE, confirmAddress, mailedLink, makeUser, trackPageErrors } from "./fixtures";

const SHOTS = process.env.CLAIMS_SHOTS ?? "test-results";

/** A new member with a confirmed address, on a page of their own at `width`. */
async function confirmedMember(browser: Browser, baseURL: string, prefix: string, width: number, javaScriptEnabled = true) {
  const user = await makeUser(browser, prefix);
  const context = await browser.newContext({ storageState: user.session, viewport: { width, height: 900 }, javaScriptEnabled });
  await confirmAddress(context.request, baseURL, user.email);
  return { user, page: await context.newPage() };
}

/** The admin creates a restaurant with a website; its claim page's path. */
async function restaurantWithWebsite(browser: Browser, nombre: string, website: string) {
  const admin = await browser.newContext({ storageState: ADMIN_STATE });
  const page = await admin.newPage();
  await page.goto("/admin/restaurant/new");
  await page.getByLabel("Nombre *").fill(nombre);
  await page.getByLabel("Provincia *").selectOption("panama");
  await page.getByLabel("Dirección *").fill("Calle 50, Obarrio");
  await page.getByLabel("Sitio web").fill(website);
  await page.getByRole("button", { name: "Crear restaurante" }).click();
  await expect(page).toHaveURL(/\/admin\?tab=restaurantes/);
  await admin.close();
}

const claimHeading = (page: Page) => page.getByRole("heading", { level: 1, name: "¿Es tu negocio?" });

for (const width of [1280, 390]) {
  test(`claim by the website's domain, then by an admin's approval (${width} px)`, async ({ browser, baseURL }) => {
    test.setTimeout(120_000);
    const id = crypto.randomBytes(3).toString("hex");
    const domain = `fonda-${id}.test`;
    const nombre = `Fonda Reclamo ${id}`;
    const path = `/reclamar/restaurante/fonda-reclamo-${id}`;
    await restaurantWithWebsite(browser, nombre, `https://www.${domain}`);

    // Signed out: sign in first, then back to the claim.
    const anon = await browser.newPage({ viewport: { width, height: 900 } });
    await anon.goto(path);
    await expect(anon).toHaveURL(/\/auth\?redirectTo=/);
    await anon.close();

    // By e-mail at the domain.
    const { user: ana, page } = await confirmedMember(browser, baseURL!, "reclama", width);
    const errors = trackPageErrors(page);
    await page.goto(path);
    await expect(claimHeading(page)).toBeVisible();
    await expect(page.getByText(nombre, { exact: true })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/claim-choose-${width}.png`, fullPage: true });
    // An address elsewhere is refused next to the field, and kept.
    await page.getByLabel("Email del negocio").fill("ana@gmail.com");
    await page.getByRole("button", { name: "Enviarme el enlace" }).click();
    await expect(page.getByText(`El email debe terminar en @${domain}.`)).toBeVisible();
    await expect(page.getByLabel("Email del negocio")).toHaveValue("ana@gmail.com");
    const to = `ventas@${domain}`;
    await page.getByLabel("Email del negocio").fill(to);
    await page.getByRole("button", { name: "Enviarme el enlace" }).click();
    await expect(page.getByRole("heading", { name: "Revisa tu correo" })).toBeVisible();
    await expect(page.getByText(`Te enviamos un enlace a ${to}`).first()).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/claim-sent-${width}.png`, fullPage: true });

    await page.goto(await mailedLink(baseURL!, to, /Confirma que administras/));
    await expect(page.getByRole("heading", { name: "¡Listo! Ya administras este negocio" })).toBeVisible();
    await expect(page.getByText(`Ahora administras «${nombre}»`)).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/claim-confirmed-${width}.png`, fullPage: true });
    await page.getByRole("link", { name: "Ir a Mi negocio" }).click();
    await expect(page).toHaveURL(/\/mi-negocio$/);
    await expect(page.getByRole("main").getByText(nombre, { exact: true }).first()).toBeVisible();
    await page.goto(path);
    await expect(page.getByText("Ya administras este negocio.")).toBeVisible();
    errors.expectNoErrors();

    // A second person: the listing has a manager, so only the admins' review is offered.
    const { user: beto, page: other } = await confirmedMember(browser, baseURL!, "revision", width);
    await other.goto(path);
    await expect(other.getByLabel("Email del negocio")).toHaveCount(0);
    await expect(other.getByRole("heading", { name: "Pide la revisión de nuestro equipo" })).toBeVisible();
    await other.getByLabel("Tu nombre").fill("Beto Ruiz");
    await other.getByLabel("Tu cargo").fill("Gerente");
    await other.getByLabel("Teléfono").fill("abc");
    await other.getByRole("button", { name: "Enviar solicitud" }).click();
    await expect(other.getByText("Ingresa un teléfono válido (solo números, espacios, +, - y paréntesis)")).toBeVisible();
    await other.getByLabel("Teléfono").fill("6123-4567");
    await other.getByLabel("Nota (opcional)").fill("Soy el gerente desde 2020.");
    await other.getByRole("button", { name: "Enviar solicitud" }).click();
    await expect(other.getByRole("heading", { name: "Tu solicitud está en revisión" })).toBeVisible();
    // «Mi negocio» shows the request while it waits, with a way back to it.
    await other.goto("/mi-negocio");
    const waiting = other.getByRole("region", { name: "Solicitudes en curso" });
    await expect(waiting.getByRole("heading", { name: nombre })).toBeVisible();
    await other.screenshot({ path: `${SHOTS}/mine-claim-waiting-${width}.png`, fullPage: true });
    await waiting.getByRole("link", { name: `Ver solicitud de ${nombre}` }).click();
    await expect(other.getByRole("heading", { name: "Tu solicitud está en revisión" })).toBeVisible();

    const adminContext = await browser.newContext({ storageState: ADMIN_STATE, viewport: { width, height: 900 } });
    const admin = await adminContext.newPage();
    // The panel says a request waits, and leads to it.
    await admin.goto("/admin");
    const queued = admin.getByRole("status").filter({ hasText: "Por revisar:" });
    await expect(queued).toBeVisible();
    await admin.screenshot({ path: `${SHOTS}/admin-waiting-${width}.png` });
    await queued.getByRole("link", { name: /^\d+ solicitud(es)?$/ }).click();
    await expect(admin).toHaveURL(/\/admin\/solicitudes$/);
    const card = admin.getByTestId("claim-request").filter({ hasText: beto.email });
    await expect(card).toContainText(nombre);
    await expect(card).toContainText("Gerente");
    await expect(card).toContainText("6123-4567");
    await expect(card).toContainText("Soy el gerente desde 2020.");
    await expect(card).toContainText("Ya tiene administradores");
    await admin.screenshot({ path: `${SHOTS}/requests-${width}.png`, fullPage: true });
    await card.getByRole("button", { name: "Aprobar" }).click();
    await expect(admin.getByTestId("claim-request").filter({ hasText: beto.email })).toHaveCount(0);
    await adminContext.close();

    const decision = await mailedLink(baseURL!, beto.email, /Ya administras/);
    expect(decision).toBe(`${baseURL}/mi-negocio`);
    await other.goto(path);
    await expect(other.getByText("Ya administras este negocio.")).toBeVisible();
    // Both people run it now, each sees it in «Mi negocio».
    await other.goto(decision);
    await expect(other.getByRole("main").getByText(nombre, { exact: true }).first()).toBeVisible();
    await other.screenshot({ path: `${SHOTS}/mine-after-approval-${width}.png`, fullPage: true });
    expect(ana.email).not.toBe(beto.email);
  });
}

test.describe("without JavaScript", () => {
  for (const width of [1280, 390]) {
    test(`a submitted business waits for review and is refused after a confirmation (${width} px)`, async ({ browser, baseURL }) => {
      test.setTimeout(120_000);
      const id = crypto.randomBytes(3).toString("hex");
      const nombre = `Taller Enviado ${id}`;
      const { user, page } = await confirmedMember(browser, baseURL!, "envia", width, false);
      await page.goto("/mi-negocio/nuevo");
      await page.getByRole("link", { name: "Negocio", exact: true }).click();
      await expect(page).toHaveURL(/tipo=negocio/);
      await page.getByLabel("Nombre *").fill(nombre);
      await page.getByLabel("Dirección *").fill("Vía España");
      await page.getByLabel("Provincia *").selectOption("panama");
      await page.getByLabel("Sitio web").fill("no es una web");
      await page.getByLabel("Teléfono").fill("abc");
      await page.getByRole("button", { name: "Enviar negocio" }).click();
      // Refused by the server: Spanish errors, what was typed kept.
      await expect(page.getByText("La industria es obligatoria")).toBeVisible();
      await expect(page.getByText("Escribe un teléfono con al menos 7 dígitos, como 225-1234 o 6000-0000.")).toBeVisible();
      await expect(page.getByLabel("Teléfono")).toHaveValue("abc");
      await expect(page.getByText("La descripción es obligatoria")).toBeVisible();
      await expect(page.getByLabel("Nombre *")).toHaveValue(nombre);
      await page.screenshot({ path: `${SHOTS}/submit-errors-${width}.png`, fullPage: true });
      await page.getByLabel("Industria *").selectOption("servicios");
      await page.getByLabel("Descripción *").fill("Reparación de aires acondicionados.");
      await page.getByLabel("Sitio web").fill("");
      await page.getByLabel("Teléfono").fill("6000-1234");
      await page.getByRole("button", { name: "Enviar negocio" }).click();
      const sent = page.getByRole("listitem").filter({ hasText: nombre });
      await expect(sent).toContainText("En revisión");
      await page.screenshot({ path: `${SHOTS}/submit-sent-${width}.png`, fullPage: true });

      // Not public meanwhile.
      const res = await page.goto(`/negocio/taller-enviado-${id}`);
      expect(res?.status()).toBe(404);

      const adminContext = await browser.newContext({
        storageState: ADMIN_STATE,
        viewport: { width, height: 900 },
        javaScriptEnabled: false,
      });
      const admin = await adminContext.newPage();
      await admin.goto("/admin/solicitudes");
      const card = admin.getByTestId("submitted-listing").filter({ hasText: nombre });
      await expect(card).toContainText(user.email);
      await expect(card.getByRole("link", { name: "Revisar y editar" })).toHaveAttribute("href", /\/admin\/business\/edit\//);
      await card.getByRole("link", { name: "Rechazar" }).click();
      await expect(card.getByText(`¿Rechazar «${nombre}»?`)).toBeVisible();
      await admin.screenshot({ path: `${SHOTS}/requests-refuse-${width}.png`, fullPage: true });
      await card.getByLabel("Motivo (opcional, va en el email)").fill("Faltan datos de contacto.");
      await card.getByRole("button", { name: "Rechazar" }).click();
      await expect(admin.getByTestId("submitted-listing").filter({ hasText: nombre })).toHaveCount(0);
      await adminContext.close();

      await page.goto("/mi-negocio/nuevo");
      await expect(page.getByRole("listitem").filter({ hasText: nombre })).toContainText("No aprobado");
    });
  }
});
