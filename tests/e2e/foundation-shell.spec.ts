import { expect, test } from "@playwright/test";
import { trackPageErrors } from "./fixtures";

test("unknown paths get the 404 page with a link home", async ({ page }) => {
  const errors = trackPageErrors(page);
  const res = await page.goto("/esta-pagina-no-existe");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Página no encontrada" })).toBeVisible();
  await page.getByRole("link", { name: "Volver al inicio" }).click();
  await expect(page).toHaveURL(/\/$/);
  errors.expectNoErrors();
});

test("the navigation dropdowns work with the keyboard", async ({ page }) => {
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Principal" });
  const trigger = nav.getByRole("button", { name: "Restaurantes" });
  // The menu works once the page has hydrated; a key pressed before that does nothing, so press again.
  await expect(async () => {
    if ((await trigger.getAttribute("aria-expanded")) !== "true") {
      await trigger.focus();
      await page.keyboard.press("Enter");
    }
    await expect(trigger).toHaveAttribute("aria-expanded", "true", { timeout: 1000 });
  }).toPass();
  const panel = page.locator(`#${await trigger.getAttribute("aria-controls")}`.replace(/:/g, "\\:"));
  await expect(panel.getByRole("link")).toHaveCount(10);
  // Enter moved focus to the first province; arrows move on.
  await expect(panel.getByRole("link", { name: "Panamá", exact: true })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(panel.getByRole("link", { name: "Panamá Oeste" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/restaurantes-chiriqui$/);
  await expect(trigger).toHaveAttribute("aria-expanded", "false");

  // Escape closes and gives focus back to the button.
  const negocios = nav.getByRole("button", { name: "Negocios" });
  await negocios.click();
  await expect(nav.getByRole("link", { name: "Construcción" })).toHaveAttribute("href", "/negocios/construccion");
  await page.keyboard.press("Escape");
  await expect(negocios).toHaveAttribute("aria-expanded", "false");
  await expect(nav.getByRole("link", { name: "Construcción" })).toBeHidden();
  // ArrowDown opens it again from the button; Home/End jump, ArrowUp wraps; tabbing away closes it.
  await page.keyboard.press("ArrowDown");
  await expect(nav.getByRole("link", { name: "Construcción" })).toBeFocused();
  await page.keyboard.press("End");
  await expect(nav.getByRole("link", { name: "Servicios", exact: true })).toBeFocused();
  await page.keyboard.press("Home");
  await expect(nav.getByRole("link", { name: "Construcción" })).toBeFocused();
  await page.keyboard.press("ArrowUp");
  await expect(nav.getByRole("link", { name: "Servicios", exact: true })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(negocios).toHaveAttribute("aria-expanded", "false");

  const nosotros = nav.getByRole("button", { name: "Nosotros" });
  await nosotros.click();
  for (const [name, href] of [
    ["Sobre Nosotros", "/about"],
    ["Servicios", "/services"],
    ["Soluciones IA", "/ai-solutions"],
  ]) {
    await expect(nav.getByRole("link", { name })).toHaveAttribute("href", href);
  }
  // A click elsewhere closes it.
  await page.locator("main").click({ position: { x: 5, y: 5 } });
  await expect(nosotros).toHaveAttribute("aria-expanded", "false");
});

test("every header link is there for a visitor", async ({ page }) => {
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Principal" });
  await expect(nav.getByRole("link", { name: "Inicio" })).toHaveAttribute("href", "/");
  await expect(nav.getByRole("link", { name: "Blog" })).toHaveAttribute("href", "/blog");
  await expect(nav.getByRole("link", { name: "Contacto" })).toHaveAttribute("href", "/contact");
  await expect(page.getByRole("link", { name: "Iniciar Sesión / App" })).toHaveAttribute("href", "/auth");
  await expect(page.getByRole("button", { name: /Mi Cuenta/ })).toHaveCount(0);
});

test.describe("at 390px", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the mobile menu opens, and closes when a link is clicked", async ({ page }) => {
    await page.goto("/");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const toggle = page.getByRole("button", { name: "Abrir menú" });
    await expect(page.locator("#mobile-menu")).toHaveCount(0);
    await toggle.click();
    const menu = page.locator("#mobile-menu");
    await expect(menu).toBeVisible();
    await expect(page.getByRole("button", { name: "Cerrar menú" })).toHaveAttribute("aria-expanded", "true");
    await menu.getByText("Negocios").click();
    await menu.getByRole("link", { name: "Turismo" }).click();
    await expect(page).toHaveURL(/\/negocios\/turismo$/);
    await expect(page.locator("#mobile-menu")).toHaveCount(0);
    // And the toggle closes it too.
    await page.getByRole("button", { name: "Abrir menú" }).click();
    await page.getByRole("button", { name: "Cerrar menú" }).click();
    await expect(page.locator("#mobile-menu")).toHaveCount(0);
  });
});

test.describe("long unbroken text at 390px", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a 300-letter search term wraps instead of widening the page", async ({ page }) => {
    for (const path of [`/buscar?q=${"a".repeat(300)}`, `/blog?q=${"b".repeat(300)}`]) {
      await page.goto(path);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
    }
  });
});

