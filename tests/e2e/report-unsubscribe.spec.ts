/**
 * The monthly report's unsubscribe link as a person uses it, without JavaScript and without signing in,
 * at 1280 and 390 px: opening it only asks (twice, as a mail scanner and then the person), the button
 * stops the reports, the link then says so and offers them again; a tampered link is a Spanish 400;
 * the mail client's one-click POST (RFC 8058) works with neither cookie nor Origin.
 *
 * The token is made here as the server makes it (HMAC-SHA256 of the account's id with the secret the
 * embedded setup keeps in DATA_DIR), for an account signed up through the real form.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { makeUser } from "./fixtures";

const PORT = Number(process.env.E2E_PORT ?? 3100);

function tokenFor(userId: string): string {
  const secret = fs.readFileSync(`.e2e-data-${PORT}/auth-secret`, "utf8").trim();
  const sig = crypto.createHmac("sha256", secret).update(`informe-mensual-baja:${userId}`).digest("base64url");
  return `${Buffer.from(userId).toString("base64url")}.${sig}`;
}

/** A new account's id, read from its own session. */
async function newAccountId(page: Page): Promise<string> {
  const user = await makeUser(page.context().browser()!, "informe");
  const ctx = await page.context().browser()!.newContext({ storageState: user.session });
  const session = (await (await ctx.request.get("/api/auth/get-session")).json()) as { user: { id: string } };
  await ctx.close();
  return session.user.id;
}

const heading = (page: Page) => page.getByRole("heading", { level: 1 });

async function noSideScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

for (const width of [1280, 390]) {
  test(`unsubscribe from the monthly report without JavaScript (${width} px)`, async ({ browser }) => {
    test.setTimeout(90_000);
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width, height: 900 } });
    const page = await context.newPage();
    const link = `/informes/baja?token=${tokenFor(await newAccountId(page))}`;

    await page.goto(link);
    await expect(heading(page)).toHaveText("¿Dejar de recibir el informe mensual?");
    await noSideScroll(page);
    // Opening it again (a scanner opened it first) still only asks.
    await page.goto(link);
    await expect(heading(page)).toHaveText("¿Dejar de recibir el informe mensual?");

    await page.getByRole("button", { name: "Dejar de recibir el informe" }).click();
    await expect(heading(page)).toHaveText("Listo: ya no recibirás el informe mensual");
    await expect(page.getByRole("status")).toContainText("no te enviaremos más informes mensuales");
    await noSideScroll(page);

    await page.goto(link);
    await expect(heading(page)).toHaveText("Ya no recibes el informe mensual");
    await page.getByRole("button", { name: "Volver a recibir el informe" }).click();
    await expect(heading(page)).toHaveText("Listo: volverás a recibir el informe mensual");
    await page.goto(link);
    await expect(heading(page)).toHaveText("¿Dejar de recibir el informe mensual?");

    const [id, sig] = link.split("token=")[1]!.split(".") as [string, string];
    const tampered = await page.goto(`/informes/baja?token=${id}.${sig.slice(0, -1)}${sig.endsWith("A") ? "B" : "A"}`);
    expect(tampered?.status()).toBe(400);
    await expect(heading(page)).toHaveText("Enlace no válido");
    await noSideScroll(page);
    await context.close();
  });
}

test("the mail client's one-click POST stops the reports", async ({ browser, playwright, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const link = `/informes/baja?token=${tokenFor(await newAccountId(page))}`;
  // As the mail provider's server sends it: no cookie, no Origin, no Sec-Fetch-Site.
  const provider = await playwright.request.newContext({ baseURL });
  const res = await provider.post(link, { form: { "List-Unsubscribe": "One-Click" }, maxRedirects: 0 });
  expect(res.status()).toBe(200);
  await page.goto(link);
  await expect(heading(page)).toHaveText("Ya no recibes el informe mensual");
  // A browser's POST from another site is refused like any other write.
  const forged = await provider.post(link, { form: { intent: "alta" }, headers: { "Sec-Fetch-Site": "cross-site" } });
  expect(forged.status()).toBe(403);
  await page.goto(link);
  await expect(heading(page)).toHaveText("Ya no recibes el informe mensual");
  await provider.dispose();
  await context.close();
});
