/**
 * The admin area's navigation: in Spanish, and on a 390 px phone, where its strips scroll sideways,
 * the current section's tab is on screen even when it is the last one.
 */
import { expect, type Locator, type Page, test } from "@playwright/test";
import { ADMIN_STATE } from "./fixtures";

test.use({ storageState: ADMIN_STATE, viewport: { width: 390, height: 844 } });

/** The link is wholly inside the window, left to right. */
async function expectOnScreen(page: Page, link: Locator) {
  await expect(link).toHaveAttribute("aria-current", "page");
  await expect
    .poll(async () => {
      const box = (await link.boundingBox())!;
      return box.x >= 0 && box.x + box.width <= page.viewportSize()!.width;
    })
    .toBe(true);
}

test("the admin navigation is in Spanish and keeps the last section's tab in view at 390px", async ({ page }) => {
  await page.goto("/admin/correos");
  const nav = page.getByRole("navigation", { name: "Administración" });
  await expect(nav.getByRole("link")).toHaveText([
    "Panel",
    "Miembros",
    "Solicitudes",
    "Cambios",
    "Planes gratuitos",
    "Mensajes",
    "Visibilidad",
    "Auditoría",
    "Correos",
  ]);
  await expectOnScreen(page, nav.getByRole("link", { name: "Correos" }));
  // The page itself did not scroll to get there.
  expect(await page.evaluate(() => [window.scrollX, window.scrollY])).toEqual([0, 0]);

  await page.goto("/admin/leads");
  await expectOnScreen(page, nav.getByRole("link", { name: "Mensajes" }));
  await page.goto("/admin/cambios");
  await expectOnScreen(page, nav.getByRole("link", { name: "Cambios" }));
});

test("the dashboard's section tabs keep the current one in view at 390px, also after going back", async ({ page }) => {
  await page.goto("/admin?tab=google");
  const sections = page.getByRole("navigation", { name: "Secciones del panel" });
  await expectOnScreen(page, sections.getByRole("link", { name: "Búsqueda Google" }));

  // Same page, another tab: the strip stays and scrolls back to the first one.
  await sections.getByRole("link", { name: "Restaurantes" }).click();
  await expect(page).toHaveURL(/tab=restaurantes/);
  await page.goBack();
  await expect(page).toHaveURL(/tab=google/);
  await expectOnScreen(page, sections.getByRole("link", { name: "Búsqueda Google" }));
});

test("a strip the visitor scrolled before the page hydrated stays put, and its link is the one followed", async ({ page }) => {
  // The page's scripts wait until the strip has been scrolled, as on a slow phone.
  let release!: () => void;
  const scripts = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/*.js", async (route) => {
    await scripts;
    await route.continue();
  });
  await page.goto("/admin", { waitUntil: "commit" });
  const nav = page.getByRole("navigation", { name: "Administración" });
  const link = nav.getByRole("link", { name: "Visibilidad" });
  await link.scrollIntoViewIfNeeded();
  const scrolled = await nav.evaluate((el) => el.scrollLeft);
  expect(scrolled).toBeGreaterThan(0);

  // Hydrated once the router asks for the manifest of the routes its links lead to.
  const manifest = page.waitForResponse((r) => new URL(r.url()).pathname === "/__manifest");
  release();
  await manifest;
  await expect.poll(() => link.evaluate((node) => Object.keys(node).some((k) => k.startsWith("__reactProps")))).toBe(true);
  expect(await nav.evaluate((el) => el.scrollLeft)).toBe(scrolled);
  await link.click();
  await expect(page).toHaveURL(/\/admin\/visibilidad$/);
});
