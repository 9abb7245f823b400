/**
 * Buying a Local AI plan in Chromium against the fake Stripe API (tests/fakes/stripe.ts, on the
 * port after the app's, as playwright.config.ts tells the server): «Contratar» on /local-ai-pricing,
 * signing in and back, the chooser, the fake's checkout page, back to the listing's plan section with
 * the plan shown, and the listing ranking first for its words in the API. At 1280 and 390 px.
 */
import { type APIRequestContext, expect, test } from "@playwright/test";
import { BASE_URL } from "../../playwright.config";
import { type FakeStripe, startFakeStripe } from "../fakes/stripe";
import { ADMIN_STATE, confirmAddress, makeUser, trackPageErrors } from "./fixtures";

test.describe.configure({ mode: "serial" });

const SHOTS = process.env.PLANS_SHOTS ?? "test-results";

let stripe: FakeStripe;
let admin: APIRequestContext;
test.beforeAll(async ({ playwright }) => {
  // premium-purchase.spec.ts runs a fake on the same port: its start waits for the other to close.
  test.setTimeout(150_000);
  const port = Number(new URL(BASE_URL).port) + 1;
  stripe = await startFakeStripe({
    port,
    webhookSecret: "whsec_e2e",
    webhookUrl: `${BASE_URL}/api/stripe/webhook`,
    prices: {
      price_e2e_starter_year: { amount: 75_000, months: 12 },
      price_e2e_starter_half: { amount: 45_000, months: 6 },
      price_e2e_max_year: { amount: 90_000, months: 12 },
      price_e2e_max_half: { amount: 60_000, months: 6 },
    },
  });
  admin = await playwright.request.newContext({ baseURL: BASE_URL, storageState: ADMIN_STATE, extraHTTPHeaders: { Origin: BASE_URL } });
});
test.afterAll(async () => {
  await admin?.dispose();
  await stripe?.close();
});

