/**
 * What a new user met: the privacy policy and the terms of use (reached from the footer, the sign-up
 * form, the contact form and the premium paywall), one success message after a contact message, a
 * response time that does not break after its hyphen, a sign-up refusal that does not linger under
 * the welcome, Spanish labels on the toasts, an own role saved unchanged, a blog page past the last.
 */
import { expect, type Page, test } from "@playwright/test";
import { ADMIN_STATE, OWNER, submitSignUp, trackPageErrors } from "./fixtures";

const WIDTHS = [1280, 390] as const;
const stamp = () => Math.random().toString(36).slice(2, 8);

const LEGAL = [
  { path: "/privacidad", link: "Política de privacidad", title: "Política de privacidad | Panama VIP IA" },
  { path: "/terminos", link: "Términos de uso", title: "Términos de uso | Panama VIP IA" },
] as const;

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("the footer leads to the privacy policy and the terms of use", async ({ page }) => {
      const errors = trackPageErrors(page);
      for (const legal of LEGAL) {
        await page.goto("/");
        await page.getByRole("contentinfo").getByRole("link", { name: legal.link }).click();
        await expect(page).toHaveURL(new RegExp(`${legal.path}$`));
        await expect(page).toHaveTitle(legal.title);
        await expect(page.getByRole("heading", { level: 1, name: legal.link })).toBeVisible();
        await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{80,}/);
        // No horizontal scroll on a phone.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      }
      errors.expectNoErrors();
    });

    test("«2-4 horas» stays on one line", async ({ page }) => {
      await page.goto("/contact");
      const lines = await linesOf(page, "Normalmente respondemos", "2-4 horas");
      expect(lines).toBe(1);
    });
  });
}

/** How many lines `needle`, inside the element whose text starts with `start`, is laid out on. */
async function linesOf(page: Page, start: string, needle: string): Promise<number> {
  return page.evaluate(
    ([start, needle]) => {
      const el = [...document.querySelectorAll("p")].find((p) => p.textContent?.trim().startsWith(start))!;
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      const nodes: { node: Text; from: number }[] = [];
      let text = "";
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        nodes.push({ node: n as Text, from: text.length });
        text += n.textContent;
      }
      const at = text.indexOf(needle);
      const point = (offset: number) => {
        const hit = nodes.findLast((n) => n.from <= offset)!;
        return [hit.node, offset - hit.from] as const;
      };
      const range = document.createRange();
      range.setStart(...point(at));
      range.setEnd(...point(at + needle.length));
      return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.bottom))).size;
    },
    [start, needle],
  );
}

test("«2-4 horas» stays on one line at every phone and tablet width", async ({ page }) => {
  for (const width of [320, 360, 375, 414, 768, 1024]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/contact");
    expect(await linesOf(page, "Normalmente respondemos", "2-4 horas"), `${width} px`).toBe(1);
  }
});

test("the pages say what is kept, for how long, who processes it and how to exercise the Ley 81 rights", async ({ page }) => {
  await page.goto("/privacidad");
  const main = page.getByRole("main");
  for (const text of [
    "Ley 81 de 2019",
    "dirección IP y el navegador",
    "Mensajes de contacto",
    "Mientras tu cuenta exista",
    "30 días después de tu última visita",
    "Stripe",
    "proveedor de correo",
  ])
    await expect(main.getByText(text).first()).toBeVisible();
  for (const right of ["Acceso", "Rectificación", "Cancelación", "Oposición", "Portabilidad"])
    await expect(main.getByRole("listitem").filter({ hasText: new RegExp(`^${right}:`) })).toHaveCount(1);
  await expect(main.getByRole("link", { name: "info@panamavipia.com" }).first()).toHaveAttribute("href", "mailto:info@panamavipia.com");
  await expect(main.getByRole("link", { name: "formulario de contacto" }).first()).toHaveAttribute("href", "/contact");

  await page.goto("/terminos");
  await expect(page.getByRole("main").getByText("no sustituyen la asesoría de un abogado")).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: "política de privacidad" })).toHaveAttribute("href", "/privacidad");

  const sitemap = await (await page.request.get("/sitemap.xml")).text();
  expect(sitemap).toContain("/privacidad</loc>");
  expect(sitemap).toContain("/terminos</loc>");
});

test("the sign-up form, the contact form and the premium paywall link to them", async ({ page }) => {
  await page.goto("/auth?modo=registro");
  const form = page.locator("form", { has: page.getByRole("button", { name: "Crear Cuenta" }) });
  await expect(form.getByRole("link", { name: "Términos de uso" })).toHaveAttribute("href", "/terminos");
  await expect(form.getByRole("link", { name: "Política de privacidad" })).toHaveAttribute("href", "/privacidad");

  await page.goto("/contact");
  const contact = page.locator("form", { has: page.getByRole("button", { name: "Enviar Mensaje" }) });
  await expect(contact.getByRole("link", { name: "Política de privacidad" })).toHaveAttribute("href", "/privacidad");

  await page.goto("/ai-solutions/amy");
  const paywall = page.getByRole("button", { name: "Suscribirme" }).locator("xpath=ancestor::div[1]");
  await expect(paywall).toContainText("El pago lo procesa Stripe. Al suscribirte aceptas los Términos de uso y la Política de privacidad.");
  await expect(paywall.getByRole("link", { name: "Términos de uso" })).toHaveAttribute("href", "/terminos");
  await expect(paywall.getByRole("link", { name: "Política de privacidad" })).toHaveAttribute("href", "/privacidad");
});

