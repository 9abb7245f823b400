/**
 * An address is not taken by typing it: a member who asks on /profile for an address with a free plan
 * waiting keeps their own address and no plan, sees the change as pending; the address's holder can
 * still sign up, confirms it, and gets the plan; the member's wait lapses. At 1280 and 390 px.
 */
import { expect, test } from "@playwright/test";
import { ADMIN_STATE, makeFreePlan, mailedLink, makeUser } from "./fixtures";

for (const width of [1280, 390]) {
  test(`typing an address with a plan waiting gets neither; its holder gets both (${width} px)`, async ({ browser, baseURL }) => {
    test.setTimeout(90_000);
    const admin = await browser.newContext({ storageState: ADMIN_STATE });
    const adminPage = await admin.newPage();
    const { email: address } = await makeFreePlan(adminPage, `regalo-${width}-${Date.now()}@e2e.test`);
    await admin.close();

    const member = await makeUser(browser, "cambia");
    const memberContext = await browser.newContext({ storageState: member.session, viewport: { width, height: 900 } });
    const page = await memberContext.newPage();
    await page.goto("/profile");
    await page.getByLabel("Email").fill(address);
    await page.getByRole("button", { name: "Guardar cambios" }).click();
    await expect(page.getByText(`Te enviamos un enlace a ${address} para confirmar el cambio.`)).toBeVisible();
    const pending = page.getByRole("status").filter({ hasText: "Cambio pendiente a" });
    await expect(pending).toContainText(address);
    await expect(pending).toContainText(member.email);
    await expect(page.getByLabel("Email")).toHaveValue(member.email);
    await page.screenshot({ path: `test-results/email-change-pending-${width}.png`, fullPage: true });
    // No plan: the assistant's page still shows its paywall.
    await page.goto("/ai-solutions/amy");
    await expect(page.getByRole("button", { name: /Suscribirme/ }).first()).toBeVisible();

    // The holder signs up with the address (the pending change blocks nothing) and confirms it.
    const holderContext = await browser.newContext({ storageState: { cookies: [], origins: [] }, viewport: { width, height: 900 } });
    const holder = await holderContext.newPage();
    await holder.goto("/auth?modo=registro");
    await holder.getByLabel("Nombre completo").fill("Titular Verdadera");
    await holder.getByLabel("Email").fill(address);
    await holder.getByLabel("Contraseña").fill(`clave-${Date.now()}-titular`);
    await holder.getByRole("button", { name: "Crear Cuenta" }).click();
    await expect(holder).toHaveURL(/\/$/);
    await holder.goto(await mailedLink(baseURL!, address, /^Confirma tu email/));
    await expect(holder.getByText("Email confirmado")).toBeVisible();
    await holder.goto("/profile");
    await expect(holder.getByText(/Plan gratuito hasta/)).toBeVisible();

    // The member's link, if opened now, changes nothing; the member's wait is gone.
    await page.goto(await mailedLink(baseURL!, address, /Confirma tu nuevo email/));
    await expect(page.getByText("Ese email ya lo usa otra cuenta: el cambio no se hizo.")).toBeVisible();
    await page.goto("/profile");
    await expect(page.getByText("Cambio pendiente a")).toHaveCount(0);
    await expect(page.getByLabel("Email")).toHaveValue(member.email);
    await memberContext.close();
    await holderContext.close();
  });
}
