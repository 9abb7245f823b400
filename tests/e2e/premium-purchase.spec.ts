/**
 * The whole premium purchase in Chromium against the fake Stripe API (tests/fakes/stripe.ts, on the
 * port after the app's, as playwright.config.ts tells the server): paywall, subscribe, the fake's
 * checkout page in a new tab, back, chat shown, portal link from /profile; back before the webhook,
 * the payment confirmed from the Checkout Session, or still on its way.
 */
import { expect, type Locator, type Page, test } from "@playwright/test";
import { BASE_URL } from "../../playwright.config";
import { type FakeStripe, startFakeStripe } from "../fakes/stripe";
import { makeUser, signedInPage, trackPageErrors } from "./fixtures";

test.describe.configure({ mode: "serial" });

let stripe: FakeStripe;
test.beforeAll(async () => {
  // owner-plans.spec.ts runs a fake on the same port: its start waits for the other to close.
  test.setTimeout(150_000);
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

/** Subscribes from Roger's paywall and pays on the fake's checkout page; the tab that came back, and its session id. */
async function subscribeAndPay(page: Page) {
  await page.goto("/ai-solutions/roger");
  const [checkout] = await Promise.all([page.context().waitForEvent("page"), page.getByRole("button", { name: "Suscribirme" }).click()]);
  await checkout.waitForURL(/\/checkout\/cs_test_/);
  await checkout.getByRole("button", { name: "Pagar" }).click();
  await checkout.waitForURL((u) => u.pathname === "/ai-solutions/roger" && u.searchParams.get("pago") === "exitoso");
  const sessionId = new URL(checkout.url()).searchParams.get("session_id")!;
  expect(sessionId).toMatch(/^cs_test_/);
  return { back: checkout, sessionId };
}

/** How many lines the element's text takes (a button squeezed to a letter's width takes many). */
const linesOf = (locator: Locator) =>
  locator.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
  });

