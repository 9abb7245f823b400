/**
 * Forms through Conform (decision 045), in the browser with and without JavaScript: a refused form
 * shows what was typed (passwords excepted) beside each error, lists work as field lists, and the
 * error messages are tied to their fields.
 */
import { expect, test, type Browser, type Page } from "@playwright/test";
import { ADMIN_STATE, signUp, trackPageErrors, uniqueUser } from "./fixtures";

/** The field is marked invalid and its first described-by element holds exactly `message`. */
async function expectFieldError(page: Page, label: string, message: string) {
  const field = page.getByLabel(label, { exact: true });
  await expect(field).toHaveAttribute("aria-invalid", "true");
  const errorId = (await field.getAttribute("aria-describedby"))!.split(" ")[0]!;
  await expect(page.locator(`[id="${errorId}"]`)).toHaveText(message);
}

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

    test("/auth keeps the e-mail beside its error when the server refuses the address", async ({ page }) => {
      await page.goto("/auth");
      // The browser accepts it as an e-mail; the schema (in the browser or on the server) does not.
      await page.getByLabel("Email").fill("ana@localhost");
      await page.getByLabel("Contraseña").fill("una-clave-cualquiera");
      await page.getByRole("button", { name: "Iniciar Sesión" }).last().click();
      await expectFieldError(page, "Email", "Ingresa un email válido");
      await expect(page.getByLabel("Email")).toHaveValue("ana@localhost");
    });

    test("/auth's sign-up keeps the name and e-mail (not the password) when the address is taken", async ({ browser }) => {
      const taken = uniqueUser("tomado");
      const setup = await browser.newContext();
      await signUp(await setup.newPage(), taken);
      await setup.close();
      const page = await (await browser.newContext({ javaScriptEnabled })).newPage();
      await page.goto("/auth?modo=registro");
      await page.getByLabel("Nombre completo").fill("Otra Persona Ñáñez");
      await page.getByLabel("Email").fill(taken.email);
      await page.getByLabel("Contraseña").fill("otra-clave-segura");
      await page.getByRole("button", { name: "Crear Cuenta" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "Este email ya está registrado. Intenta iniciar sesión." })).toBeVisible();
      await expect(page.getByLabel("Nombre completo")).toHaveValue("Otra Persona Ñáñez");
      await expect(page.getByLabel("Email")).toHaveValue(taken.email);
      // The server never sends a password back; with JavaScript the browser's field is left as it was.
      if (!javaScriptEnabled) await expect(page.getByLabel("Contraseña")).toHaveValue("");
    });

    test("/auth's sign-up keeps every field but the password beside a field error", async ({ page }) => {
      await page.goto("/auth?modo=registro");
      await page.getByLabel("Nombre completo").fill("Ana <b>");
      await page.getByLabel("Email").fill("ana@localhost");
      await page.getByLabel("Contraseña").fill("clave-segura-123");
      await page.getByRole("button", { name: "Crear Cuenta" }).click();
      await expectFieldError(page, "Nombre completo", "El nombre contiene caracteres no permitidos");
      await expectFieldError(page, "Email", "Ingresa un email válido");
      await expect(page.getByLabel("Nombre completo")).toHaveValue("Ana <b>");
      await expect(page.getByLabel("Email")).toHaveValue("ana@localhost");
      // With JavaScript the form was never sent, so the password stays; the server never sends one back.
      await expect(page.getByLabel("Contraseña")).toHaveValue(javaScriptEnabled ? "clave-segura-123" : "");
    });

    test("/auth/recuperar keeps the e-mail beside its error", async ({ page }) => {
      await page.goto("/auth/recuperar");
      await page.getByLabel("Email").fill("ana@localhost");
      await page.getByRole("button", { name: "Enviar enlace" }).click();
      await expectFieldError(page, "Email", "Ingresa un email válido");
      await expect(page.getByLabel("Email")).toHaveValue("ana@localhost");
    });

    test("/auth/nueva-contrasena shows the mismatch beside the repeated password and keeps the link", async ({ page }) => {
      await page.goto("/auth/nueva-contrasena?token=enlace-de-prueba");
      await page.getByLabel("Nueva contraseña").fill("clave-nueva-123");
      await page.getByLabel("Repite la contraseña").fill("clave-nueva-124");
      await page.getByRole("button", { name: "Guardar contraseña" }).click();
      await expectFieldError(page, "Repite la contraseña", "Las contraseñas no coinciden");
      // Still the same link: the form can be sent again.
      await expect(page.locator('input[name="token"]')).toHaveValue("enlace-de-prueba");
      await expect(page.getByRole("button", { name: "Guardar contraseña" })).toBeEnabled();
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

  test("/edit-blog keeps every field after a bad image URL", async ({ browser }) => {
    const { page } = await signedInWithoutJs(browser, "sinjs-edit-img");
    await page.goto("/write-blog");
    await page.getByLabel("Título").fill("Borrador con imagen");
    await page.getByLabel("Resumen").fill("Resumen guardado");
    await page.getByLabel("Contenido", { exact: true }).fill("<p>Guardado</p>");
    await page.getByRole("button", { name: "Guardar borrador" }).click();
    await expect(page).toHaveURL(/\/edit-blog\//);

    await page.getByLabel("Título").fill("Título cambiado");
    await page.getByLabel("Resumen").fill("Resumen cambiado");
    await page.getByLabel("Contenido", { exact: true }).fill("<p>Cambiado</p>");
    await page.getByLabel("Categoría").selectOption("Turismo");
    await page.getByLabel("URL de la imagen (opcional)").fill("no es una url");
    await page.getByRole("button", { name: "Guardar borrador" }).click();
    await expect(page.getByText("La URL de la imagen debe empezar con http:// o https://")).toBeVisible();
    await expect(page.getByLabel("Título")).toHaveValue("Título cambiado");
    await expect(page.getByLabel("Resumen")).toHaveValue("Resumen cambiado");
    await expect(page.getByLabel("Contenido", { exact: true })).toHaveValue("<p>Cambiado</p>");
    await expect(page.getByLabel("Categoría")).toHaveValue("Turismo");
    await expect(page.getByLabel("URL de la imagen (opcional)")).toHaveValue("no es una url");
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
    await expect(page.locator(`[id="${errorId}"]`)).toHaveText("La especialidad «sancocho» está repetida");
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

test("with JavaScript, an empty sign-up password shows one error (beside the hint)", async ({ page }) => {
  await page.goto("/auth?modo=registro");
  // Until the form's code has arrived the browser's own check (required) would answer instead.
  await expect(page.locator("form[novalidate]")).toHaveCount(1);
  await page.getByLabel("Nombre completo").fill("Ana Pérez");
  await page.getByLabel("Email").fill("ana.perez@ejemplo.pa");
  await page.getByRole("button", { name: "Crear Cuenta" }).click();
  const password = page.getByLabel("Contraseña");
  await expect(password).toHaveAttribute("aria-invalid", "true");
  const errorId = (await password.getAttribute("aria-describedby"))!.split(" ")[0]!;
  await expect(page.locator(`[id="${errorId}"] li`)).toHaveText(["La contraseña es obligatoria"]);
  await expect(page.getByText("Mínimo 8 caracteres.")).toBeVisible();
  await expect(page.getByText(/al menos 8 caracteres/)).toHaveCount(0);
});
