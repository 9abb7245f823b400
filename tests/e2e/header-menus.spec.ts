/**
 * The header's menus (docs/decisions/050). Without JavaScript they are native <details> disclosures
 * from the server: a signed-in visitor opens 'Mi Cuenta', the province and industry dropdowns and the
 * phone menu, follows their links and signs out through the POST form. With JavaScript they become
 * buttons with the WAI disclosure keys, and a menu opened before hydration stays open. Toasts appear
 * below the header instead of over it.
 */
import fs from "node:fs";
import path from "node:path";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { makeUser, signedInPage, signIn, trackPageErrors } from "./fixtures";

/** Clicks 'Cerrar Sesión' and checks that it was a POST that signed the visitor out. */
async function signOutWith(page: Page, button: Locator) {
  const request = page.waitForRequest((r) => new URL(r.url()).pathname === "/logout");
  await button.click();
  expect((await request).method()).toBe("POST");
  await expect(page).toHaveURL(/\/$/);
  const signInLink = page.getByRole("banner").getByRole("link", { name: "Iniciar Sesión / App", includeHidden: true });
  await expect(signInLink.first()).toBeAttached();
  await expect(page.getByRole("banner").getByText("Mi Cuenta")).toHaveCount(0);
  await page.goto("/profile");
  await expect(page).toHaveURL(/\/auth/);
}