test("a dead password-reset link explains itself and offers no form", async ({ page }) => {
  await page.goto("/auth/nueva-contrasena?error=INVALID_TOKEN");
  await expect(page.getByRole("alert")).toContainText("El enlace no es válido o ya expiró");
  await expect(page.getByLabel("Nueva contraseña")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Pedir otro enlace" })).toHaveAttribute("href", "/auth/recuperar");
});

test("the logo image hides itself when it fails to load", async ({ page }) => {
  await page.route("**/logo.svg", (route) => route.fulfill({ status: 404, body: "" }));
  await page.goto("/");
  await expect(page.getByTestId("site-logo")).toHaveCount(0);
  await expect(page.getByRole("link", { name: /Panama VIP IA, inicio/ }).first()).toBeVisible();
});

test("healthz reports the database", async ({ request }) => {
  const res = await request.get("/healthz");
  expect(res.status()).toBe(200);
  expect(await res.json()).toEqual({ status: "ok" });
});

test("security headers and a CSP with a nonce are sent", async ({ request }) => {
  // A URL of its own, so this is a fresh render (a cached copy answers with hashes, see below).
  const res = await request.get(`/?nonce-check=${Date.now()}`);
  expect(res.headers()["x-page-cache"]).toBe("MISS");
  const csp = res.headers()["content-security-policy"];
  expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
  expect(csp).toContain("object-src 'none'");
  expect(res.headers()["x-content-type-options"]).toBe("nosniff");
  const html = await res.text();
  expect(html).toContain('<html lang="es"');
  const forged = await request.post("/profile", { headers: { Origin: "https://evil.example" }, form: { full_name: "x", email: "a@b.pa" } });
  expect(forged.status()).toBe(403);
  const json = await request.post("/auth", { data: { email: "a@b.pa" } });
  expect(json.status()).toBe(415);
});

test("a page from the page cache allows exactly its inline scripts by hash, and hydrates", async ({ page, request }) => {
  const url = `/restaurantes-chiriqui?csp-hash=${Date.now()}`;
  // The first request only records the URL; the second stores the page; the third is a hit.
  for (let i = 0; i < 2; i++) expect((await request.get(url)).headers()["x-page-cache"]).toBe("MISS");
  const hit = await request.get(url);
  expect(hit.headers()["x-page-cache"]).toBe("HIT");
  const csp = hit.headers()["content-security-policy"];
  expect(csp).not.toContain("'nonce-");
  const hashes = csp.match(/'sha256-[A-Za-z0-9+/=]+'/g) ?? [];
  expect(hashes.length).toBeGreaterThanOrEqual(2);
  expect(csp).toContain("object-src 'none'");
  expect(hit.headers()["x-frame-options"]).toBe("DENY");

  const violations: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") violations.push(m.text());
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => console.error(`CSP: ${e.violatedDirective} ${e.blockedURI}`));
  });
  const response = await page.goto(url);
  expect(response!.headers()["x-page-cache"]).toBe("HIT");
  // React attaches its fiber to the DOM it hydrates: the page's scripts ran under the hashed policy.
  await page.waitForFunction(() => Object.keys(document.querySelector("main")!).some((k) => k.startsWith("__reactFiber")));
  await page.getByRole("button", { name: "Restaurantes" }).first().click();
  await expect(page.getByRole("link", { name: "Chiriquí" }).first()).toBeVisible();
  expect(violations).toEqual([]);
});
