import { expect, test } from "@playwright/test";
import { ADMIN_STATE, makeUser, signIn, submitSignIn, submitSignUp, trackPageErrors } from "./fixtures";

test("sign up, the menu becomes 'Mi Cuenta', edit the profile, sign out", async ({ page }) => {
  const errors = trackPageErrors(page);
  await makeUser(page, "cuenta");
  await expect(page.getByText("¡Cuenta creada!")).toBeVisible();
  await expect(page.getByRole("link", { name: "Iniciar Sesión / App" })).toHaveCount(0);

  await page.getByRole("button", { name: /Mi Cuenta/ }).click();
  const header = page.getByRole("banner");
  for (const [name, href] of [
    ["Mi Perfil", "/profile"],
    ["Mis Blogs", "/my-blogs"],
    ["Escribir Blog", "/write-blog"],
  ])
    await expect(header.getByRole("link", { name })).toHaveAttribute("href", href);
  await header.getByRole("link", { name: "Mi Perfil" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText("Usuario", { exact: true })).toBeVisible();
  await page.getByLabel("Nombre completo").fill("Nombre Cambiado Ñandú");
  await page.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(page.getByText("Perfil actualizado")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Nombre completo")).toHaveValue("Nombre Cambiado Ñandú");

  await page.getByRole("button", { name: /Mi Cuenta/ }).click();
  await page.getByRole("banner").getByRole("button", { name: "Cerrar Sesión" }).click();
  await expect(page.getByText("Sesión cerrada")).toBeVisible();
  await expect(page.getByText("Has cerrado sesión exitosamente.")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("link", { name: "Iniciar Sesión / App" })).toBeVisible();
  // Signed out, /profile goes to /auth.
  await page.goto("/profile");
  await expect(page).toHaveURL(/\/auth/);
  errors.expectNoErrors();
});

test("wrong password and an e-mail already registered show the spec's texts", async ({ page }) => {
  const user = await makeUser(page, "dup");
  await page.context().clearCookies();
  await submitSignUp(page, { name: "Otra Persona", email: user.email, password: "otra-clave-123" });
  await expect(page.getByRole("alert").filter({ hasText: "Este email ya está registrado. Intenta iniciar sesión." })).toBeVisible();

  await submitSignIn(page, { email: user.email, password: "no-es-la-clave" });
  await expect(page.getByRole("alert").filter({ hasText: "Credenciales inválidas. Verifica tu email y contraseña." })).toBeVisible();
  await expect(page).toHaveURL(/\/auth/);
});

test("the login form checks required fields in the browser, in Spanish", async ({ page }) => {
  await page.goto("/auth");
  await page.getByRole("button", { name: "Iniciar Sesión" }).last().click();
  await expect(page.getByText("El email es obligatorio")).toBeVisible();
  await expect(page.getByText("La contraseña es obligatoria")).toBeVisible();
});

test("a signed-in user visiting /auth is sent to /, and a regular user at /admin sees 'Acceso Denegado'", async ({ page }) => {
  await makeUser(page, "normal");
  await page.goto("/auth");
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("Acceso Denegado")).toBeVisible();
  await expect(page.getByText("No tienes permisos de administrador.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Dashboard Admin" })).toHaveCount(0);
});

test.describe("the owner account", () => {
  test.use({ storageState: ADMIN_STATE });

  test("is 'Administrador', sees the ADMIN badge and 'Dashboard Admin'", async ({ page }) => {
    await page.goto("/profile");
    await expect(page.getByText("Administrador", { exact: true })).toBeVisible();
    // The header's badge; before hydration the server-rendered mobile menu holds a second, hidden one.
    await expect(page.getByText("ADMIN", { exact: true }).filter({ visible: true })).toBeVisible();
    await page.getByRole("link", { name: "Dashboard Admin" }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });
});

test("signing in again after signing out works and greets with '¡Bienvenido!'", async ({ page }) => {
  const user = await makeUser(page, "vuelve");
  await page.context().clearCookies();
  await signIn(page, user);
  await expect(page.getByText("¡Bienvenido!")).toBeVisible();
  await expect(page.getByRole("button", { name: /Mi Cuenta/ })).toBeVisible();
});

test("a session that ended sends a client-side navigation to sign in, and back to the page afterwards", async ({ page, context }) => {
  const user = await makeUser(page, "caducada");
  await page.getByRole("button", { name: /Mi Cuenta/ }).click();
  // The session ends while the page is open: the next navigation is a data request (`.data`).
  await context.clearCookies();
  const dataRequest = page.waitForRequest((r) => new URL(r.url()).pathname === "/my-blogs.data");
  await page.getByRole("banner").getByRole("link", { name: "Mis Blogs" }).click();
  await dataRequest;
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fmy-blogs$/);
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Contraseña").fill(user.password);
  await page.getByRole("button", { name: "Iniciar Sesión" }).last().click();
  await expect(page).toHaveURL(/\/my-blogs$/);
});
