/**
 * Shared helpers for the browser tests. Their server keeps its embedded database to itself (one
 * private connection), so the data a test needs is made the way a person would make it: makeUser
 * signs up through the real form, makeBlog saves a draft in the real editor, makeFreePlan grants one
 * on the admin's page. They carry the names of tests/setup/factories.ts, which writes straight to the
 * database for the model and route tests.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import { type APIRequestContext, type Browser, type BrowserContextOptions, expect, type Page } from "@playwright/test";

export const OWNER = { email: "owner@e2e.test", password: "owner-password-123", name: "Dueña Admin" };
// One file per server port, so that suites run side by side on other ports keep their own session.
export const ADMIN_STATE = `tests/e2e/.auth/admin-${process.env.E2E_PORT ?? 3100}.json`;

/** The marketing pages and the assistants' pages, for scans that walk every page. */
export const MARKETING_PAGES = [
  "/",
  "/about",
  "/services",
  "/ai-solutions",
  "/ai-solutions/yodda",
  "/ai-solutions/amy",
  "/local-ai-pricing",
  "/contact",
  "/privacidad",
  "/terminos",
];

export type User = { email: string; password: string; name: string };
type Session = Awaited<ReturnType<APIRequestContext["storageState"]>>;

const hex = () => crypto.randomBytes(4).toString("hex");

function uniqueUser(prefix = "user"): User {
  const id = hex();
  return { email: `${prefix}-${id}@e2e.test`, password: `clave-${id}-segura`, name: `Usuaria ${prefix} ${id}` };
}

/** Fills the sign-up form with `user` and sends it (the answer is the caller's to check). */
export async function submitSignUp(page: Page, user: User) {
  await page.goto("/auth?modo=registro");
  await page.getByLabel("Nombre completo").fill(user.name);
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Contraseña").fill(user.password);
  await page.getByRole("button", { name: "Crear Cuenta" }).click();
}

/** Signs `user` up on `page` through the real form; the page ends signed in, at /. */
async function signUp(page: Page, user: User) {
  await submitSignUp(page, user);
  await expect(page).toHaveURL(/\/$/);
  // Signed in: the header's account menu (a button with JavaScript, a <summary> without).
  await expect(page.getByRole("banner").getByText("Mi Cuenta", { exact: true }).first()).toBeVisible();
}

/**
 * A new account (`prefix` names it), signed up through the real form:
 * - on a page: that page's context is signed in;
 * - on a browser: in a signed-out context of its own (with the test's other options, JavaScript
 *   included), where `then` runs on the signed-in page before the context closes;
 * - on a request context: by posting the form as a browser without JavaScript would; it is signed in.
 * Returns the user with its session, to open more contexts signed in as it.
 */