/** A business made by the admin's form; its id from the admin's list. */
async function newBusiness(nombre: string): Promise<string> {
  const res = await admin.post("/admin/business/new", {
    form: {
      nombre,
      descripcion: "Herramientas, pintura y cerrajería",
      direccion: "Vía España",
      provincia: "panama",
      industria: "tiendas",
      is_active: "on",
    },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(302);
  const list = await (await admin.get(`/admin?tab=negocios&q=${encodeURIComponent(nombre)}`)).text();
  const id = list.match(/\/admin\/business\/edit\/([0-9a-f-]{36})/)?.[1];
  expect(id).toBeTruthy();
  return id!;
}

async function apiOrder(request: APIRequestContext, words: string) {
  const res = await request.get(`/api/v1/buscar?q=${encodeURIComponent(words)}&tipo=negocios`);
  return ((await res.json()) as { resultados: { nombre: string }[] }).resultados.map((r) => r.nombre);
}

for (const [width, period] of [
  [1280, "Un año"],
  [390, "6 meses"],
] as const) {
  test(`from «Contratar» to a promoted listing (${width} px, ${period})`, async ({ browser, request }) => {
    test.setTimeout(120_000);
    const words = `Ferretería Topacio ${width} ${Date.now().toString(36)}`;
    // The free one is newer: it comes first for the same words until the other buys a plan.
    const id = await newBusiness(`${words} Norte`);
    await newBusiness(`${words} Centro`);
    // The owner: an account that confirmed its address, assigned to the business by the admin.
    const owner = await makeUser(request, `plan${width}`);
    await confirmAddress(request, BASE_URL, owner.email);
    const assigned = await admin.post("/admin-members", {
      form: { intent: "owner", business_id: id, email: owner.email },
      maxRedirects: 0,
    });
    expect(assigned.status()).toBe(302);
    expect((await apiOrder(request, words))[0]).toBe(`${words} Centro`);

    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await page.goto("/local-ai-pricing");
    await page.getByRole("link", { name: "Contratar: Starter Local" }).click();
    // Signed out: sign in, and back to the chooser with the plan.
    await page.waitForURL((u) => u.pathname === "/auth" && u.searchParams.get("redirectTo") === "/mi-negocio/plan?plan=starter_local");
    await page.getByLabel("Email").fill(owner.email);
    await page.getByLabel("Contraseña").fill(owner.password);
    await page.getByRole("button", { name: "Iniciar Sesión" }).last().click();
    await page.waitForURL((u) => u.pathname === "/mi-negocio/plan" && u.searchParams.get("plan") === "starter_local");
    await expect(page.getByRole("heading", { name: "Contratar Starter Local" })).toBeVisible();
    await expect(page.getByRole("radio", { name: new RegExp(`${words} Norte`) })).toBeChecked();
    await expect(page.getByRole("radio", { name: /Starter Local/ })).toBeChecked();
    await expect(page.getByText("$750/año o $450/6 meses")).toBeVisible();
    await page.getByRole("radio", { name: new RegExp(`^${period}`) }).check();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `${SHOTS}/plans-chooser-${width}.png`, fullPage: true });

    await page.getByRole("button", { name: "Ir al pago" }).click();
    await page.waitForURL(/\/checkout\/cs_test_/);
    await expect(page.getByRole("heading", { name: "Pago de prueba" })).toBeVisible();
    await expect(
      page.getByText(period === "Un año" ? "Plan starter_local (year): $750." : "Plan starter_local (half_year): $450."),
    ).toBeVisible();
    await page.getByRole("button", { name: "Pagar" }).click();
    await page.waitForURL((u) => u.pathname === `/mi-negocio/negocio/${id}/plan` && u.searchParams.get("pago") === "exitoso");
    await expect(page.getByRole("status").filter({ hasText: "Pago confirmado" })).toBeVisible();
    await expect(page.getByTestId("plan-actual")).toHaveText("Starter Local");
    await expect(page.getByText("Pagado con Stripe")).toBeVisible();
    await expect(page.getByText(/^Se renueva el \d{1,2} de [a-z]+ de \d{4}\.$/)).toBeVisible();
    await expect(page.getByRole("button", { name: "Gestionar facturación" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `${SHOTS}/plans-section-${width}.png`, fullPage: true });

    // Promoted: first for its words.
    expect((await apiOrder(request, words))[0]).toBe(`${words} Norte`);
    // A second paid plan is not offered; the chooser says the listing has one.
    await page.goto("/mi-negocio/plan?plan=max_local");
    await expect(page.getByText("Ya tiene un plan pagado.")).toBeVisible();
    await expect(page.getByRole("radio", { name: new RegExp(`${words} Norte`) })).toBeDisabled();

    // The admin sees the plan, its origin and renewal.
    const dashboard = await (await admin.get(`/admin?tab=negocios&q=${encodeURIComponent(`${words} Norte`)}`)).text();
    expect(dashboard).toMatch(/Starter Local: Stripe · renueva el \d{1,2} de [a-z]+ de \d{4}/);
    errors.expectNoErrors();
    await context.close();
  });
}

/** Sends a signed event to the app's webhook, as Stripe does. */
async function deliver(type: string, object: unknown) {
  const { payload, header } = stripe.signedEvent(type, object);
  const res = await fetch(`${BASE_URL}/api/stripe/webhook`, {
    method: "POST",
    body: payload,
    headers: { "Content-Type": "application/json", "Stripe-Signature": header },
  });
  expect(res.status).toBe(200);
}

test("a failed renewal is shown to the owner and the admin, the portal opens, a cancellation keeps the plan until its end (390 px)", async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const nombre = `Cerrajería Ópalo ${Date.now().toString(36)}`;
  const id = await newBusiness(nombre);
  const owner = await makeUser(request, "planportal");
  await confirmAddress(request, BASE_URL, owner.email);
  await admin.post("/admin-members", { form: { intent: "owner", business_id: id, email: owner.email }, maxRedirects: 0 });
  const context = await browser.newContext({ storageState: await request.storageState(), viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(`/mi-negocio/negocio/${id}/plan`);
  await expect(page.getByTestId("plan-actual")).toHaveText("Free Local");
  await page.getByRole("radio", { name: /^Max Local/ }).check();
  await page.screenshot({ path: `${SHOTS}/plans-section-free-390.png`, fullPage: true });
  await page.getByRole("button", { name: "Contratar" }).click();
  await page.waitForURL(/\/checkout\/cs_test_/);
  await page.getByRole("button", { name: "Pagar" }).click();
  await expect(page.getByTestId("plan-actual")).toHaveText("Max Local");
  const sub = [...stripe.subscriptions.values()].find((s) => s.metadata.listing_id === id)!;

  // The renewal's charge is declined: the owner is told, and so is the admin.
  await deliver("invoice.payment_failed", stripe.failRenewal(sub.id).invoice);
  await page.goto(`/mi-negocio/negocio/${id}/plan`);
  await expect(page.getByRole("alert").filter({ hasText: "No se pudo cobrar la renovación del plan" })).toBeVisible();
  await expect(page.getByTestId("plan-actual")).toHaveText("Max Local");
  await page.screenshot({ path: `${SHOTS}/plans-section-failed-390.png`, fullPage: true });
  const adminPage = await (await browser.newContext({ storageState: ADMIN_STATE, viewport: { width: 390, height: 844 } })).newPage();
  await adminPage.goto(`/admin?tab=negocios&q=${encodeURIComponent(nombre)}`);
  await expect(adminPage.getByText(/^Renovación fallida el /)).toBeVisible();
  await expect(adminPage.getByText(/^Max Local: Stripe · renueva el /)).toBeVisible();
  await adminPage.screenshot({ path: `${SHOTS}/plans-admin-390.png`, fullPage: true });

  await page.getByRole("button", { name: "Gestionar facturación" }).click();
  await page.waitForURL(/\/portal\/bps_/);
  await page.getByRole("link", { name: "Volver" }).click();
  await page.waitForURL((u) => u.pathname === `/mi-negocio/negocio/${id}/plan`);

  // Paid on Stripe's retry, then cancelled in the portal: the plan stays until the period ends.
  await deliver("invoice.paid", stripe.renewSubscription(sub.id).invoice);
  await deliver("customer.subscription.updated", stripe.cancelAtPeriodEnd(sub.id));
  await page.reload();
  await expect(page.getByRole("alert")).toHaveCount(0);
  await expect(page.getByText(/^Cancelado: el plan sigue activo hasta el .+; después pasa a Free Local\.$/)).toBeVisible();
  await deliver("customer.subscription.deleted", stripe.endSubscription(sub.id));
  await page.reload();
  await expect(page.getByTestId("plan-actual")).toHaveText("Free Local");
  await expect(page.getByRole("button", { name: "Contratar" })).toBeVisible();
  await adminPage.context().close();
  await context.close();
});

test("a payment still on its way: the plan section says so, checks by itself and shows the plan once Stripe confirms it (1280 px)", async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const id = await newBusiness(`Vidriería Ámbar ${Date.now().toString(36)}`);
  const owner = await makeUser(request, "planpendiente");
  await confirmAddress(request, BASE_URL, owner.email);
  await admin.post("/admin-members", { form: { intent: "owner", business_id: id, email: owner.email }, maxRedirects: 0 });
  const context = await browser.newContext({ storageState: await request.storageState(), viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors = trackPageErrors(page);
  stripe.state.holdWebhooks = true;
  stripe.state.paymentsPending = true;
  try {
    await page.goto(`/mi-negocio/negocio/${id}/plan`);
    await page.getByRole("button", { name: "Contratar" }).click();
    await page.waitForURL(/\/checkout\/cs_test_/);
    await page.getByRole("button", { name: "Pagar" }).click();
    await page.waitForURL((u) => u.pathname === `/mi-negocio/negocio/${id}/plan` && u.searchParams.get("pago") === "exitoso");
    const sessionId = new URL(page.url()).searchParams.get("session_id")!;
    await expect(page.getByRole("status").filter({ hasText: "Estamos confirmando tu pago con Stripe" })).toBeVisible();
    await expect(page.getByTestId("plan-actual")).toHaveText("Free Local");
    await page.screenshot({ path: `${SHOTS}/plans-confirming-1280.png`, fullPage: true });
    // Stripe confirms it: the page, asking by itself, shows the plan without a reload.
    stripe.settlePayment(sessionId);
    await expect(page.getByRole("status").filter({ hasText: "Pago confirmado" })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId("plan-actual")).toHaveText("Starter Local");
    await expect(page.getByText("Estamos confirmando tu pago con Stripe")).toHaveCount(0);
  } finally {
    stripe.state.holdWebhooks = false;
    stripe.state.paymentsPending = false;
  }
  expect(await stripe.releaseWebhooks()).toEqual(expect.arrayContaining([200]));
  errors.expectNoErrors();
  await context.close();
});

test("without a listing to manage, the chooser explains how to claim or add one (390 px, no JavaScript)", async ({ browser, request }) => {
  const user = await makeUser(request, "plansinnegocio");
  const context = await browser.newContext({
    storageState: await request.storageState(),
    viewport: { width: 390, height: 844 },
    javaScriptEnabled: false,
  });
  const page = await context.newPage();
  await page.goto("/local-ai-pricing");
  await page.getByRole("link", { name: "Contratar: Max Local" }).click();
  await expect(page).toHaveURL(/\/mi-negocio\/plan\?plan=max_local$/);
  await expect(page.getByRole("heading", { name: "Aún no administras ningún negocio" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Añadir mi negocio" })).toHaveAttribute("href", "/mi-negocio/nuevo");
  await expect(page.getByRole("link", { name: "Buscar mi negocio en el directorio" })).toHaveAttribute("href", "/buscar");
  await page.screenshot({ path: `${SHOTS}/plans-chooser-empty-390.png`, fullPage: true });
  await page.goto("/local-ai-pricing");
  await expect(page.getByRole("link", { name: "Empezar gratis: Free Local" })).toHaveAttribute("href", "/mi-negocio");
  expect(user.email).toContain("plansinnegocio");
  await context.close();
});
