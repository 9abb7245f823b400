/**
 * The public pages' JavaScript budget (120 kB, decision 015), as a browser downloads it: every script
 * a page fetches until the network is idle after hydration, lazy chunks included (decision 091).
 * The same measure as `npm run js-budget`.
 */
import { expect, test } from "@playwright/test";
import { JS_BUDGET_KB, measurePage, PUBLIC_PAGES, publicPages } from "../../scripts/js-budget";

const kb = (n: number) => Math.round(n * 10) / 10;

for (const page of PUBLIC_PAGES) {
  test(`${page} loads at most ${JS_BUDGET_KB} kB of JavaScript`, async ({ browser, baseURL }) => {
    const scripts = await measurePage(browser, `${baseURL}${page}`);
    // The framework alone is most of it: a page that loads no script was not measured at all.
    expect(scripts.files.length).toBeGreaterThan(3);
    expect(kb(scripts.kb), scripts.files.map((f) => `${f.kb.toFixed(1)} ${f.url}`).join("\n")).toBeLessThanOrEqual(JS_BUDGET_KB);
  });
}

test(`an industry, a restaurant, a business and an article load at most ${JS_BUDGET_KB} kB of JavaScript each`, async ({
  browser,
  baseURL,
}) => {
  const pages = (await publicPages(baseURL!)).filter((p) => !PUBLIC_PAGES.includes(p));
  expect(pages).toEqual([
    expect.stringMatching(/^\/negocios\//),
    expect.stringMatching(/^\/restaurante\//),
    expect.stringMatching(/^\/negocio\//),
    expect.stringMatching(/^\/blog\//),
  ]);
  for (const page of pages) {
    const scripts = await measurePage(browser, `${baseURL}${page}`);
    expect(scripts.files.length).toBeGreaterThan(3);
    expect(kb(scripts.kb), page).toBeLessThanOrEqual(JS_BUDGET_KB);
  }
});

test("/contact fetches its form's script once the visitor reaches for the form, and the form validates in Spanish", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "script") scripts.push(new URL(r.url()).pathname);
  });
  await page.goto("/contact", { waitUntil: "networkidle" });
  expect(scripts.some((s) => /\/(contact-form|zod|conform)-/.test(s))).toBe(false);
  await page.getByLabel("Nombre *").focus();
  await expect.poll(() => scripts.some((s) => /\/contact-form-/.test(s))).toBe(true);
  await page.getByLabel("Nombre *").fill("Ana");
  await page.getByLabel("Email *").fill("no-es-email");
  await page.getByLabel("Mensaje *").focus();
  // Validated in the browser on leaving the field, before anything is sent.
  await expect(page.getByText("Ingresa un email válido")).toBeVisible();
  await expect(page.getByLabel("Nombre *")).toHaveValue("Ana");
});

test("/auth fetches its form's script once the visitor reaches for the form or its tabs, and the form validates in Spanish", async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "script") scripts.push(new URL(r.url()).pathname);
  });
  await page.goto("/auth", { waitUntil: "networkidle" });
  expect(scripts.some((s) => /\/(auth-form|zod|conform)-/.test(s))).toBe(false);
  // The other tab is a navigation in the browser: its form must come, not a waiting placeholder.
  await page.getByRole("link", { name: "Crear Cuenta" }).click();
  await expect(page.getByRole("heading", { name: "Crea tu cuenta" })).toBeVisible();
  await expect.poll(() => scripts.some((s) => /\/auth-form-/.test(s))).toBe(true);
  await page.getByLabel("Email").fill("no-es-email");
  await page.getByLabel("Contraseña").focus();
  await expect(page.getByText("Ingresa un email válido")).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue("no-es-email");
});