for (const width of [390, 1280]) {
  test(`back from Stripe before its webhook (${width} px): the page confirms the payment from the Checkout Session`, async ({
    browser,
  }) => {
    const { page } = await signedInPage(browser, `sinwebhook${width}`, { viewport: { width, height: 900 } });
    const errors = trackPageErrors(page);
    stripe.state.holdWebhooks = true;
    try {
      const { back } = await subscribeAndPay(page);
      await expect(back.getByRole("status").filter({ hasText: "Pago confirmado" })).toBeVisible();
      await expect(back.locator('iframe[title^="Chat con Roger"]')).toBeVisible();
      await expect(back.getByRole("button", { name: "Suscribirme" })).toHaveCount(0);
      expect(await back.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await back.screenshot({ path: `test-results/premium-confirmed-by-session-${width}.png`, fullPage: true });
    } finally {
      stripe.state.holdWebhooks = false;
    }
    // The webhook, late, changes nothing visible.
    expect(await stripe.releaseWebhooks()).toEqual([200]);
    await page.goto("/ai-solutions/amy");
    await expect(page.locator('iframe[title^="Chat con Amy"]')).toBeVisible();
    errors.expectNoErrors();
    await page.context().close();
  });

  test(`a payment still on its way (${width} px): the page says so, offers no second subscription, and confirms once paid`, async ({
    browser,
  }) => {
    // A long scenario (a dozen page loads, two browser contexts): 47 s on a loaded CI machine.
    test.setTimeout(120_000);
    const { page } = await signedInPage(browser, `pendiente${width}`, { viewport: { width, height: 900 } });
    await page.context().clock.install();
    stripe.state.holdWebhooks = true;
    stripe.state.paymentsPending = true;
    try {
      const { back, sessionId } = await subscribeAndPay(page);
      const status = back.getByRole("status").filter({ hasText: "Estamos confirmando tu pago con Stripe" });
      await expect(status).toBeVisible();
      await expect(back.getByText("no hace falta pagar de nuevo")).toBeVisible();
      await expect(back.getByRole("button", { name: "Suscribirme" })).toHaveCount(0);
      await expect(back.locator("iframe")).toHaveCount(0);
      await back.screenshot({ path: `test-results/premium-confirming-${width}.png`, fullPage: true });

      // A minute later the page stops asking and says the truth, with a way to ask again.
      await back.clock.runFor(65_000);
      const waiting = back.getByRole("status").filter({ hasText: "Stripe aún no ha confirmado tu pago" });
      await expect(waiting).toBeVisible();
      await expect(waiting.locator(".animate-spin")).toHaveCount(0);
      const again = back.getByRole("link", { name: "Comprobar de nuevo" });
      await expect(again).toBeVisible();
      expect(await linesOf(again)).toBe(1);
      expect(await back.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await expect(back.getByRole("button", { name: "Suscribirme" })).toHaveCount(0);
      await back.screenshot({ path: `test-results/premium-still-waiting-${width}.png`, fullPage: true });

      // Asking again, reloading, or opening the other assistant keeps the pending state.
      await again.click();
      await expect(back.getByRole("status").filter({ hasText: "Estamos confirmando tu pago con Stripe" })).toBeVisible();
      await back.reload();
      await expect(back.getByRole("status").filter({ hasText: "Estamos confirmando tu pago con Stripe" })).toBeVisible();
      await page.goto("/ai-solutions/amy");
      await expect(page.getByRole("status").filter({ hasText: "Estamos confirmando tu pago con Stripe" })).toBeVisible();
      await expect(page.getByRole("button", { name: "Suscribirme" })).toHaveCount(0);

      // Without JavaScript nothing checks by itself: the page says "not yet" and offers the button.
      const noJs = await browser.newContext({
        javaScriptEnabled: false,
        storageState: await page.context().storageState(),
        viewport: { width, height: 900 },
      });
      const plain = await noJs.newPage();
      await plain.goto(back.url());
      await expect(plain.getByRole("status").filter({ hasText: "Stripe aún no ha confirmado tu pago" })).toBeVisible();
      await plain.getByRole("link", { name: "Comprobar de nuevo" }).click();
      await expect(plain).toHaveURL(back.url());
      await expect(plain.getByRole("status").filter({ hasText: "Stripe aún no ha confirmado tu pago" })).toBeVisible();
      await expect(plain.getByRole("button", { name: "Suscribirme" })).toHaveCount(0);
      await noJs.close();

      // The payment goes through: the next check shows the chat.
      stripe.settlePayment(sessionId);
      await back.clock.runFor(4_000);
      await expect(back.locator('iframe[title^="Chat con Roger"]')).toBeVisible();
      await expect(back.getByRole("status").filter({ hasText: "Pago confirmado" })).toBeVisible();
    } finally {
      stripe.state.holdWebhooks = false;
      stripe.state.paymentsPending = false;
    }
    expect(await stripe.releaseWebhooks()).toEqual([200]);
    await page.context().close();
  });
}

test("paid in a tab that never came back and no webhook yet: «Suscribirme» elsewhere shows the chat instead of a second checkout", async ({
  browser,
}) => {
  const { page } = await signedInPage(browser, "sinregreso");
  await page.goto("/ai-solutions/amy");
  const [checkout] = await Promise.all([page.context().waitForEvent("page"), page.getByRole("button", { name: "Suscribirme" }).click()]);
  await checkout.waitForURL(/\/checkout\/cs_test_/);
  stripe.completeCheckout(new URL(checkout.url()).pathname.split("/").pop()!);
  await checkout.close();
  const started = stripe.requests.filter((r) => r.method === "POST" && r.path === "/v1/checkout/sessions").length;
  await page.getByRole("button", { name: "Suscribirme" }).click();
  await expect(page.locator('iframe[title^="Chat con Amy"]')).toBeVisible();
  expect(stripe.requests.filter((r) => r.method === "POST" && r.path === "/v1/checkout/sessions")).toHaveLength(started);
  // The tab opened for a checkout that is not needed is closed again.
  await expect.poll(() => page.context().pages().length).toBe(1);
  await page.context().close();
});
