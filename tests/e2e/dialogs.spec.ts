/**
 * The one dialog primitive (docs/decisions/046) in a real browser. With JavaScript each kind of dialog
 * (the role Dialog, the delete and revoke AlertDialogs) opens labelled, keeps focus inside, closes on
 * Escape giving focus back, and its confirmation deletes. Without JavaScript a blog article, a token
 * and a free plan are deleted through the server-rendered confirmation step, and never by one click.
 */
import crypto from "node:crypto";
import { expect, test, type Browser, type Locator, type Page } from "@playwright/test";
import { ADMIN_STATE, signUp, trackPageErrors, uniqueUser } from "./fixtures";

// Each test signs up and writes through the real forms before it opens a dialog: several page loads.
test.describe.configure({ timeout: 90_000 });

const tag = () => crypto.randomBytes(3).toString("hex");

/** React has hydrated `el` (its props are attached): a click now runs the handler, not a plain submit. */
async function hydrated(el: Locator) {
  await expect.poll(() => el.evaluate((node) => Object.keys(node).some((k) => k.startsWith("__reactProps")))).toBe(true);
}

const focusInside = (dialog: Locator) =>
  dialog.evaluate((node) => document.activeElement !== document.body && node.contains(document.activeElement));

/**
 * Opens the dialog from `trigger` and checks what every dialog must do: labelled by its title and
 * description, focus moved inside and kept there through a full round of Tab and Shift+Tab, Escape
 * closes it and gives focus back to the trigger. Leaves it closed.
 */
async function checkDialog(page: Page, trigger: Locator, role: "dialog" | "alertdialog", name: string, description: string | RegExp) {
  await hydrated(trigger);
  await trigger.click();
  const dialog = page.getByRole(role);
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAccessibleName(name);
  await expect(dialog).toHaveAccessibleDescription(description);
  await expect.poll(() => focusInside(dialog)).toBe(true);
  // Focus trap: more Tabs than the dialog has controls, in both directions, never leave it.
  for (const key of ["Tab", "Shift+Tab"]) {
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press(key);
      expect(await focusInside(dialog), `${key} #${i + 1}`).toBe(true);
    }
  }
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(trigger).toBeFocused();
}

/** A draft through the real editor; returns its id. */
async function saveDraft(page: Page, title: string): Promise<string> {
  await page.goto("/write-blog");
  await page.getByLabel("Título").fill(title);
  await page.getByLabel("Resumen").fill("Un resumen.");
  await page.getByLabel("Contenido", { exact: true }).fill("<p>Texto.</p>");
  await page.getByRole("button", { name: "Guardar borrador" }).click();
  await expect(page).toHaveURL(/\/edit-blog\/[0-9a-f-]{36}$/);
  return page.url().split("/").pop()!;
}

/** The article's card in /my-blogs. */
const blogCard = (page: Page, title: string) => page.locator("article", { has: page.getByRole("heading", { name: title, exact: true }) });

/** A signed-up user whose session cookies can be handed to a context without JavaScript. */
async function signedUpCookies(browser: Browser, baseURL: string, prefix: string, setup?: (page: Page) => Promise<void>) {
  const ctx = await browser.newContext({ baseURL });
  const page = await ctx.newPage();
  await signUp(page, uniqueUser(prefix));
  await setup?.(page);
  const cookies = await ctx.cookies();
  await ctx.close();
  return cookies;
}

