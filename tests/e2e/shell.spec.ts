import { expect, test } from "@playwright/test";
import { trackPageErrors } from "./fixtures";

test("home renders the shell and unknown paths get the 404 page", async ({ page }) => {
  const errors = trackPageErrors(page);
  await page.goto("/");
  await expect(page.getByRole("link", { name: "Iniciar Sesión / App" })).toBeVisible();
  const res = await page.goto("/esta-pagina-no-existe");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Página no encontrada" })).toBeVisible();
  await page.getByRole("link", { name: "Volver al inicio" }).click();
  await expect(page).toHaveURL(/\/$/);
  errors.expectNoErrors();
});
