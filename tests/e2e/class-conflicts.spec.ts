/**
 * cn() no longer merges Tailwind classes (docs/decisions/014): a component default overridden by a
 * caller's class would leave both on the element and the stylesheet order would pick one. This scan
 * renders the public pages and the signed-in screens and asks tailwind-merge which classes it would
 * drop from each element: there must be none.
 */
import { expect, test, type Page } from "@playwright/test";
import { twMerge } from "tailwind-merge";
import { ADMIN_STATE, MARKETING_PAGES } from "./fixtures";

const PUBLIC_PAGES = [
  ...MARKETING_PAGES,
  "/restaurantes-panama",
  "/negocios/tecnologia",
  "/buscar?q=cafe",
  "/blog",
  "/auth",
  "/auth?modo=registro",
  "/pagina-que-no-existe",
];
const ADMIN_PAGES = [
  "/admin",
  "/admin?tab=negocios",
  "/admin-members",
  "/admin/free-plans",
  "/admin/leads",
  "/admin/audit",
  "/my-blogs",
  "/write-blog",
  "/profile",
];

function conflicts(classes: string): string[] {
  const list = [...new Set(classes.split(/\s+/).filter(Boolean))];
  const kept = new Set(twMerge(list.join(" ")).split(/\s+/));
  return list.filter((c) => !kept.has(c));
}

async function scan(page: Page, path: string) {
  await page.goto(path);
  const all = await page.evaluate(() =>
    Array.from(document.querySelectorAll("[class]"), (el) => ({
      tag: el.tagName.toLowerCase(),
      text: (el.textContent ?? "").trim().slice(0, 40),
      classes: typeof el.className === "string" ? el.className : (el.getAttribute("class") ?? ""),
    })),
  );
  return all.flatMap((el) => {
    const dropped = conflicts(el.classes);
    return dropped.length ? [`${path} <${el.tag}> "${el.text}": ${dropped.join(" ")} (in "${el.classes}")`] : [];
  });
}

async function openFirstEntry(page: Page, listPath: string) {
  await page.goto(listPath);
  const href = await page
    .locator("main a[href^='/restaurante/'], main a[href^='/negocio/'], main a[href^='/blog/']")
    .first()
    .getAttribute("href");
  expect(href).toBeTruthy();
  return href!;
}

test("no element of the public pages carries conflicting Tailwind classes", async ({ page }) => {
  test.setTimeout(120_000);
  const found: string[] = [];
  for (const p of PUBLIC_PAGES) found.push(...(await scan(page, p)));
  found.push(...(await scan(page, await openFirstEntry(page, "/restaurantes-panama"))));
  found.push(...(await scan(page, await openFirstEntry(page, "/blog"))));
  // The contact form with the server's field errors.
  await page.goto("/contact");
  await page.getByRole("button", { name: "Enviar Mensaje" }).click();
  await expect(page.getByText("El nombre es obligatorio")).toBeVisible();
  found.push(...(await scan(page, page.url().replace(/^https?:\/\/[^/]+/, ""))).map((f) => `(errores) ${f}`));
  // The phone menu, open.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  await page.getByRole("button", { name: "Abrir menú" }).click();
  await expect(page.locator("#mobile-menu")).toBeVisible();
  found.push(...(await scan(page, "/")).map((f) => `(menú) ${f}`));
  expect(found).toEqual([]);
});

test.describe("signed in as admin", () => {
  test.use({ storageState: ADMIN_STATE });
  test("no element of the admin and account screens carries conflicting Tailwind classes", async ({ page }) => {
    test.setTimeout(120_000);
    const found: string[] = [];
    for (const p of ADMIN_PAGES) found.push(...(await scan(page, p)));
    found.push(...(await scan(page, await openFirstEntry(page, "/restaurantes-panama"))));
    await page.goto("/");
    await page.getByRole("button", { name: /Mi Cuenta/ }).click();
    found.push(...(await scan(page, "/")).map((f) => `(menú de cuenta) ${f}`));
    expect(found).toEqual([]);
  });
});
