/** The contact form stores a lead that admins read at /admin/leads; visitors and members cannot. */
import { expect, test } from "@playwright/test";
import { ADMIN_STATE, makeUser, trackPageErrors } from "./fixtures";

const stamp = () => Math.random().toString(36).slice(2, 8);

test("rejects bad input in Spanish and keeps what the visitor typed", async ({ page }) => {
  await page.goto("/contact");
  await page.getByLabel("Email *").fill("correo-malo");
  await page.getByLabel("Negocio").fill("Panadería Ñandú");
  await page.getByRole("button", { name: "Enviar Mensaje" }).click();
  await expect(page.getByText("El nombre es obligatorio")).toBeVisible();
  await expect(page.getByText("Ingresa un email válido")).toBeVisible();
  await expect(page.getByText("El mensaje es obligatorio")).toBeVisible();
  await expect(page.getByLabel("Email *")).toHaveValue("correo-malo");
  await expect(page.getByLabel("Negocio")).toHaveValue("Panadería Ñandú");
  await expect(page.getByLabel("Nombre *")).toHaveAttribute("aria-invalid", "true");
});

test("a message is stored, confirmed, the form clears, and an admin handles it at /admin/leads", async ({ browser, page }) => {
  const errors = trackPageErrors(page);
  const name = `Lucía Núñez ${stamp()} 🌴`;
  await page.goto("/contact");
  await page.getByLabel("Nombre *").fill(name);
  await page.getByLabel("Email *").fill("lucia@example.com");
  await page.getByLabel("Teléfono").fill("+507 6123-4567");
  await page.getByLabel("Negocio").fill("Café Añoranza");
  await page.getByLabel("Servicio de interés").selectOption("local-visibility");
  await page.getByLabel("Mensaje *").fill("¿Cómo aparezco en Local AI Search? ¡Gracias!");
  await page.getByRole("button", { name: "Enviar Mensaje" }).click();
  await expect(page.getByText("¡Mensaje Enviado!").first()).toBeVisible();
  await expect(page.getByText("Te responderemos en menos de 24 horas").first()).toBeVisible();
  await expect(page.getByLabel("Nombre *")).toHaveValue("");
  await expect(page.getByLabel("Mensaje *")).toHaveValue("");
  errors.expectNoErrors();

  const admin = await browser.newContext({ storageState: ADMIN_STATE });
  const adminPage = await admin.newPage();
  await adminPage.goto("/admin/leads");
  const lead = adminPage.getByTestId("lead").filter({ hasText: name });
  await expect(lead).toContainText("¿Cómo aparezco en Local AI Search? ¡Gracias!");
  await expect(lead).toContainText("Café Añoranza");
  await expect(lead).toContainText("Visibilidad Local");
  await expect(lead).toContainText("Pendiente");
  // Newest first (other tests may add leads in parallel, so compare the timestamps).
  const times = await adminPage
    .getByTestId("lead")
    .locator("time")
    .evaluateAll((els) => els.map((e) => e.getAttribute("datetime")!));
  expect(times.length).toBeGreaterThan(0);
  expect([...times].sort().reverse()).toEqual(times);
  await lead.getByRole("button", { name: "Marcar como atendido" }).click();
  await expect(lead).toContainText("Atendido");
  await adminPage.goto("/admin/leads?estado=pendientes");
  await expect(adminPage.getByTestId("lead").filter({ hasText: name })).toHaveCount(0);
  await admin.close();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the plain form posts, stores the lead and confirms", async ({ browser, page }) => {
    const name = `Sin JS ${stamp()}`;
    await page.goto("/contact");
    await page.getByLabel("Nombre *").fill(name);
    await page.getByLabel("Email *").fill("sinjs@example.com");
    await page.getByLabel("Mensaje *").fill("Hola desde un navegador sin JavaScript");
    await page.getByRole("button", { name: "Enviar Mensaje" }).click();
    await expect(page).toHaveURL(/\/contact\?enviado=1$/);
    // The toast's message, shown at the top of the page without JavaScript.
    // biome-ignore lint/performance/useDomNodeTextContent: the text as shown is what counts
    expect(await page.locator("body").innerText()).toContain("¡Mensaje Enviado! Te responderemos en menos de 24 horas");
    await expect(page.getByLabel("Nombre *")).toHaveValue("");

    // Errors come back from the server with the typed text.
    await page.getByLabel("Nombre *").fill("Solo nombre");
    await page.getByRole("button", { name: "Enviar Mensaje" }).click();
    await expect(page.getByText("El email es obligatorio")).toBeVisible();
    await expect(page.getByLabel("Nombre *")).toHaveValue("Solo nombre");

    const admin = await browser.newContext({ storageState: ADMIN_STATE });
    const adminPage = await admin.newPage();
    await adminPage.goto("/admin/leads");
    await expect(adminPage.getByTestId("lead").filter({ hasText: name })).toHaveCount(1);
    await admin.close();
  });
});

test("visitors and members cannot open /admin/leads", async ({ page }) => {
  await page.goto("/admin/leads");
  await expect(page).toHaveURL(/\/auth/);
  await expect(page.getByText("Mensajes de contacto")).toHaveCount(0);

  await makeUser(page, "lead-visitor");
  await page.goto("/admin/leads");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("Acceso Denegado")).toBeVisible();
  const res = await page.request.post("/admin/leads", {
    form: { intent: "handle", id: "00000000-0000-4000-8000-000000000000" },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(302);
});
