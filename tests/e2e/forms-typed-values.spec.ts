/**
 * Forms through Conform (decision 045), in the browser with and without JavaScript: a refused form
 * shows what was typed (passwords excepted) beside each error, lists work as field lists, and the
 * error messages are tied to their fields.
 */
import { expect, test, type Browser, type Page } from "@playwright/test";
import { ADMIN_STATE, signUp, trackPageErrors, uniqueUser } from "./fixtures";

/** A signed-in page without JavaScript: the account is made through the real form first. */
async function signedInWithoutJs(browser: Browser, prefix: string): Promise<{ page: Page; user: ReturnType<typeof uniqueUser> }> {
  const user = uniqueUser(prefix);
  const withJs = await browser.newContext();
  await signUp(await withJs.newPage(), user);
  const storageState = await withJs.storageState();
  await withJs.close();
  const context = await browser.newContext({ javaScriptEnabled: false, storageState });
  return { page: await context.newPage(), user };
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });

    test("/auth keeps the e-mail (not the password) after a wrong password", async ({ browser }) => {
      const user = uniqueUser("clave");
      const setup = await browser.newContext();
      await signUp(await setup.newPage(), user);
      await setup.close();
      const page = await (await browser.newContext({ javaScriptEnabled })).newPage();
      await page.goto("/auth");
      await page.getByLabel("Email").fill(user.email);
      await page.getByLabel("Contraseña").fill("no-es-la-clave");
      await page.getByRole("button", { name: "Iniciar Sesión" }).last().click();
      await expect(page.getByRole("alert").filter({ hasText: "Credenciales inválidas. Verifica tu email y contraseña." })).toBeVisible();
      await expect(page.getByLabel("Email")).toHaveValue(user.email);
      if (!javaScriptEnabled) await expect(page.getByLabel("Contraseña")).toHaveValue("");
    });

    test("/contact ties each Spanish error to its field", async ({ page }) => {
      await page.goto("/contact");
      await page.getByLabel("Teléfono").fill("abc");
      await page.getByLabel("Negocio").fill("Panadería Ñandú");
      await page.getByRole("button", { name: "Enviar Mensaje" }).click();
      for (const [label, message] of [
        ["Nombre *", "El nombre es obligatorio"],
        ["Email *", "El email es obligatorio"],
        ["Teléfono", "Ingresa un teléfono válido (solo números, espacios, +, - y paréntesis)"],
        ["Mensaje *", "El mensaje es obligatorio"],
      ]) {
        const field = page.getByLabel(label, { exact: true });
        await expect(field).toHaveAttribute("aria-invalid", "true");
        const errorId = (await field.getAttribute("aria-describedby"))!.split(" ")[0]!;
        await expect(page.locator(`[id="${errorId}"]`)).toHaveText(message);
      }
      await expect(page.getByLabel("Teléfono")).toHaveValue("abc");
      await expect(page.getByLabel("Negocio")).toHaveValue("Panadería Ñandú");
      await expect(page.getByLabel("Negocio")).not.toHaveAttribute("aria-invalid", "true");
    });
  });
}

