/**
 * The one dialog primitive (docs/decisions/046) in a real browser. With JavaScript each kind of dialog
 * (the role Dialog, the delete and revoke AlertDialogs) opens labelled, keeps focus inside, closes on
 * Escape giving focus back, and its confirmation deletes. Without JavaScript a blog article, a token
 * and a free plan are deleted through the server-rendered confirmation step, and never by one click.
 */
import crypto from "node:crypto";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { ADMIN_STATE, makeBlog, makeFreePlan, makeUser, trackPageErrors } from "./fixtures";

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

/** The article's card in /my-blogs. */
const blogCard = (page: Page, title: string) => page.locator("article", { has: page.getByRole("heading", { name: title, exact: true }) });

test.describe("with JavaScript", () => {
  test("blog: the delete AlertDialog is labelled, traps focus, Escape keeps the article, 'Sí, eliminar' deletes it", async ({ page }) => {
    const errors = trackPageErrors(page);
    await makeUser(page, "dialogo");
    const title = `Para el diálogo ${tag()}`;
    await makeBlog(page, { title });
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
    await makeUser(page, "token");
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
      const { email, row } = await makeFreePlan(page, `dialogo-${tag()}@e2e.test`);
      await expect(page.getByText("Plan Gratuito Creado")).toBeVisible();
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
      const member = await makeUser(browser, "rol");
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
    await makeUser(page, "movil");
    await page.setViewportSize({ width: 390, height: 844 });
    // A long unbroken title must wrap inside the dialog, not widen it.
    const title = `Un-título-muy-largo-sin-espacios-para-el-diálogo-${"x".repeat(80)}-${tag()}`;
    await makeBlog(page, { title });
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

  test("a blog article is deleted through the confirmation step, and Cancelar keeps it", async ({ page, browser }) => {
    const title = `Sin JavaScript ${tag()}`;
    // Signed up and written with JavaScript; the session handed to this page without it.
    const { session } = await makeUser(browser, "sinjs", (p) => makeBlog(p, { title }));
    await page.context().addCookies(session.cookies);
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

  test("a token is revoked through the confirmation step, which opens at the tokens section", async ({ page, browser }) => {
    await page.context().addCookies((await makeUser(browser, "sinjs-token")).session.cookies);
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
      const { email, row } = await makeFreePlan(page, `sinjs-${tag()}@e2e.test`);
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
