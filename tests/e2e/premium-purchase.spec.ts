/**
 * The whole premium purchase in Chromium against the fake Stripe API (tests/fakes/stripe.ts, on the
 * port after the app's, as playwright.config.ts tells the server): paywall, subscribe, the fake's
 * checkout page in a new tab, back, chat shown, portal link from /profile.
 */
import { expect, test } from "@playwright/test";
import { BASE_URL } from "../../playwright.config";
import { type FakeStripe, startFakeStripe } from "../fakes/stripe";
import { makeUser, signedInPage, trackPageErrors } from "./fixtures";

test.describe.configure({ mode: "serial" });

let stripe: FakeStripe;
test.beforeAll(async () => {
  const port = Number(new URL(BASE_URL).port) + 1;
  stripe = await startFakeStripe({ port, webhookSecret: "whsec_e2e", webhookUrl: `${BASE_URL}/api/stripe/webhook` });
});
test.afterAll(async () => {
  await stripe?.close();
});

test("a visitor sees the paywall and no chat URL; subscribing asks to sign in and comes back", async ({ page, request }) => {
  const html = await (await request.get("/ai-solutions/roger")).text();
  expect(html).not.toContain("/chat/roger");
  expect(html).toContain("$9.99/mes");
  await page.goto("/ai-solutions/amy");
  await expect(page.getByRole("heading", { name: /Amy es parte de la suscripción Premium/ })).toBeVisible();
  await expect(page.locator("iframe")).toHaveCount(0);
  await page.getByRole("button", { name: "Suscribirme" }).click();
  await expect(page.getByRole("alert")).toContainText("Debe iniciar sesión para suscribirse");
  await expect(page.getByRole("link", { name: "Iniciar sesión", exact: true })).toHaveAttribute(
    "href",
    "/auth?redirectTo=%2Fai-solutions%2Famy",
  );
  // A checkout posted from another origin is refused by the origin check.
  const forged = await request.post("/ai-solutions/amy", { form: { intent: "subscribe" }, headers: { Origin: "https://evil.example" } });
  expect(forged.status()).toBe(403);
});

test("purchase: paywall, subscribe in a new tab, pay on Stripe's page, back to the chat; the portal from /profile", async ({
  page,
  context,
}) => {
  const errors = trackPageErrors(page);
  const user = await makeUser(page, "premium");
  await page.goto("/ai-solutions/amy");
  await expect(page.getByText("$9.99/mes")).toBeVisible();
  await page.screenshot({ path: "test-results/premium-paywall-1280.png", fullPage: true });

  const [checkout] = await Promise.all([context.waitForEvent("page"), page.getByRole("button", { name: "Suscribirme" }).click()]);
  await checkout.waitForURL(/\/checkout\/cs_test_/);
  await expect(checkout.getByRole("heading", { name: "Pago de prueba" })).toBeVisible();
  // This user's session: the authorization matrix may start checkouts on the same fake meanwhile.
  const sent = stripe.requests.findLast((r) => r.path === "/v1/checkout/sessions" && r.params.customer_email === user.email)!;
  expect(sent.params).toMatchObject({ "line_items[0][price]": "price_e2e_premium", locale: "es", customer_email: user.email });

  await checkout.getByRole("button", { name: "Pagar" }).click();
  await checkout.waitForURL((u) => u.pathname === "/ai-solutions/amy" && u.searchParams.get("pago") === "exitoso");
  const frame = checkout.locator('iframe[title^="Chat con Amy"]');
  await expect(frame).toBeVisible();
  await expect(frame).toHaveAttribute("height", "700");
  await expect(frame).toHaveAttribute("sandbox", /allow-scripts/);
  await expect(checkout.getByText(/Suscripción activa hasta/)).toBeVisible();
  await expect(checkout.frameLocator('iframe[title^="Chat con Amy"]').getByRole("heading", { name: /Chat de amy/ })).toBeVisible();
  await checkout.screenshot({ path: "test-results/premium-chat-1280.png" });

  // The first tab, reloaded, shows the chat too; Roger is included.
  await page.goto("/ai-solutions/roger");
  await expect(page.locator('iframe[title^="Chat con Roger"]')).toBeVisible();

  await page.goto("/profile");
  await expect(page.getByText(/Suscripción activa hasta/)).toBeVisible();
  await page.getByRole("button", { name: "Gestionar suscripción" }).click();
  await page.waitForURL(/\/portal\/bps_/);
  await expect(page.getByRole("heading", { name: "Portal de facturación" })).toBeVisible();
  await page.getByRole("link", { name: "Volver" }).click();
  await page.waitForURL((u) => u.pathname === "/profile");
  errors.expectNoErrors();
});

test("the paywall at 390 px wide, without JavaScript the form goes to checkout in the same tab", async ({ browser }) => {
  // Signed up with JavaScript, then the page is looked at without it.
  const { page } = await signedInPage(browser, "sinjs", { viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
  await page.goto("/ai-solutions/roger");
  await expect(page.getByRole("button", { name: "Suscribirme" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: "test-results/premium-paywall-390.png", fullPage: true });
  await page.getByRole("button", { name: "Suscribirme" }).click();
  await page.waitForURL(/\/checkout\/cs_test_/);
  await page.context().close();
});

test("going to a premium page in the browser, a waiting state shows while the server checks the subscription", async ({ page }) => {
  await page.goto("/ai-solutions");
  let release!: () => void;
  const held = new Promise<void>((r) => {
    release = r;
  });
  // Hold the page's data request, as a slow network would, to see what shows meanwhile.
  await page.route(/\/ai-solutions\/amy\.data/, async (route) => {
    await held;
    await route.continue();
  });
  await page.locator('a[href="/ai-solutions/amy"]').first().click();
  await expect(page.getByRole("status").filter({ hasText: "Comprobando tu suscripción…" })).toBeVisible();
  await expect(page.getByRole("heading", { name: /Amy es parte de la suscripción Premium/ })).toHaveCount(0);
  release();
  await expect(page.getByRole("heading", { name: /Amy es parte de la suscripción Premium/ })).toBeVisible();
  await expect(page.getByText("Comprobando tu suscripción…")).toHaveCount(0);
});
