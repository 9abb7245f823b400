/**
 * Zod is not loaded on pages without a client-side schema; app/schemas/zod.ts sets Zod's `jitless` before
 * any schema is built, so the pages that validate in the browser never trip the CSP (no eval):
 * an eval probe would be reported as a CSP violation in the console (docs/decisions/013, 015).
 */
import { expect, test, type Page } from "@playwright/test";
import { ADMIN_STATE } from "./fixtures";

function watchCsp(page: Page) {
  const messages: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy|unsafe-eval/i.test(m.text())) messages.push(m.text());
  });
  return messages;
}

test("forms that validate in the browser do not trip the CSP", async ({ page }) => {
  const csp = watchCsp(page);
  for (const p of ["/auth", "/auth?modo=registro", "/auth/recuperar", "/contact"]) {
    await page.goto(p);
    await page.waitForLoadState("networkidle");
  }
  // Client-side navigation into a form page loads its schema after the root has run.
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  await page.locator("header").getByRole("link", { name: "Iniciar Sesión / App" }).first().click();
  await expect(page).toHaveURL(/\/auth$/);
  await page.getByRole("button", { name: "Iniciar Sesión" }).last().click();
  await expect(page.getByText("El email es obligatorio")).toBeVisible();
  expect(csp).toEqual([]);
});

test.describe("signed in as admin", () => {
  test.use({ storageState: ADMIN_STATE });
  test("admin and writer forms do not trip the CSP", async ({ page }) => {
    const csp = watchCsp(page);
    for (const p of ["/admin/leads", "/admin/free-plans", "/admin-members", "/admin/restaurant/new", "/write-blog", "/profile"]) {
      await page.goto(p);
      await page.waitForLoadState("networkidle");
    }
    expect(csp).toEqual([]);
  });
});
