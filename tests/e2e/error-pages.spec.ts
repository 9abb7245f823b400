/**
 * Error pages say what happened: a Spanish document title and heading, the status, and the one link
 * that helps (a bad listing cursor offers that listing's first page). Loaded directly, with and without
 * JavaScript, and reached by client-side navigation.
 */
import { expect, test } from "@playwright/test";
import { trackPageErrors } from "./fixtures";

const SITE = " | Panama VIP IA";

const CASES = [
  { path: "/esta-pagina-no-existe", status: 404, title: "Página no encontrada", link: "Volver al inicio", href: "/" },
  {
    path: "/restaurante/no-existe",
    status: 404,
    title: "Restaurante no encontrado",
    link: "Buscar restaurantes",
    href: "/buscar?tipo=restaurantes",
  },
  { path: "/negocio/no-existe", status: 404, title: "Negocio no encontrado", link: "Buscar negocios", href: "/buscar?tipo=negocios" },
  { path: "/negocios/panaderias", status: 404, title: "Industria no encontrada", link: "Buscar negocios", href: "/buscar?tipo=negocios" },
  {
    path: "/restaurantes-chiriqui?cursor=basura",
    status: 400,
    title: "Enlace no válido",
    text: "El enlace de paginación no es válido. Vuelve a la primera página.",
    link: "Ir a la primera página",
    href: "/restaurantes-chiriqui",
  },
  {
    path: "/negocios/tecnologia?provincia=narnia",
    status: 400,
    title: "Enlace no válido",
    link: "Ver la página sin ese filtro",
    href: "/negocios/tecnologia",
  },
  {
    path: "/buscar?q=cafe&tipo=otros",
    status: 400,
    title: "Enlace no válido",
    link: "Ver la página sin ese filtro",
    href: "/buscar?q=cafe",
  },
  { path: "/blog/no-existe", status: 404, title: "Artículo no encontrado", link: "Volver al blog", href: "/blog" },
];

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });
    for (const c of CASES) {
      test(`${c.path} answers ${c.status} titled '${c.title}'`, async ({ page }) => {
        const errors = trackPageErrors(page);
        const res = await page.goto(c.path);
        expect(res?.status()).toBe(c.status);
        await expect(page).toHaveTitle(`${c.title}${SITE}`);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(c.title);
        if (c.text) await expect(page.getByText(c.text)).toBeVisible();
        const main = page.getByRole("main");
        await expect(main.getByRole("link", { name: c.link })).toHaveAttribute("href", c.href);
        await main.getByRole("link", { name: c.link }).click();
        await expect(page).toHaveURL(c.href);
        expect((await page.request.get(c.href)).status()).toBe(200);
        if (javaScriptEnabled) errors.expectNoErrors();
      });
    }
  });
}

test("a bad link reached by client-side navigation gets the same titled page", async ({ page }) => {
  await page.goto("/");
  // The router exists once the page has hydrated; "load" can come before that.
  await page.waitForFunction(() => "__reactRouterDataRouter" in window);
  // React Router's own navigation, as the site's links use it (no document load).
  await page.evaluate(() =>
    (window as unknown as { __reactRouterDataRouter: { navigate(to: string): void } }).__reactRouterDataRouter.navigate(
      "/restaurantes-chiriqui?cursor=basura",
    ),
  );
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Enlace no válido");
  await expect(page).toHaveTitle(`Enlace no válido${SITE}`);
});
