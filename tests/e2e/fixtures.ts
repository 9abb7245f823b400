/** Shared helpers for the browser tests: unique users, sign-up and sign-in through the real forms. */
import crypto from "node:crypto";
import { expect, type Page } from "@playwright/test";

export const OWNER = { email: "owner@e2e.test", password: "owner-password-123", name: "Dueña Admin" };
export const ADMIN_STATE = "tests/e2e/.auth/admin.json";

export function uniqueUser(prefix = "user") {
  const id = crypto.randomBytes(4).toString("hex");
  return { email: `${prefix}-${id}@e2e.test`, password: `clave-${id}-segura`, name: `Usuaria ${prefix} ${id}` };
}

export async function signUp(page: Page, user: { email: string; password: string; name: string }) {
  await page.goto("/auth?modo=registro");
  await page.getByLabel("Nombre completo").fill(user.name);
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Contraseña").fill(user.password);
  await page.getByRole("button", { name: "Crear Cuenta" }).click();
  await expect(page).toHaveURL(/\/$/);
  // Signed in: the header's account menu (a button with JavaScript, a <summary> without).
  await expect(page.getByRole("banner").getByText("Mi Cuenta", { exact: true }).first()).toBeVisible();
}

export async function signIn(page: Page, user: { email: string; password: string }) {
  await page.goto("/auth");
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Contraseña").fill(user.password);
  await page.getByRole("button", { name: "Iniciar Sesión" }).last().click();
  await expect(page).toHaveURL(/\/$/);
}

/** Watches for uncaught page errors; call `expectNoErrors()` at the end of a test. */
export function trackPageErrors(page: Page) {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  return { expectNoErrors: () => expect(errors).toEqual([]) };
}
