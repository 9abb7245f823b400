/** Admin flows in the browser: curate a restaurant, promote a member, grant a free plan, read the trail. */
import { expect, test } from "@playwright/test";
import { ADMIN_STATE, makeUser, startNewRestaurant, trackPageErrors } from "./fixtures";

test.use({ storageState: ADMIN_STATE });

test("create a restaurant, see it on its province page, deactivate it and it disappears; the trail shows it", async ({ page, browser }) => {
  // Eleven page loads in three contexts: near the default 30 s when the machine is busy.
  test.setTimeout(60_000);
  const errors = trackPageErrors(page);
  const nombre = `Fonda Prueba ${Date.now().toString(36)}`;
  await startNewRestaurant(page, { nombre, provincia: "darien", direccion: "Calle Principal, La Palma" });
  await page.getByLabel("Calificación (0 a 5)").fill("7");
  const specialties = page.getByLabel("Especialidades", { exact: true });
  await specialties.fill("Sancocho");
  await specialties.press("Enter");
  await specialties.fill("sancocho");
  await specialties.press("Enter");
  await expect(page.getByText("«sancocho» ya está en la lista.")).toBeVisible();
  await specialties.fill("Pescado frito");
  await specialties.press("Enter");
  await page.getByRole("button", { name: "Quitar Sancocho" }).click();
  await expect(page.getByRole("button", { name: "Quitar Sancocho" })).toHaveCount(0);
  await page.getByRole("button", { name: "Crear restaurante" }).click();
  // The form refuses the rating and keeps what was typed.
  await expect(page.getByText("La calificación va de 0 a 5")).toBeVisible();
  await expect(page.getByLabel("Nombre *")).toHaveValue(nombre);
  await page.getByLabel("Calificación (0 a 5)").fill("4.5");
  // Fixed, the field's error goes at once, before the next submit.
  await expect(page.getByText("La calificación va de 0 a 5")).toHaveCount(0);
  await expect(page.getByLabel("Calificación (0 a 5)")).not.toHaveAttribute("aria-invalid", "true");
  await page.getByRole("button", { name: "Crear restaurante" }).click();
  await expect(page).toHaveURL(/\/admin\?tab=restaurantes$/);
  await expect(page.getByText("Éxito", { exact: true })).toBeVisible();

  // Public province page, as a visitor.
  const visitor = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const pub = await visitor.newPage();
  await pub.goto("/restaurantes-darien");
  await expect(pub.getByText(nombre)).toBeVisible();

  // Deactivate from the dashboard.
  await page.getByLabel("Buscar por nombre o dirección").fill(nombre);
  await page.getByRole("button", { name: "Filtrar" }).click();
  const card = page.getByTestId("listing-card").filter({ hasText: nombre });
  await expect(card).toHaveCount(1);
  await card.getByRole("button", { name: /Desactivar/ }).click();
  await expect(page.getByText("Estado actualizado")).toBeVisible();
  await expect(card.getByText("Inactivo")).toBeVisible();
  await visitor.close();
  // A new visitor (browsers may keep the public page for its max-age; the server's copy is invalidated).
  const visitor2 = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const pub2 = await visitor2.newPage();
  await pub2.goto("/restaurantes-darien");
  await expect(pub2.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(pub2.getByText(nombre)).toHaveCount(0);
  await visitor2.close();

  // Delete asks first.
  await card.getByRole("button", { name: "Eliminar" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText(nombre);
  await dialog.getByRole("button", { name: "Cancelar" }).click();
  await expect(card).toHaveCount(1);

  await page.goto("/admin/audit?entidad=restaurant");
  const entries = page.getByTestId("audit-entry").filter({ hasText: nombre });
  await expect(entries.filter({ hasText: "Creó" })).toHaveCount(1);
  await expect(entries.filter({ hasText: "Cambió estado" })).toHaveCount(1);
  // The change reads in Spanish, not as a column name.
  await expect(entries.filter({ hasText: "Cambió estado" })).toContainText(/Activo: Sí\s*→\s*No/);
  errors.expectNoErrors();
});

test("promote a member, who can then open /admin; the trail shows the role change", async ({ page, browser }) => {
  const ctx = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const memberPage = await ctx.newPage();
  const member = await makeUser(memberPage, "promo");
  await memberPage.goto("/admin");
  await expect(memberPage).toHaveURL(/\/$/);
  await expect(memberPage.getByText("Acceso Denegado")).toBeVisible();

  await page.goto(`/admin-members?q=${encodeURIComponent(member.email)}`);
  const row = page.getByTestId("member").filter({ hasText: member.email });
  await row.getByRole("link", { name: /Editar rol/ }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Administrador").check();
  await dialog.getByRole("button", { name: "Guardar rol" }).click();
  await expect(page.getByText("Rol actualizado")).toBeVisible();
  await expect(row.getByText("Administrador")).toBeVisible();

  await memberPage.goto("/admin");
  await expect(memberPage.getByRole("heading", { name: "Dashboard Admin" })).toBeVisible();
  await ctx.close();

  await page.goto("/admin/audit?entidad=profile");
  await expect(page.getByTestId("audit-entry").filter({ hasText: member.email }).filter({ hasText: "Cambió rol" })).toHaveCount(1);
});

test("grant a 30-day free plan; the trail shows the grant", async ({ page }) => {
  const email = `Plan-${Date.now().toString(36)}@E2E.test`;
  await page.goto("/admin");
  await page.getByRole("link", { name: "Planes gratuitos" }).last().click();
  await expect(page).toHaveURL(/\/admin\/free-plans$/);
  await page.getByLabel("Email").fill(email);
  await expect(page.getByLabel("Días")).toHaveValue("30");
  await page.getByRole("button", { name: "Otorgar plan gratuito" }).click();
  await expect(page.getByText("Plan Gratuito Creado")).toBeVisible();
  await expect(page.getByText(`Plan de 30 días otorgado a ${email.toLowerCase()}`)).toBeVisible();
  const row = page.getByTestId("free-plan").filter({ hasText: email.toLowerCase() });
  await expect(row).toContainText("30 días");
  await expect(row).toContainText("Activo");
  // The form is emptied, so a second click sends nothing; typed again, the address is refused with an
  // offer to extend the plan it already has.
  await expect(page.getByLabel("Email")).toHaveValue("");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Días").selectOption("60");
  await page.getByRole("button", { name: "Otorgar plan gratuito" }).click();
  await expect(page.getByText(/Este email ya tiene un plan gratuito activo hasta el/)).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await expect(row).toHaveCount(1);
  await page.getByRole("button", { name: "Extender 60 días" }).click();
  await expect(page.getByText("Plan Extendido")).toBeVisible();
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Activo");
  await row.getByRole("button", { name: /Desactivar/ }).click();
  await expect(page.getByText("Estado Actualizado")).toBeVisible();
  await expect(row).toContainText("Inactivo");

  await page.goto("/admin/audit?entidad=free_plan");
  await expect(page.getByTestId("audit-entry").filter({ hasText: email.toLowerCase() }).filter({ hasText: "Otorgó plan" })).toHaveCount(1);
});

test("without JavaScript, a second grant for the same address is refused and the plan can be extended", async ({ browser }) => {
  const ctx = await browser.newContext({ storageState: ADMIN_STATE, javaScriptEnabled: false });
  const page = await ctx.newPage();
  const email = `sinjs-${Date.now().toString(36)}@e2e.test`;
  await page.goto("/admin/free-plans");
  for (let i = 0; i < 2; i++) {
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Otorgar plan gratuito" }).click();
  }
  await expect(page.getByText(/Este email ya tiene un plan gratuito activo hasta el/)).toBeVisible();
  const row = page.getByTestId("free-plan").filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await page.getByRole("button", { name: "Extender 30 días" }).click();
  await expect(page).toHaveURL(/\/admin\/free-plans$/);
  await expect(row).toHaveCount(1);
  await ctx.close();
});