test.describe("without JavaScript, the server answers with what was typed", () => {
  test("/write-blog keeps every field after a bad image URL", async ({ browser }) => {
    const { page } = await signedInWithoutJs(browser, "sinjs-blog");
    await page.goto("/write-blog");
    await page.getByLabel("Título").fill("Crónica con imagen mala");
    await page.getByLabel("Resumen").fill("Un resumen escrito a mano");
    await page.getByLabel("Contenido", { exact: true }).fill("<p>Texto</p>");
    await page.getByLabel("Categoría").selectOption("Turismo");
    await page.getByLabel("URL de la imagen (opcional)").fill("no es una url");
    await page.getByRole("button", { name: "Publicar" }).click();

    await expect(page.getByText("La URL de la imagen debe empezar con http:// o https://")).toBeVisible();
    await expect(page.getByLabel("Título")).toHaveValue("Crónica con imagen mala");
    await expect(page.getByLabel("Resumen")).toHaveValue("Un resumen escrito a mano");
    await expect(page.getByLabel("Contenido", { exact: true })).toHaveValue("<p>Texto</p>");
    await expect(page.getByLabel("Categoría")).toHaveValue("Turismo");
    await expect(page.getByLabel("URL de la imagen (opcional)")).toHaveValue("no es una url");
  });

  test("/write-blog's tags are a field list: added and removed by the server, kept with the rest", async ({ browser }) => {
    const { page } = await signedInWithoutJs(browser, "sinjs-tags");
    await page.goto("/write-blog");
    await page.getByLabel("Título").fill("Crónica sin JavaScript");
    await page.getByLabel("Resumen").fill("Un resumen escrito a mano");
    await page.getByLabel("Contenido", { exact: true }).fill("<p>Texto</p>");
    await page.getByLabel("Categoría").selectOption("Turismo");
    // «Añadir» asks the server for an empty tag box; what was typed comes back with it.
    await page.getByRole("button", { name: "Añadir" }).click();
    await expect(page.getByLabel("Título")).toHaveValue("Crónica sin JavaScript");
    await page.getByLabel("Nueva etiqueta").fill("casco");
    await page.getByRole("button", { name: "Añadir" }).click();
    await page.getByLabel("Nueva etiqueta").fill("historia");
    await page.getByRole("button", { name: "Quitar etiqueta casco" }).click();
    await expect(page.getByRole("button", { name: "Quitar etiqueta casco" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Quitar etiqueta historia" })).toBeVisible();
    await expect(page.getByLabel("Resumen")).toHaveValue("Un resumen escrito a mano");
    await page.getByRole("button", { name: "Publicar" }).click();
    await expect(page).toHaveURL(/\/blog\/cronica-sin-javascript/);
    await expect(page.getByRole("list", { name: "Etiquetas" }).getByText(/^#/)).toHaveText(["#historia"]);
  });

  test("/edit-blog shows what was typed, not the saved article", async ({ browser }) => {
    const { page } = await signedInWithoutJs(browser, "sinjs-edit");
    await page.goto("/write-blog");
    await page.getByLabel("Título").fill("Borrador guardado");
    await page.getByLabel("Resumen").fill("Resumen guardado");
    await page.getByLabel("Contenido", { exact: true }).fill("<p>Guardado</p>");
    await page.getByRole("button", { name: "Guardar borrador" }).click();
    await expect(page).toHaveURL(/\/edit-blog\//);

    await page.getByLabel("Título").fill("Título nuevo");
    await page.getByLabel("Resumen").fill("");
    await page.getByRole("button", { name: "Guardar borrador" }).click();
    await expect(page.getByText("El resumen es obligatorio")).toBeVisible();
    await expect(page.getByLabel("Título")).toHaveValue("Título nuevo");
    await expect(page.getByLabel("Resumen")).toHaveValue("");
  });

  test("/profile shows what was typed, not the stored values", async ({ browser }) => {
    const { page, user } = await signedInWithoutJs(browser, "sinjs-perfil");
    await page.goto("/profile");
    await page.getByLabel("Nombre completo").fill("Nombre <con> signos");
    await page.getByLabel("Email").fill(`otro.${user.email}`);
    await page.getByRole("button", { name: "Guardar cambios" }).click();
    await expect(page.getByText("El nombre contiene caracteres no permitidos")).toBeVisible();
    await expect(page.getByLabel("Nombre completo")).toHaveValue("Nombre <con> signos");
    await expect(page.getByLabel("Email")).toHaveValue(`otro.${user.email}`);
  });

  test("the admin's specialties are a field list: added, refused at their index and removed by the server", async ({ browser }) => {
    const page = await (await browser.newContext({ javaScriptEnabled: false, storageState: ADMIN_STATE })).newPage();
    await page.goto("/admin/restaurant/new");
    await page.getByLabel("Nombre *").fill("Fonda Sin JS");
    await page.getByRole("button", { name: "Agregar" }).click();
    await page.getByLabel("Nueva especialidad").fill("Sancocho");
    await page.getByRole("button", { name: "Agregar" }).click();
    await page.getByLabel("Nueva especialidad").fill("sancocho");
    await page.getByRole("button", { name: "Crear restaurante" }).click();

    await expect(page.getByText("La dirección es obligatoria")).toBeVisible();
    await expect(page.getByLabel("Nombre *")).toHaveValue("Fonda Sin JS");
    // The repeated one carries its own error, tied to its button.
    const repeated = page.getByRole("button", { name: "Quitar sancocho", exact: true });
    const errorId = (await repeated.getAttribute("aria-describedby"))!;
    await expect(page.locator(`[id="${errorId}"]`)).toHaveText('La especialidad "sancocho" está repetida');
    await repeated.click();
    await expect(page.getByRole("button", { name: "Quitar sancocho", exact: true })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Quitar Sancocho", exact: true })).toBeVisible();
    await expect(page.getByLabel("Nombre *")).toHaveValue("Fonda Sin JS");
  });
});

test("with JavaScript, /profile keeps a refused e-mail as typed beside the server's error", async ({ page, browser }) => {
  const errors = trackPageErrors(page);
  const taken = uniqueUser("ocupado");
  const other = await browser.newContext();
  await signUp(await other.newPage(), taken);
  await other.close();
  await signUp(page, uniqueUser("perfil-js"));
  await page.goto("/profile");
  await page.getByLabel("Email").fill(taken.email);
  await page.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(page.getByText("Este email ya está registrado", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue(taken.email);
  await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
  errors.expectNoErrors();
});