test.describe("without JavaScript", () => {
  test("at 1280px the dropdowns open, their links work, and 'Mi Cuenta' signs out by POST", async ({ browser }) => {
    const { page, user } = await signedInPage(browser, "menu-sinjs", { javaScriptEnabled: false, viewport: { width: 1280, height: 844 } });
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Principal" });

    const restaurantes = nav.locator("summary", { hasText: "Restaurantes" });
    await expect(nav.getByRole("link", { name: "Chiriquí" })).toBeHidden();
    await restaurantes.click();
    await expect(nav.getByRole("link", { name: "Chiriquí" })).toBeVisible();
    // The header's menus share a name: opening another closes this one.
    await nav.locator("summary", { hasText: "Negocios" }).click();
    await expect(nav.getByRole("link", { name: "Turismo" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Chiriquí" })).toBeHidden();
    await nav.getByRole("link", { name: "Turismo" }).click();
    await expect(page).toHaveURL(/\/negocios\/turismo$/);

    await restaurantes.click();
    await nav.getByRole("link", { name: "Chiriquí" }).click();
    await expect(page).toHaveURL(/\/restaurantes-chiriqui$/);

    const header = page.getByRole("banner");
    await header.locator("summary", { hasText: "Mi Cuenta" }).click();
    await expect(header.getByText(user.email)).toBeVisible();
    for (const [name, href] of [
      ["Mi Perfil", "/profile"],
      ["Mis Blogs", "/my-blogs"],
      ["Escribir Blog", "/write-blog"],
    ]) {
      await expect(header.getByRole("link", { name })).toBeVisible();
      await expect(header.getByRole("link", { name })).toHaveAttribute("href", href);
    }
    await header.getByRole("link", { name: "Mi Perfil" }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await page.getByRole("banner").locator("summary", { hasText: "Mi Cuenta" }).click();
    await signOutWith(page, header.getByRole("button", { name: "Cerrar Sesión" }));
  });

  test("at 390px the menu button opens the same links and 'Cerrar Sesión'", async ({ browser }) => {
    const { page } = await signedInPage(browser, "movil-sinjs", { javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    await page.goto("/");
    const toggle = page.getByRole("banner").getByLabel("Menú", { exact: true });
    const menu = page.locator("#mobile-menu");
    await expect(menu).toBeHidden();
    await toggle.click();
    await expect(menu).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    for (const [name, href] of [
      ["Mi Perfil", "/profile"],
      ["Mis Blogs", "/my-blogs"],
      ["Escribir Blog", "/write-blog"],
    ])
      await expect(menu.getByRole("link", { name })).toHaveAttribute("href", href);
    await expect(menu.getByRole("button", { name: "Cerrar Sesión" })).toBeVisible();

    await menu.locator("summary", { hasText: "Restaurantes" }).click();
    await menu.getByRole("link", { name: "Chiriquí" }).click();
    await expect(page).toHaveURL(/\/restaurantes-chiriqui$/);
    await expect(menu).toBeHidden();

    await toggle.click();
    await menu.locator("summary", { hasText: "Negocios" }).click();
    await menu.getByRole("link", { name: "Turismo" }).click();
    await expect(page).toHaveURL(/\/negocios\/turismo$/);

    await toggle.click();
    await menu.locator("summary", { hasText: "Nosotros" }).click();
    await menu.getByRole("link", { name: "Soluciones IA" }).click();
    await expect(page).toHaveURL(/\/ai-solutions$/);

    await toggle.click();
    await menu.getByRole("link", { name: "Mi Perfil" }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await toggle.click();
    await signOutWith(page, menu.getByRole("button", { name: "Cerrar Sesión" }));
  });
});

test.describe("with JavaScript", () => {
  test("'Mi Cuenta' works with the keyboard and closes on Escape, on Tab away and on navigation", async ({ browser }) => {
    const { page } = await signedInPage(browser, "menu-teclado", { javaScriptEnabled: true, viewport: { width: 1280, height: 844 } });
    const errors = trackPageErrors(page);
    await page.goto("/blog");
    const trigger = page.getByRole("button", { name: /Mi Cuenta/ });
    await trigger.focus();
    await page.keyboard.press("Space");
    await expect(trigger).toHaveAttribute("aria-expanded", "true");
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: "Mi Perfil" })).toBeFocused();
    await page.keyboard.press("End");
    await expect(header.getByRole("button", { name: "Cerrar Sesión" })).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(header.getByRole("link", { name: "Mi Perfil" })).toBeFocused();
    await page.keyboard.press("ArrowUp");
    await expect(header.getByRole("button", { name: "Cerrar Sesión" })).toBeFocused();
    await page.keyboard.press("Home");
    await expect(header.getByRole("link", { name: "Mi Perfil" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(trigger).toHaveAttribute("aria-expanded", "false");
    await expect(trigger).toBeFocused();
    await expect(header.getByRole("link", { name: "Mi Perfil" })).toHaveCount(0);

    // ArrowDown opens it too; tabbing out of the last item closes it.
    await page.keyboard.press("ArrowDown");
    await expect(header.getByRole("link", { name: "Mi Perfil" })).toBeFocused();
    await page.keyboard.press("End");
    await page.keyboard.press("Tab");
    await expect(trigger).toHaveAttribute("aria-expanded", "false");

    // A followed link closes it (a client-side navigation).
    await trigger.click();
    await header.getByRole("link", { name: "Mis Blogs" }).click();
    await expect(page).toHaveURL(/\/my-blogs$/);
    await expect(trigger).toHaveAttribute("aria-expanded", "false");
    errors.expectNoErrors();
  });

  test("a menu opened before the scripts ran stays open, with the focus, once they have", async ({ page }) => {
    const errors = trackPageErrors(page);
    let release!: () => void;
    const scripts = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await scripts;
      await route.continue();
    });
    await page.goto("/about", { waitUntil: "commit" });
    const nav = page.getByRole("navigation", { name: "Principal" });
    await nav.locator("summary", { hasText: "Restaurantes" }).click();
    await expect(nav.getByRole("link", { name: "Chiriquí" })).toBeVisible();
    release();
    const trigger = nav.getByRole("button", { name: "Restaurantes" });
    await expect(trigger).toHaveAttribute("aria-expanded", "true");
    await expect(trigger).toBeFocused();
    await expect(nav.getByRole("link", { name: "Chiriquí" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(nav.getByRole("link", { name: "Chiriquí" })).toHaveCount(0);
    errors.expectNoErrors();
  });
});

test.describe("the server's menus, open", () => {
  const AXE = fs.readFileSync(path.resolve("node_modules/axe-core/axe.min.js"), "utf8");

  for (const width of [1280, 390]) {
    test(`at ${width}px have no axe violations`, async ({ browser }) => {
      // The production CSP (rightly) refuses inline scripts; axe is injected as one.
      const { page } = await signedInPage(browser, "menu-axe", {
        javaScriptEnabled: true,
        bypassCSP: true,
        viewport: { width, height: 844 },
      });
      // The page's own scripts never load (what a visitor without JavaScript gets); axe runs all the same.
      await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
      await page.goto("/about");
      if (width === 1280) await page.getByRole("banner").locator("summary", { hasText: "Mi Cuenta" }).click();
      else {
        await page.getByRole("banner").getByLabel("Menú", { exact: true }).click();
        await page.locator("#mobile-menu summary", { hasText: "Negocios" }).click();
      }
      await page.addScriptTag({ content: AXE });
      const violations = await page.evaluate(async () => {
        type Axe = { run: (ctx: object, opts: object) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> };
        const result = await (window as unknown as { axe: Axe }).axe.run({ include: [["header"]] }, { resultTypes: ["violations"] });
        return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
      });
      expect(violations).toEqual([]);
    });
  }
});

/** The toast has finished sliding in: its box is the same on two reads in a row. */
async function settledBox(toast: Locator) {
  await expect(toast).toBeVisible();
  let last = "";
  await expect
    .poll(async () => {
      const now = JSON.stringify(await toast.boundingBox());
      const same = now === last;
      last = now;
      return same;
    })
    .toBe(true);
  return JSON.parse(last) as { x: number; y: number; width: number; height: number };
}

for (const width of [1280, 390]) {
  test(`at ${width}px a toast appears below the header, not over it`, async ({ browser }) => {
    const user = await makeUser(browser, "aviso");
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    const page = await context.newPage();
    await signIn(page, user);
    const toast = page.locator("[data-sonner-toast]").filter({ hasText: "¡Bienvenido!" });
    const box = await settledBox(toast);
    // The close button sits on the toast's corner, partly outside it.
    const close = (await toast.locator("[data-close-button]").boundingBox())!;
    const header = (await page.getByRole("banner").boundingBox())!;
    expect(Math.min(box.y, close.y)).toBeGreaterThanOrEqual(header.y + header.height);
    await context.close();
  });
}
