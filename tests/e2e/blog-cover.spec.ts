/**
 * A cover image that cannot be loaded: readers see the category's placeholder, never the browser's
 * broken-image icon, on a direct load with and without JavaScript; the editor warns about the address.
 */
import crypto from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { fillArticle, makeUser } from "./fixtures";

// A loopback port where nothing listens: the browser's request fails at once.
const BROKEN = "http://127.0.0.1:9/portada.jpg";

/** What a reader sees where the cover is: the loaded picture, nothing drawn by a broken image, or no image at all. */
async function coverState(page: Page) {
  return page
    .locator("article .aspect-\\[16\\/9\\]")
    .first()
    .evaluate((box) => {
      const img = box.querySelector("img");
      if (!img) return "placeholder";
      return img.complete && img.naturalWidth === 0 ? "broken" : "image";
    });
}

test("a cover that cannot be loaded shows the placeholder, and the editor warns when it is saved", async ({ page, browser, baseURL }) => {
  await makeUser(page, "portada");
  const title = `Portada rota ${crypto.randomBytes(3).toString("hex")}`;
  await page.goto("/write-blog");
  await fillArticle(page, { title, excerpt: "Una imagen que no existe.", content: "<p>Texto.</p>", category: "Turismo", image: BROKEN });
  await expect(page.getByRole("status").filter({ hasText: "No se pudo cargar una imagen desde esta dirección" })).toBeVisible();
  await page.getByRole("button", { name: "Guardar borrador" }).click();
  await expect(page).toHaveURL(/\/edit-blog\//);
  // Saved: the editor, loaded again from the server, still says so.
  await page.reload();
  await expect(page.getByRole("status").filter({ hasText: "No se pudo cargar una imagen desde esta dirección" })).toBeVisible();
  await page.getByRole("button", { name: "Publicar" }).click();
  await expect(page).toHaveURL(/\/blog\/portada-rota-/);
  const path = new URL(page.url()).pathname;

  // Direct load with JavaScript: the failed image (it failed before hydration) is removed.
  await page.goto(path);
  await expect.poll(() => coverState(page)).toBe("placeholder");

  // Without JavaScript the failed image stays in the page, but it is decorative (alt=""), so the
  // browser draws nothing for it and the placeholder beneath shows.
  const ctx = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const noJs = await ctx.newPage();
  await noJs.goto(path);
  await expect.poll(() => coverState(noJs)).toBe("broken");
  await expect(noJs.locator("article .aspect-\\[16\\/9\\] img")).toHaveAttribute("alt", "");
  // …and the tint drawn over a missing picture covers the broken-image icon.
  const cover = await noJs.locator("article .aspect-\\[16\\/9\\] img").evaluate((img) => {
    const over = getComputedStyle(img, "::before");
    const box = img.getBoundingClientRect();
    return { content: over.content, position: over.position, width: Number.parseFloat(over.width), imgWidth: box.width };
  });
  expect(cover).toMatchObject({ content: '""', position: "absolute" });
  expect(cover.width).toBeCloseTo(cover.imgWidth, 0);
  await noJs.screenshot({ path: test.info().outputPath("sin-js.png") });
  await ctx.close();

  // The list: the card's cover is the placeholder too.
  await page.goto(`/blog?q=${encodeURIComponent(title)}`);
  const card = page.locator("article", { has: page.getByRole("heading", { name: title }) });
  await expect.poll(() => card.locator("img").count()).toBe(0);
});
