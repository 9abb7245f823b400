/**
 * The directory's cards on a 390 px phone: an entry without a picture gets a compact card (a small
 * icon beside its name, no tall placeholder), and an entry with a phone a WhatsApp button to its
 * number in international form. Demo entries have no pictures.
 */
import { expect, test } from "@playwright/test";
import { trackPageErrors } from "./fixtures";

test.use({ viewport: { width: 390, height: 844 } });

const PAGES = ["/restaurantes-panama", "/negocios/belleza", "/buscar?q=sancocho"];

for (const path of PAGES) {
  test(`${path}: cards without a picture start with the name, not a placeholder`, async ({ page }) => {
    const errors = trackPageErrors(page);
    await page.goto(path);
    const cards = page.getByTestId("listing-card");
    await expect(cards.first()).toBeVisible();
    const boxes = await cards.evaluateAll((list) =>
      list.map((card) => {
        const top = card.getBoundingClientRect().top;
        const name = card.querySelector("h3")!.getBoundingClientRect();
        return {
          hasImage: card.querySelector("img") !== null,
          nameOffset: name.top - top,
          height: card.getBoundingClientRect().height,
        };
      }),
    );
    expect(boxes.length).toBeGreaterThan(0);
    for (const box of boxes.filter((b) => !b.hasImage)) {
      // The name sits under the card's padding (and at most a 'Destacado' badge and the category line).
      expect(box.nameOffset).toBeLessThan(90);
      // With the 16:9 placeholder a card was 440 px or more; its contents alone stay under 360.
      expect(box.height).toBeLessThan(360);
    }
    // The small icon is at most 48 px.
    for (const tile of await cards
      .locator("div[aria-hidden]")
      .filter({ has: page.locator("svg") })
      .all()) {
      expect((await tile.boundingBox())!.height).toBeLessThanOrEqual(48);
    }
    errors.expectNoErrors();
  });
}

test("a card with a phone has a WhatsApp button to the number with Panama's 507 prefix", async ({ page }) => {
  await page.goto("/restaurantes-panama");
  const card = page.getByTestId("listing-card").filter({ hasText: "Fonda La Tinaja Dorada" });
  await expect(card).toHaveCount(1);
  await expect(card.getByRole("link", { name: "+507 6000-0001" })).toHaveAttribute("href", "tel:+50760000001");
  const whatsapp = card.getByRole("link", { name: "Escribir por WhatsApp", exact: true });
  await expect(whatsapp).toBeVisible();
  // Which entry it writes to, for a screen reader: the card's name describes the link.
  await expect(whatsapp).toHaveAccessibleDescription("Fonda La Tinaja Dorada");
  // Through the directory's counting redirect, to the listing's own number.
  const href = (await whatsapp.getAttribute("href"))!;
  expect(href).toMatch(/^\/ir\/whatsapp\/restaurante\/[0-9a-f-]{36}$/);
  const tap = await page.request.get(href, { maxRedirects: 0 });
  expect(tap.status()).toBe(302);
  const url = new URL(tap.headers().location!);
  expect(url.origin + url.pathname).toBe("https://wa.me/50760000001");
  expect(url.searchParams.get("text")).toBe(
    "Hola, encontré Fonda La Tinaja Dorada en Panama VIP IA y me gustaría recibir más información.",
  );
  await expect(whatsapp).toHaveAttribute("target", "_blank");
  // A tap target of its own, inside the card on the phone's screen, above the card's own link.
  await whatsapp.scrollIntoViewIfNeeded();
  const box = (await whatsapp.boundingBox())!;
  expect(box.height).toBeGreaterThanOrEqual(44);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  const hit = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest("a")?.getAttribute("href") ?? null, {
    x: box.x + box.width / 2,
    y: box.y + box.height / 2,
  });
  expect(hit).toBe(href);

  // Every card whose phone is Panamanian has one, on the search page too.
  await page.goto("/buscar?q=sancocho");
  const cards = page.getByTestId("listing-card");
  await expect(cards.first()).toBeVisible();
  for (const c of await cards.all()) {
    if ((await c.locator('a[href^="tel:+507"]').count()) === 0) continue;
    const link = c.getByRole("link", { name: "Escribir por WhatsApp", exact: true });
    await expect(link).toHaveAttribute("href", /^\/ir\/whatsapp\/(restaurante|negocio)\/[0-9a-f-]{36}$/);
    const res = await page.request.get((await link.getAttribute("href"))!, { maxRedirects: 0 });
    expect(res.headers().location).toMatch(/^https:\/\/wa\.me\/507\d{7,8}\?text=/);
  }
});
