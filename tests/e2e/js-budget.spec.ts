/**
 * The public pages' JavaScript budget (120 kB, decision 015), as a browser downloads it: every script
 * a page fetches until the network is idle after hydration, lazy chunks included (decision 091).
 * The same measure as `npm run js-budget`.
 */
import { expect, test } from "@playwright/test";
import { JS_BUDGET_KB, KNOWN_OVER_BUDGET, measurePage, PUBLIC_PAGES, publicPages } from "../../scripts/js-budget";

const kb = (n: number) => Math.round(n * 10) / 10;

for (const page of PUBLIC_PAGES.filter((p) => !KNOWN_OVER_BUDGET.includes(p))) {
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
