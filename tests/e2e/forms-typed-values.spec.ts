/**
 * Forms through Conform (decision 045), in the browser with and without JavaScript: a refused form
 * shows what was typed (passwords excepted) beside each error, lists work as field lists, and the
 * error messages are tied to their fields.
 */
import { expect, test, type Page } from "@playwright/test";
import {
  ADMIN_STATE,
  expectArticle,
  fillArticle,
  makeBlog,
  makeUser,
  signedInPage,
  submitSignIn,
  submitSignUp,
  trackPageErrors,
} from "./fixtures";

/** The field is marked invalid and its first described-by element holds exactly `message`. */
async function expectFieldError(page: Page, label: string, message: string) {
  const field = page.getByLabel(label, { exact: true });
  await expect(field).toHaveAttribute("aria-invalid", "true");
  const errorId = (await field.getAttribute("aria-describedby"))!.split(" ")[0]!;
  await expect(page.locator(`[id="${errorId}"]`)).toHaveText(message);
}

const BAD_IMAGE = "La URL de la imagen debe empezar con http:// o https://";

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });

    test("/auth keeps the e-mail (not the password) after a wrong password", async ({ browser }) => {
      const user = await makeUser(browser, "clave");
      const page = await (await browser.newContext({ javaScriptEnabled })).newPage();
      await submitSignIn(page, { email: user.email, password: "no-es-la-clave" });
      await expect(page.getByRole("alert").filter({ hasText: "Credenciales inválidas. Verifica tu email y contraseña." })).toBeVisible();
      await expect(page.getByLabel("Email")).toHaveValue(user.email);
      if (!javaScriptEnabled) await expect(page.getByLabel("Contraseña")).toHaveValue("");
    });

    test("/auth keeps the e-mail beside its error when the server refuses the address", async ({ page }) => {
      // The browser accepts it as an e-mail; the schema (in the browser or on the server) does not.
      await submitSignIn(page, { email: "ana@localhost", password: "una-clave-cualquiera" });
      await expectFieldError(page, "Email", "Ingresa un email válido");
      await expect(page.getByLabel("Email")).toHaveValue("ana@localhost");
    });

    test("/auth's sign-up keeps the name and e-mail (not the password) when the address is taken", async ({ browser }) => {
      const taken = await makeUser(browser, "tomado");
      const page = await (await browser.newContext({ javaScriptEnabled })).newPage();
      await submitSignUp(page, { name: "Otra Persona Ñáñez", email: taken.email, password: "otra-clave-segura" });
      await expect(page.getByRole("alert").filter({ hasText: "Este email ya está registrado. Intenta iniciar sesión." })).toBeVisible();
      await expect(page.getByLabel("Nombre completo")).toHaveValue("Otra Persona Ñáñez");
      await expect(page.getByLabel("Email")).toHaveValue(taken.email);
      // The server never sends a password back; with JavaScript the browser's field is left as it was.
      if (!javaScriptEnabled) await expect(page.getByLabel("Contraseña")).toHaveValue("");
    });

    test("/auth's sign-up keeps every field but the password beside a field error", async ({ page }) => {
      await submitSignUp(page, { name: "Ana <b>", email: "ana@localhost", password: "clave-segura-123" });
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
        await expectFieldError(page, label, message);
      }
      await expect(page.getByLabel("Teléfono")).toHaveValue("abc");
      await expect(page.getByLabel("Negocio")).toHaveValue("Panadería Ñandú");
      await expect(page.getByLabel("Negocio")).not.toHaveAttribute("aria-invalid", "true");
    });
  });
}

test.describe("without JavaScript, the server answers with what was typed", () => {
  // Each account signs up with JavaScript first (signedInPage), then works on a page without it.
  test("/write-blog keeps every field after a bad image URL", async ({ browser }) => {
    const { page } = await signedInPage(browser, "sinjs-blog", { javaScriptEnabled: false });
    const typed = {
      title: "Crónica con imagen mala",
      excerpt: "Un resumen escrito a mano",
      content: "<p>Texto</p>",
      category: "Turismo",
      image: "no es una url",
    };
    await page.goto("/write-blog");
    await fillArticle(page, typed);
    await page.getByRole("button", { name: "Publicar" }).click();

    await expect(page.getByText(BAD_IMAGE)).toBeVisible();
    await expectArticle(page, typed);
  });

  test("/write-blog's tags are a field list: added and removed by the server, kept with the rest", async ({ browser }) => {
    const { page } = await signedInPage(browser, "sinjs-tags", { javaScriptEnabled: false });
    await page.goto("/write-blog");
    await fillArticle(page, {
      title: "Crónica sin JavaScript",
      excerpt: "Un resumen escrito a mano",
      content: "<p>Texto</p>",
      category: "Turismo",
    });
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
    const { page } = await signedInPage(browser, "sinjs-edit", { javaScriptEnabled: false });
    await makeBlog(page, { title: "Borrador guardado", excerpt: "Resumen guardado", content: "<p>Guardado</p>" });

    const typed = { title: "Título nuevo", excerpt: "" };
    await fillArticle(page, typed);
    await page.getByRole("button", { name: "Guardar borrador" }).click();
    await expect(page.getByText("El resumen es obligatorio")).toBeVisible();
    await expectArticle(page, typed);
  });

  test("/edit-blog keeps every field after a bad image URL", async ({ browser }) => {
    const { page } = await signedInPage(browser, "sinjs-edit-img", { javaScriptEnabled: false });
    await makeBlog(page, { title: "Borrador con imagen", excerpt: "Resumen guardado", content: "<p>Guardado</p>" });

    const typed = {
      title: "Título cambiado",
      excerpt: "Resumen cambiado",
      content: "<p>Cambiado</p>",
      category: "Turismo",
      image: "no es una url",
    };
    await fillArticle(page, typed);
    await page.getByRole("button", { name: "Guardar borrador" }).click();
    await expect(page.getByText(BAD_IMAGE)).toBeVisible();
    await expectArticle(page, typed);
  });

  test("/profile shows what was typed, not the stored values", async ({ browser }) => {
    const { page, user } = await signedInPage(browser, "sinjs-perfil", { javaScriptEnabled: false });
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
  const taken = await makeUser(browser, "ocupado");
  await makeUser(page, "perfil-js");
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
  await expect(page.getByText("Mínimo 8 caracteres, y que no sea una de las contraseñas más usadas.")).toBeVisible();
  await expect(page.getByText(/al menos 8 caracteres/)).toHaveCount(0);
});