test.describe("with JavaScript", () => {
  test("blog: the delete AlertDialog is labelled, traps focus, Escape keeps the article, 'Sí, eliminar' deletes it", async ({ page }) => {
    const errors = trackPageErrors(page);
    await signUp(page, uniqueUser("dialogo"));
    const title = `Para el diálogo ${tag()}`;
    await saveDraft(page, title);
    await page.goto("/my-blogs");
    const card = blogCard(page, title);
    const trigger = card.getByRole("button", { name: `Eliminar «${title}»` });
    await checkDialog(
      page,
      trigger,
      "alertdialog",
      "¿Eliminar este artículo?",
      `«${title}» se eliminará de forma permanente. Esta acción no se puede deshacer.`,
    );
    await expect(card).toBeVisible();

    await trigger.click();
    const dialog = page.getByRole("alertdialog");
    // The safe answer has focus first.
    await expect(dialog.getByRole("button", { name: "Cancelar" })).toBeFocused();
    await dialog.getByRole("button", { name: "Sí, eliminar" }).click();
    await expect(page.getByText("Blog Eliminado")).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(card).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole("heading", { name: "Mis artículos" })).toBeVisible();
    await expect(card).toHaveCount(0);
    errors.expectNoErrors();
  });

  test("profile: the revoke AlertDialog; 'Sí, revocar' revokes the token", async ({ page }) => {
    await signUp(page, uniqueUser("token"));
    const name = `Asistente ${tag()}`;
    await page.goto("/profile");
    await page.getByLabel("Nombre del token").fill(name);
    await page.getByRole("button", { name: "Crear token" }).click();
    await expect(page.getByTestId("new-token")).toBeVisible();
    const tokens = page.getByRole("list", { name: "Tokens activos" });
    const trigger = tokens.getByRole("button", { name: `Revocar el token ${name}` });
    await checkDialog(page, trigger, "alertdialog", "¿Revocar este token?", /dejará de funcionar de inmediato/);
    await expect(tokens.getByText(name)).toBeVisible();
    await trigger.click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Sí, revocar" }).click();
    await expect(page.getByText("Token revocado")).toBeVisible();
    await expect(page.getByText("Aún no has creado tokens.")).toBeVisible();
  });

  test.describe("admin", () => {
    test.use({ storageState: ADMIN_STATE });

    test("free plans: the delete AlertDialog; 'Sí, eliminar' deletes the plan", async ({ page }) => {
      const email = `dialogo-${tag()}@e2e.test`;
      await page.goto("/admin/free-plans");
      await page.getByLabel("Email").fill(email);
      await page.getByRole("button", { name: "Otorgar plan gratuito" }).click();
      await expect(page.getByText("Plan Gratuito Creado")).toBeVisible();
      const row = page.getByTestId("free-plan").filter({ hasText: email });
      const trigger = row.getByRole("button", { name: "Eliminar" });
      await checkDialog(
        page,
        trigger,
        "alertdialog",
        "¿Eliminar plan gratuito?",
        `Se eliminará el plan de ${email}. Esta acción no se puede deshacer.`,
      );
      await expect(row).toHaveCount(1);
      await trigger.click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Sí, eliminar" }).click();
      await expect(page.getByText("Plan Eliminado")).toBeVisible();
      await expect(row).toHaveCount(0);
    });

    test("members: the role Dialog is labelled, traps focus, closes on Escape and on its close button, and saves", async ({
      page,
      browser,
    }) => {
      const member = uniqueUser("rol");
      const ctx = await browser.newContext({ storageState: { cookies: [], origins: [] } });
      await signUp(await ctx.newPage(), member);
      await ctx.close();
      await page.goto(`/admin-members?q=${encodeURIComponent(member.email)}`);
      const row = page.getByTestId("member").filter({ hasText: member.email });
      const trigger = row.getByRole("link", { name: /Editar rol/ });
      await checkDialog(page, trigger, "dialog", "Editar rol", new RegExp(member.email.replace(/[.]/g, "\\.")));
      // Nothing was saved by opening and closing it.
      await expect(page).toHaveURL(/\/admin-members\?q=/);
      await expect(row.getByText("Usuario", { exact: true })).toBeVisible();

      await trigger.click();
      const dialog = page.getByRole("dialog");
      await dialog.getByRole("button", { name: "Cerrar" }).click();
      await expect(dialog).toHaveCount(0);
      await trigger.click();
      await dialog.getByLabel("Administrador").check();
      await dialog.getByRole("button", { name: "Guardar rol" }).click();
      await expect(page.getByText("Rol actualizado")).toBeVisible();
      await expect(dialog).toHaveCount(0);
      await expect(row.getByText("Administrador")).toBeVisible();
    });
  });

  test("at 390px the dialog fits the screen: no horizontal scroll, 44px tap targets, a long title wraps", async ({ page }) => {
    await signUp(page, uniqueUser("movil"));
    await page.setViewportSize({ width: 390, height: 844 });
    // A long unbroken title must wrap inside the dialog, not widen it.
    const title = `Un-título-muy-largo-sin-espacios-para-el-diálogo-${"x".repeat(80)}-${tag()}`;
    await saveDraft(page, title);
    await page.goto("/my-blogs");
    const trigger = blogCard(page, title).getByRole("button", { name: `Eliminar «${title}»` });
    await hydrated(trigger);
    await trigger.click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog).toBeVisible();
    // Measured once the opening zoom has ended: mid-animation every box is a little smaller.
    await dialog.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    for (const button of await dialog.getByRole("button").all()) {
      const b = (await button.boundingBox())!;
      expect(b.height).toBeGreaterThanOrEqual(44);
      expect(b.x + b.width).toBeLessThanOrEqual(box.x + box.width);
    }
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a blog article is deleted through the confirmation step, and Cancelar keeps it", async ({ page, browser, baseURL }) => {
    const title = `Sin JavaScript ${tag()}`;
    await page.context().addCookies(await signedUpCookies(browser, baseURL!, "sinjs", (p) => saveDraft(p, title).then(() => undefined)));
    await page.goto("/my-blogs?estado=borradores");
    const card = blogCard(page, title);
    await expect(card).toBeVisible();

    // The first click only asks.
    await card.getByRole("button", { name: `Eliminar «${title}»` }).click();
    const step = page.getByRole("region", { name: "¿Eliminar este artículo?" });
    await expect(step).toBeVisible();
    await expect(step).toHaveAccessibleDescription(`«${title}» se eliminará de forma permanente. Esta acción no se puede deshacer.`);
    await expect(card).toBeVisible();
    await step.getByRole("link", { name: "Cancelar" }).click();
    await expect(page).toHaveURL(/\/my-blogs\?estado=borradores$/);
    await expect(step).toHaveCount(0);
    await expect(card).toBeVisible();

    await card.getByRole("button", { name: `Eliminar «${title}»` }).click();
    await step.getByRole("button", { name: "Sí, eliminar" }).click();
    // Back to the filtered list, without the article.
    await expect(page).toHaveURL(/\/my-blogs\?estado=borradores$/);
    await expect(page.getByRole("heading", { name: "Mis artículos" })).toBeVisible();
    await expect(step).toHaveCount(0);
    await expect(card).toHaveCount(0);
    await page.goto("/my-blogs");
    await expect(card).toHaveCount(0);
  });

  test("a token is revoked through the confirmation step, which opens at the tokens section", async ({ page, browser, baseURL }) => {
    await page.context().addCookies(await signedUpCookies(browser, baseURL!, "sinjs-token"));
    const name = `Sin JS ${tag()}`;
    await page.goto("/profile");
    await page.getByLabel("Nombre del token").fill(name);
    await page.getByRole("button", { name: "Crear token" }).click();
    const tokens = page.getByRole("list", { name: "Tokens activos" });
    await tokens.getByRole("button", { name: `Revocar el token ${name}` }).click();
    await expect(page).toHaveURL(/\/profile#tokens$/);
    const step = page.getByRole("region", { name: "¿Revocar este token?" });
    await expect(step).toBeInViewport();
    await expect(tokens.getByText(name)).toBeVisible();
    await step.getByRole("button", { name: "Sí, revocar" }).click();
    await expect(page).toHaveURL(/\/profile#tokens$/);
    await expect(page.getByText("Aún no has creado tokens.")).toBeVisible();
  });

  test.describe("admin", () => {
    test.use({ storageState: ADMIN_STATE });

    test("a free plan is deleted through the confirmation step", async ({ page }) => {
      const email = `sinjs-${tag()}@e2e.test`;
      await page.goto("/admin/free-plans");
      await page.getByLabel("Email").fill(email);
      await page.getByRole("button", { name: "Otorgar plan gratuito" }).click();
      const row = page.getByTestId("free-plan").filter({ hasText: email });
      await expect(row).toHaveCount(1);
      await row.getByRole("button", { name: "Eliminar" }).click();
      const step = page.getByRole("region", { name: "¿Eliminar plan gratuito?" });
      await expect(step).toContainText(email);
      await expect(row).toHaveCount(1);
      await step.getByRole("button", { name: "Sí, eliminar" }).click();
      await expect(step).toHaveCount(0);
      await expect(row).toHaveCount(0);
    });
  });
});