export async function makeUser(
  where: Page | Browser | APIRequestContext,
  prefix = "user",
  then?: (page: Page) => Promise<unknown>,
): Promise<User & { session: Session }> {
  const user = uniqueUser(prefix);
  if ("newContext" in where) {
    const context = await where.newContext({ storageState: { cookies: [], origins: [] } });
    const page = await context.newPage();
    await signUp(page, user);
    await then?.(page);
    const session = await context.storageState();
    await context.close();
    return { ...user, session };
  }
  if ("goto" in where) {
    await signUp(where, user);
    return { ...user, session: await where.context().storageState() };
  }
  const res = await where.post("/auth", {
    form: { intent: "signup", full_name: user.name, email: user.email, password: user.password },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(302);
  return { ...user, session: await where.storageState() };
}

/** A page in a new context with `options` (no JavaScript, a phone's width…), signed in as a new account. */
export async function signedInPage(browser: Browser, prefix: string, options: BrowserContextOptions = {}) {
  const user = await makeUser(browser, prefix);
  const context = await browser.newContext({ ...options, storageState: user.session });
  return { page: await context.newPage(), user };
}

/** Fills the sign-in form and sends it (the answer is the caller's to check). */
export async function submitSignIn(page: Page, user: { email: string; password: string }) {
  await page.goto("/auth");
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Contraseña").fill(user.password);
  await page.getByRole("button", { name: "Iniciar Sesión" }).last().click();
}

/** Signs `user` in on `page`; the page ends at /. */
export async function signIn(page: Page, user: { email: string; password: string }) {
  await submitSignIn(page, user);
  await expect(page).toHaveURL(/\/$/);
}

/** The blog editor's fields (/write-blog, /edit-blog/…) as the writer sees them; tags are not among them. */
export type Article = { title?: string; excerpt?: string; content?: string; category?: string; image?: string };

const articleFields = (page: Page) => ({
  title: page.getByLabel("Título"),
  excerpt: page.getByLabel("Resumen"),
  content: page.getByLabel("Contenido", { exact: true }),
  category: page.getByLabel("Categoría"),
  image: page.getByLabel("URL de la imagen (opcional)"),
});

/** Types `article` into the editor, field by field in the form's order (the category is chosen). */
export async function fillArticle(page: Page, article: Article) {
  const fields = articleFields(page);
  for (const name of ["title", "excerpt", "content", "category", "image"] as const) {
    const value = article[name];
    if (value === undefined) continue;
    if (name === "category") await fields.category.selectOption(value);
    else await fields[name].fill(value);
  }
}

/** The editor shows `article`'s values. */
export async function expectArticle(page: Page, article: Article) {
  const fields = articleFields(page);
  for (const [name, value] of Object.entries(article) as [keyof Article, string][]) await expect(fields[name], name).toHaveValue(value);
}

/** A draft saved in the real editor by the page's user (a short excerpt and text unless given); its id. */
export async function makeBlog(page: Page, article: Article & { title: string }): Promise<string> {
  await page.goto("/write-blog");
  await fillArticle(page, { excerpt: "Un resumen.", content: "<p>Texto.</p>", ...article });
  await page.getByRole("button", { name: "Guardar borrador" }).click();
  await expect(page).toHaveURL(/\/edit-blog\/[0-9a-f-]{36}$/);
  return page.url().split("/").pop()!;
}

/** A free plan granted on the admin's page (`page` must be the admin's), for a new address unless given. */
export async function makeFreePlan(page: Page, email = `plan-${hex()}@e2e.test`) {
  await page.goto("/admin/free-plans");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Otorgar plan gratuito" }).click();
  const row = page.getByTestId("free-plan").filter({ hasText: email });
  await expect(row).toHaveCount(1);
  return { email, row };
}

/** Opens the admin's new-restaurant form and types the required fields. */
export async function startNewRestaurant(page: Page, fields: { nombre: string; provincia: string; direccion: string }) {
  await page.goto("/admin/restaurant/new");
  await page.getByLabel("Nombre *").fill(fields.nombre);
  await page.getByLabel("Provincia *").selectOption(fields.provincia);
  await page.getByLabel("Dirección *").fill(fields.direccion);
}

/** Watches for uncaught page errors; call `expectNoErrors()` at the end of a test. */
export function trackPageErrors(page: Page) {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  return { expectNoErrors: () => expect(errors).toEqual([]) };
}

/**
 * The link the server last mailed to `to` (whose subject matches), from its mail log: the e2e server
 * writes every mail there, as an operator without SMTP would read it. Waits for the mail to arrive.
 */
export async function mailedLink(baseURL: string, to: string, subject: RegExp = /./): Promise<string> {
  const log = `.e2e-data-${new URL(baseURL).port}/mail.log`;
  let link = "";
  await expect
    .poll(() => {
      const mails = fs.existsSync(log)
        ? fs
            .readFileSync(log, "utf8")
            .trim()
            .split("\n")
            .filter(Boolean)
            .map((l) => JSON.parse(l) as { to: string; subject: string; text: string })
        : [];
      link = mails.findLast((m) => m.to === to && subject.test(m.subject))?.text.match(/https?:\/\/\S+/)?.[0] ?? "";
      return link;
    })
    .toBeTruthy();
  return link;
}

/** Opens the confirmation link mailed to `email` at sign-up, in `ctx` (the address becomes confirmed). */
export async function confirmAddress(ctx: APIRequestContext, baseURL: string, email: string) {
  const res = await ctx.get(await mailedLink(baseURL, email, /^Confirma tu email/), { maxRedirects: 0 });
  expect(res.status()).toBe(302);
}
