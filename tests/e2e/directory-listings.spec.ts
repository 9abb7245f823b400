/**
 * The directory in a real browser: province pages with "Cargar más" (with and without
 * JavaScript), the business province filter with load-more, admin controls enforced on the server,
 * and entry pages carrying valid JSON-LD. Demo data: Panamá has more than two pages of restaurants;
 * servicios has 8 active businesses in Panamá.
 */
import { expect, test } from "@playwright/test";
import { ADMIN_STATE, makeUser, trackPageErrors } from "./fixtures";

test.describe("listing pages", () => {
  test("a province page shows 6 cards; 'Cargar más' adds the rest and disappears at the end", async ({ page }) => {
    const errors = trackPageErrors(page);
    await page.goto("/restaurantes-panama");
    await expect(page.getByRole("heading", { level: 1, name: "Restaurantes en Panamá" })).toBeVisible();
    const cards = page.getByTestId("listing-card");
    await expect(cards).toHaveCount(6);
    const firstNames = await cards.locator("h3").allTextContents();
    const more = page.getByRole("link", { name: "Cargar más" });
    let shown = 6;
    for (let clicks = 0; (await more.count()) > 0 && clicks < 10; clicks++) {
      await more.click();
      await expect(cards).not.toHaveCount(shown);
      const now = await cards.count();
      expect(now - shown).toBeLessThanOrEqual(6);
      shown = now;
    }
    expect(shown).toBeGreaterThan(12);
    await expect(more).toHaveCount(0);
    // Appended without a reload: the URL (replaced) counts the pages shown, first cards unchanged, no duplicates.
    await expect(page).toHaveURL(/\/restaurantes-panama\?paginas=\d+$/);
    const names = await cards.locator("h3").allTextContents();
    expect(names.slice(0, 6)).toEqual(firstNames);
    expect(new Set(names).size).toBe(shown);
    await expect(page.getByText("Fonda La Tinaja Dorada")).toBeVisible();
    await expect(page.getByRole("link", { name: "Agendar una reunión" })).toHaveAttribute("href", /^https:\/\//);
    errors.expectNoErrors();
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    test("'Cargar más' is a link to the same list with one page more", async ({ page }) => {
      await page.goto("/restaurantes-panama");
      const cards = page.getByTestId("listing-card");
      await expect(cards).toHaveCount(6);
      const seen = await cards.locator("h3").allTextContents();
      const more = page.getByRole("link", { name: "Cargar más" });
      for (let pages = 1; (await more.count()) > 0 && pages < 10; pages++) {
        const before = page.url();
        await more.click();
        await page.waitForURL((url) => url.href !== before);
        await expect(page).toHaveURL(new RegExp(`\\?paginas=${pages + 1}#pagina-${pages + 1}$`));
        const names = await cards.locator("h3").allTextContents();
        expect(names.slice(0, seen.length)).toEqual(seen);
        const added = names.slice(seen.length);
        expect(added.length).toBeGreaterThan(0);
        expect(added.length).toBeLessThanOrEqual(6);
        expect(added.filter((n) => seen.includes(n))).toEqual([]);
        seen.push(...added);
      }
      expect(seen.length).toBeGreaterThan(12);
      await expect(more).toHaveCount(0);
    });
  });

  test("the business province filter keeps load-more working", async ({ page }) => {
    /** Submits the filter form with one province ("": all of them). */
    const filterBy = async (province: string) => {
      await page.getByLabel("Provincia").selectOption(province);
      await page.getByRole("button", { name: "Filtrar" }).click();
    };
    await page.goto("/negocios/servicios");
    await filterBy("panama");
    await expect(page).toHaveURL(/provincia=panama/);
    await expect(page.getByRole("heading", { name: "Servicios en Panamá" })).toBeVisible();
    const cards = page.getByTestId("listing-card");
    await expect(cards).toHaveCount(6);
    await page.getByRole("link", { name: "Cargar más" }).click();
    await expect(cards).toHaveCount(8);
    await expect(page.getByRole("link", { name: "Cargar más" })).toHaveCount(0);
    await expect(page.getByText("Lavandería Express Herrera")).toHaveCount(0);
    // All provinces again: the Herrera entry is back.
    await filterBy("");
    await expect(cards).toHaveCount(6);
    await page.getByRole("link", { name: "Cargar más" }).click();
    await expect(page.getByText("Lavandería Express Herrera")).toBeVisible();
  });

  test("unknown industries are a 404", async ({ page }) => {
    const res = await page.goto("/negocios/panaderias");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Industria no encontrada" })).toBeVisible();
  });
});

test.describe("admin controls", () => {
  test("a visitor gets no controls, and forged requests from a visitor or a user change nothing", async ({ page, browser }) => {
    await page.goto("/negocios/turismo");
    await expect(page.getByTestId("listing-card").first()).toBeVisible();
    await expect(page.getByRole("button", { name: "Desactivar" })).toHaveCount(0);
    await expect(page.getByText("Eliminar")).toHaveCount(0);

    // The id is not on the public page, so take it from the admin's view.
    const admin = await browser.newContext({ storageState: ADMIN_STATE });
    const adminPage = await admin.newPage();
    await adminPage.goto("/negocios/turismo");
    const card = adminPage.getByTestId("listing-card").filter({ hasText: "Tours Bocas Aventura" });
    const id = await card.locator('input[name="id"]').first().inputValue();
    await admin.close();

    const forged = await page.request.post("/negocios/turismo", {
      form: { intent: "toggle", id, active: "false" },
      maxRedirects: 0,
    });
    expect(forged.status()).toBe(302);
    expect(forged.headers().location).toMatch(/^\/auth/);

    await makeUser(page, "dir");
    const asUser = await page.request.post("/negocios/turismo", { form: { intent: "delete", id, confirm: "si" }, maxRedirects: 0 });
    expect(asUser.status()).toBe(302);
    expect(asUser.headers().location).toBe("/");

    await page.goto("/negocios/turismo");
    await expect(page.getByText("Tours Bocas Aventura")).toBeVisible();
  });

  test.describe("as admin", () => {
    test.use({ storageState: ADMIN_STATE });
    test("an admin deactivates a business from its listing page and a visitor no longer sees it", async ({ page, browser }) => {
      // A visitor first sees it (and the anonymous page gets cached).
      // Contexts made in a test inherit `use` options: start this one signed out explicitly.
      const visitor = await browser.newContext({ storageState: { cookies: [], origins: [] } });
      const vpage = await visitor.newPage();
      await vpage.goto("/negocios/turismo");
      await expect(vpage.getByRole("link", { name: "Expediciones Darién Verde" })).toBeVisible();
      await expect(vpage.getByRole("button", { name: "Desactivar" })).toHaveCount(0);

      await page.goto("/negocios/turismo");
      const card = page.getByTestId("listing-card").filter({ hasText: "Expediciones Darién Verde" });
      await expect(card.getByRole("link", { name: "Editar" })).toHaveAttribute("href", /^\/admin\/business\/edit\/[0-9a-f-]{36}$/);
      await card.getByRole("button", { name: "Desactivar" }).click();
      await expect(page.getByText("Estado actualizado")).toBeVisible();
      await expect(card.getByText("Inactivo")).toBeVisible();
      await expect(card.getByRole("button", { name: "Activar" })).toBeVisible();

      await vpage.goto("/negocios/turismo");
      await expect(vpage.getByTestId("listing-card").first()).toBeVisible();
      await expect(vpage.getByRole("link", { name: "Expediciones Darién Verde" })).toHaveCount(0);
      const entry = await vpage.goto("/negocio/expediciones-darien-verde");
      expect(entry?.status()).toBe(404);
      await visitor.close();

      // Delete asks for confirmation first.
      await card.locator("summary", { hasText: "Eliminar" }).click();
      await expect(card.getByText(/Esta acción es permanente/)).toBeVisible();
      await card.getByRole("button", { name: "Sí, eliminar" }).click();
      await expect(page.getByText("Negocio eliminado")).toBeVisible();
      await expect(page.getByRole("link", { name: "Expediciones Darién Verde" })).toHaveCount(0);
    });
  });
});

test.describe("entry pages", () => {
  test("a restaurant page carries valid JSON-LD, Maps and WhatsApp links", async ({ page }) => {
    await page.goto("/restaurantes-panama");
    await page.getByRole("link", { name: "Marisquería El Cangrejo Azul" }).click();
    await expect(page).toHaveURL(/\/restaurante\/marisqueria-el-cangrejo-azul$/);
    await expect(page.getByRole("heading", { level: 1, name: "Marisquería El Cangrejo Azul" })).toBeVisible();
    const raw = await page.locator('script[type="application/ld+json"]').first().textContent();
    const ld = JSON.parse(raw!);
    expect(ld["@context"]).toBe("https://schema.org");
    expect(ld["@type"]).toBe("Restaurant");
    expect(ld.name).toBe("Marisquería El Cangrejo Azul");
    expect(ld.address).toMatchObject({
      "@type": "PostalAddress",
      streetAddress: expect.stringContaining("Vía Argentina"),
      addressCountry: "PA",
    });
    expect(ld.servesCuisine).toContain("Mariscos");
    expect(ld.telephone).toMatch(/^\+507\d{8}$/);
    expect(ld.aggregateRating).toBeUndefined();
    // Contact links go through the directory's counting redirect to the listing's own targets.
    for (const [name, action, target] of [
      ["Escribir por WhatsApp", "whatsapp", /^https:\/\/wa\.me\/507\d{8}\?text=/],
      ["Cómo llegar", "direcciones", /google\.com\/maps/],
    ] as const) {
      const link = page.getByRole("link", { name });
      await expect(link).toHaveAttribute("href", new RegExp(`^/ir/${action}/restaurante/[0-9a-f-]{36}$`));
      const res = await page.request.get((await link.getAttribute("href"))!, { maxRedirects: 0 });
      expect(res.status()).toBe(302);
      expect(res.headers().location).toMatch(target);
    }
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/restaurante\/marisqueria-el-cangrejo-azul$/);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /Marisquería El Cangrejo Azul/);
  });

  test("a business page uses the LocalBusiness subtype of its industry", async ({ page }) => {
    await page.goto("/negocio/bufete-ley-istmena");
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent())!);
    expect(ld["@type"]).toBe("LegalService");
    expect(ld.name).toBe("Bufete Ley Istmeña");
    expect(ld.address.streetAddress).toContain("Calle 50");
  });
});

test.describe("search", () => {
  test("finds without accents and shows the term escaped", async ({ page }) => {
    await page.goto("/buscar");
    await page.getByLabel("¿Qué buscas?").fill("marisqueria");
    await page.getByRole("button", { name: "Buscar" }).click();
    await expect(page).toHaveURL(/q=marisqueria/);
    await expect(page.getByRole("link", { name: "Marisquería El Cangrejo Azul" })).toBeVisible();

    let dialogs = 0;
    page.on("dialog", (d) => {
      dialogs++;
      void d.dismiss();
    });
    const res = await page.goto(`/buscar?q=${encodeURIComponent("<img src=x onerror=alert(1)>")}`);
    expect(res?.status()).toBe(200);
    // The words are read ('alert' is in an entry's name); the typed text comes back only as text.
    await expect(page.getByLabel("¿Qué buscas?")).toHaveValue("<img src=x onerror=alert(1)>");
    expect(dialogs).toBe(0);
    expect(await page.locator("img[src=x]").count()).toBe(0);
  });
});
