/**
 * Back after 'Cargar más' on a phone: the visitor loads a second page of cards, opens the last one
 * and comes back to the same cards at the same place, with JavaScript (the router restores the
 * cards from the URL and the scroll position) and without it (the link is a page of its own that
 * opens at the new cards, and the browser restores it). A reload keeps the cards too.
 */
import { expect, type Page, test } from "@playwright/test";
import { trackPageErrors } from "./fixtures";

test.use({ viewport: { width: 390, height: 844 } });

const cardsOf = (page: Page) => page.getByTestId("listing-card");

/** Opens the last card's page, goes back, and checks the cards and where the page is scrolled. */
async function openLastAndComeBack(page: Page, count: number) {
  const cards = cardsOf(page);
  const names = await cards.locator("h3").allTextContents();
  await cards.last().scrollIntoViewIfNeeded();
  const y = await page.evaluate(() => window.scrollY);
  expect(y).toBeGreaterThan(1000);
  await cards.last().locator("h3 a").click();
  await expect(page).toHaveURL(/\/restaurante\/[a-z0-9-]+$/);
  await expect(page.getByRole("heading", { level: 1, name: names.at(-1)! })).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(/\/restaurantes-panama/);
  await expect(cards).toHaveCount(count);
  expect(await cards.locator("h3").allTextContents()).toEqual(names);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(y - 5);
  expect(await page.evaluate(() => window.scrollY)).toBeLessThan(y + 5);
  await expect(cards.last()).toBeInViewport();
}

test("Back after 'Cargar más' brings back every loaded card at the same place", async ({ page }) => {
  const errors = trackPageErrors(page);
  await page.goto("/restaurantes-panama");
  const cards = cardsOf(page);
  await expect(cards).toHaveCount(6);
  const more = page.getByRole("link", { name: "Cargar más" });
  await more.scrollIntoViewIfNeeded();
  const before = await page.evaluate(() => window.scrollY);
  await more.click();
  await expect(cards).toHaveCount(12);
  // Loading more keeps the visitor where they were, and adds no history entry.
  expect(Math.abs((await page.evaluate(() => window.scrollY)) - before)).toBeLessThan(5);
  await openLastAndComeBack(page, 12);

  // A reload and a shared link show the same cards.
  await page.reload();
  await expect(cards).toHaveCount(12);
  // The entry before the listing is still the one before it: loading more replaced, not pushed.
  await page.goBack();
  await expect(page).not.toHaveURL(/restaurantes-panama/);
  errors.expectNoErrors();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("'Cargar más' opens the longer list at its new cards, and Back comes back to it", async ({ page }) => {
    await page.goto("/restaurantes-panama");
    const cards = cardsOf(page);
    await expect(cards).toHaveCount(6);
    const first = await cards.locator("h3").allTextContents();
    await page.getByRole("link", { name: "Cargar más" }).click();
    await expect(cards).toHaveCount(12);
    expect((await cards.locator("h3").allTextContents()).slice(0, 6)).toEqual(first);
    // The page opens at the first new card, below the header, not back at the top.
    await expect(cards.nth(6)).toBeInViewport();
    await expect(cards.nth(5)).not.toBeInViewport({ ratio: 0.5 });
    await openLastAndComeBack(page, 12);
  });
});