/** How many times `text` is on screen (the rendered text of the page, <noscript> included when it shows). */
// biome-ignore lint/performance/useDomNodeTextContent: the text as shown is what counts (textContent would read hidden copies)
const timesShown = async (page: Page, text: string) => (await page.locator("body").innerText()).split(text).length - 1;

test("a contact message is confirmed once", async ({ page }) => {
  await page.goto("/contact");
  await page.getByLabel("Nombre *").fill(`Una vez ${stamp()}`);
  await page.getByLabel("Email *").fill("una.vez@example.com");
  await page.getByLabel("Mensaje *").fill("Quiero saber más de Local AI Search.");
  await page.getByRole("button", { name: "Enviar Mensaje" }).click();
  await expect(page.locator("[data-sonner-toast]")).toContainText("¡Mensaje Enviado!");
  expect(await timesShown(page, "¡Mensaje Enviado!")).toBe(1);
  expect(await timesShown(page, "Te responderemos en menos de 24 horas")).toBe(1);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("a contact message is confirmed once", async ({ page }) => {
    await page.goto("/contact");
    await page.getByLabel("Nombre *").fill(`Sin JS una vez ${stamp()}`);
    await page.getByLabel("Email *").fill("sinjs.una.vez@example.com");
    await page.getByLabel("Mensaje *").fill("Hola sin JavaScript.");
    await page.getByRole("button", { name: "Enviar Mensaje" }).click();
    await expect(page).toHaveURL(/\/contact\?enviado=1$/);
    // The page's notice (the toast cannot pop up without JavaScript), and nothing more.
    expect(await timesShown(page, "¡Mensaje Enviado!")).toBe(1);
    expect(await timesShown(page, "Te responderemos en menos de 24 horas")).toBe(1);
    await expect(page.getByLabel("Nombre *")).toHaveValue("");
  });
});

test("after a refused sign-up, a successful one shows only '¡Cuenta creada!'; toasts speak Spanish", async ({ page }) => {
  const errors = trackPageErrors(page);
  await submitSignUp(page, { name: "Ya Registrada", email: OWNER.email, password: "clave-repetida-123" });
  const toasts = page.locator("[data-sonner-toast]");
  await expect(toasts.filter({ hasText: "Este email ya está registrado" })).toBeVisible();
  await expect(page.getByRole("region", { name: /^Notificaciones/ })).toBeAttached();
  await expect(toasts.getByRole("button", { name: "Cerrar aviso" })).toBeVisible();

  // The pointer rests on the toast (Sonner then keeps it on screen) while the form is sent again
  // from the keyboard: however long the sign-up takes, the old refusal must not stay.
  await toasts.first().hover();
  const id = stamp();
  await page.getByLabel("Email").fill(`nueva-${id}@e2e.test`);
  await page.getByLabel("Contraseña").fill(`clave-${id}-segura`);
  await page.getByLabel("Contraseña").press("Enter");
  await expect(page).toHaveURL(/\/$/);
  await expect(toasts.filter({ hasText: "¡Cuenta creada!" })).toBeVisible();
  await expect(toasts).toHaveCount(1);
  errors.expectNoErrors();
});

test.describe("as the admin", () => {
  test.use({ storageState: ADMIN_STATE });
  test("saving one's own locked role says it was not changed", async ({ page }) => {
    await page.goto(`/admin-members?q=${encodeURIComponent(OWNER.email)}`);
    await page
      .getByRole("link", { name: /^Editar rol/ })
      .first()
      .click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("radio", { name: "Usuario regular" })).toBeDisabled();
    await dialog.getByRole("button", { name: "Guardar rol" }).click();
    const toast = page.locator("[data-sonner-toast]");
    await expect(toast.filter({ hasText: "Rol sin cambios" })).toContainText("No puedes cambiar tu propio rol.");
    await expect(toast.filter({ hasText: "Rol actualizado" })).toHaveCount(0);
  });
});

test("/blog?page=99 goes to the last page", async ({ page }) => {
  await page.goto("/blog?page=99");
  // The demo data alone fills two pages; the current page is the last one (no 'Página siguiente').
  await expect(page).toHaveURL(/\/blog\?page=\d+$/);
  const current = page.getByRole("navigation", { name: "Paginación" }).locator('[aria-current="page"]');
  const last = Number(await current.textContent());
  expect(last).toBeGreaterThan(1);
  expect(page.url()).toMatch(new RegExp(`page=${last}$`));
  await expect(page.getByRole("link", { name: "Página siguiente" })).toHaveCount(0);
  await expect(page).toHaveTitle(`Blog (página ${last}) | Panama VIP IA`);
});
