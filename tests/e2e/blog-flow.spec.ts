/** The blog in a real browser: write, publish, search, read, drafts, editing, authorization, deleting. */
import crypto from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { fillArticle, makeUser, trackPageErrors } from "./fixtures";

async function writeArticle(
  page: Page,
  a: { title: string; excerpt: string; content: string; category?: string; tags?: string[] },
  button: "Publicar" | "Guardar borrador",
) {
  await page.goto("/write-blog");
  await fillArticle(page, a);
  for (const t of a.tags ?? []) {
    await page.getByLabel("Etiquetas").fill(t);
    await page.getByLabel("Etiquetas").press("Enter");
  }
  await page.getByRole("button", { name: button }).click();
}

/** The views shown on the article's card in /my-blogs. */
async function viewsInMyBlogs(page: Page, title: string): Promise<string> {
  await page.goto("/my-blogs");
  return (
    (await page
      .locator("article", { has: page.getByRole("heading", { name: title }) })
      .getByTestId("views")
      .textContent()) ?? ""
  ).trim();
}

test("write -> publish -> find it searching without accents -> open it -> views +1", async ({ page }) => {
  const errors = trackPageErrors(page);
  await makeUser(page, "autora");
  const id = crypto.randomBytes(3).toString("hex");
  const title = `Crónica panameña ${id}`;
  await writeArticle(
    page,
    {
      title,
      excerpt: "Un paseo por el Casco Antiguo.",
      content: "<h2>Casco</h2><p>Calles <strong>históricas</strong>.</p>",
      category: "Turismo",
      tags: ["casco", "Casco", "historia"],
    },
    "Publicar",
  );
  await expect(page).toHaveURL(new RegExp(`/blog/cronica-panamena-${id}$`));
  await expect(page.getByText("¡Blog Publicado!")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole("list", { name: "Etiquetas" }).getByText(/^#/)).toHaveText(["#casco", "#historia"]);

  const before = await viewsInMyBlogs(page, title);
  expect(before).toBe("1 vista");

  await page.goto("/blog");
  await page.getByLabel("Buscar artículos").fill(`cronica PANAMENA ${id}`);
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(page).toHaveURL(new RegExp(`/blog\\?q=cronica\\+PANAMENA\\+${id}$`));
  await expect(page.getByText("1 resultado")).toBeVisible();
  await page.getByRole("link", { name: `Leer más: ${title}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByText("2 vistas")).toBeVisible();
  expect(await viewsInMyBlogs(page, title)).toBe("2 vistas");
  errors.expectNoErrors();
});

test("a draft: saved, found under Borradores, edited and published", async ({ page }) => {
  await makeUser(page, "borrador");
  const id = crypto.randomBytes(3).toString("hex");
  const title = `Borrador de café ${id}`;
  await writeArticle(page, { title, excerpt: "Aún sin terminar.", content: "<p>Primer párrafo.</p>" }, "Guardar borrador");
  await expect(page).toHaveURL(/\/edit-blog\/[0-9a-f-]{36}$/);
  await expect(page.getByText("¡Borrador Guardado!")).toBeVisible();

  await page.goto("/my-blogs");
  await page.getByRole("link", { name: /^Borradores/ }).click();
  await expect(page).toHaveURL(/estado=borradores/);
  const card = page.locator("article", { has: page.getByRole("heading", { name: title }) });
  await expect(card.getByText("Borrador", { exact: true })).toBeVisible();
  await page.getByRole("link", { name: /^Publicados/ }).click();
  await expect(page.getByRole("heading", { name: title })).toHaveCount(0);
  await page.getByRole("link", { name: /^Borradores/ }).click();
  await card.getByRole("link", { name: `Editar «${title}»` }).click();
  await expect(page.getByLabel("Título")).toHaveValue(title);

  // Publishing needs a category: the browser says so before anything is sent.
  await page.getByRole("button", { name: "Publicar" }).click();
  await expect(page.getByText("Selecciona una categoría para publicar")).toBeVisible();
  await page.getByLabel("Categoría").selectOption("Gastronomía");
  await page.getByRole("button", { name: "Publicar" }).click();
  await expect(page).toHaveURL(new RegExp(`/blog/borrador-de-cafe-${id}$`));
  await expect(page.getByText("¡Blog Publicado!")).toBeVisible();
});

test("another user gets 403 on /edit-blog/{id} and cannot delete it by a forged request; delete asks first", async ({
  page,
  browser,
  baseURL,
}) => {
  await makeUser(page, "duena");
  const id = crypto.randomBytes(3).toString("hex");
  const title = `Solo mío ${id}`;
  await writeArticle(page, { title, excerpt: "Privado.", content: "<p>Texto.</p>" }, "Guardar borrador");
  await expect(page).toHaveURL(/\/edit-blog\//);
  const blogId = page.url().split("/").pop()!;

  const other = await browser.newContext({ baseURL });
  const intruder = await other.newPage();
  await makeUser(intruder, "intrusa");
  const res = await intruder.goto(`/edit-blog/${blogId}`);
  expect(res?.status()).toBe(403);
  await expect(intruder.getByRole("heading", { name: "No tienes acceso a este artículo" })).toBeVisible();
  await expect(intruder).toHaveTitle("No tienes acceso a este artículo | Panama VIP IA");
  const forged = await intruder.request.post("/my-blogs", { form: { intent: "delete", id: blogId }, headers: { Origin: baseURL! } });
  expect(forged.status()).toBe(403);
  await other.close();

  await page.goto("/my-blogs");
  const card = page.locator("article", { has: page.getByRole("heading", { name: title }) });
  await expect(card).toBeVisible();
  await card.getByRole("button", { name: `Eliminar «${title}»` }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog.getByText("¿Eliminar este artículo?")).toBeVisible();
  await dialog.getByRole("button", { name: "Cancelar" }).click();
  await expect(card).toBeVisible();
  await card.getByRole("button", { name: `Eliminar «${title}»` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Sí, eliminar" }).click();
  await expect(page.getByText("Blog Eliminado")).toBeVisible();
  await expect(page.getByRole("heading", { name: title })).toHaveCount(0);
});

test("an unknown article is a 404 with a way back; signed-out writers are sent to sign in", async ({ page }) => {
  const res = await page.goto("/blog/no-existe-este-articulo");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Artículo no encontrado" })).toBeVisible();
  await page.getByRole("link", { name: "Volver al blog" }).click();
  await expect(page).toHaveURL(/\/blog$/);

  await page.goto("/write-blog");
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fwrite-blog/);
  await expect(page.getByText("Debes iniciar sesión para escribir un blog.")).toBeVisible();
});

test("/my-blogs: a search with no match under one filter names that filter and points to the other", async ({ page }) => {
  await makeUser(page, "filtros");
  const id = crypto.randomBytes(3).toString("hex");
  await writeArticle(
    page,
    { title: `Café de altura ${id}`, excerpt: "Boquete.", content: "<p>Texto.</p>", category: "Gastronomía" },
    "Publicar",
  );
  await expect(page).toHaveURL(/\/blog\//);
  await writeArticle(page, { title: `Sancocho ${id}`, excerpt: "Borrador.", content: "<p>Texto.</p>" }, "Guardar borrador");
  await expect(page).toHaveURL(/\/edit-blog\//);

  await page.goto(`/my-blogs?estado=borradores&q=${encodeURIComponent(`café de altura ${id}`)}`);
  await expect(page.getByText(`Ningún borrador coincide con «café de altura ${id}»; 1 publicado sí.`)).toBeVisible();
  await page.getByRole("link", { name: "Ver 1 publicado" }).click();
  await expect(page.getByRole("heading", { name: `Café de altura ${id}` })).toBeVisible();

  await page.goto(`/my-blogs?estado=publicados&q=sancocho+${id}`);
  await expect(page.getByText(`Ningún artículo publicado coincide con «sancocho ${id}»; 1 borrador sí.`)).toBeVisible();
  await page.goto(`/my-blogs?q=nada-${id}`);
  await expect(page.getByText(`Ninguno de tus artículos coincide con «nada-${id}».`)).toBeVisible();
  await expect(page.getByRole("link", { name: /^Ver \d/ })).toHaveCount(0);
});
