/**
 * No lost writes on the production server, in the browser and over real HTTP: two tabs of one writer
 * editing one article cannot silently undo each other (the later save is told, keeps its text, shows
 * the newer version, and may then replace it on purpose), with and without JavaScript; and 500
 * simultaneous anonymous openings of an article count 500 views, none answered by the page cache.
 * The same rules at the database level, on PGlite and PostgreSQL: tests/models/no-lost-writes.test.ts.
 */
import crypto from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { expectArticle, fillArticle, makeBlog, signedInPage } from "./fixtures";

const CHANGED = "Este artículo cambió desde que lo abriste.";

/** The version of the article the editor holds (the hidden field its save sends back). */
const versionIn = (page: Page) => page.locator('input[name="version"]').inputValue();

/** Presses «Guardar borrador» and waits for the answer: the data request with JavaScript, the next page without. */
async function saveDraft(page: Page, javaScriptEnabled: boolean) {
  const version = await versionIn(page);
  const answered = javaScriptEnabled
    ? page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/edit-blog/"))
    : page.waitForEvent("load");
  await page.getByRole("button", { name: "Guardar borrador" }).click();
  await answered;
  return version;
}

/** The save went through: the editor holds a newer version than before it, and tells of no conflict. */
async function expectSaved(page: Page, before: string) {
  await expect(page.locator('input[name="version"]')).not.toHaveValue(before);
  await expect(page).toHaveURL(/\/edit-blog\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("edit-conflict")).toHaveCount(0);
}

for (const javaScriptEnabled of [true, false]) {
  test(`two tabs editing one article ${javaScriptEnabled ? "with" : "without"} JavaScript: the later save is told and loses nothing`, async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const { page: tab1 } = await signedInPage(browser, "pestanas", { javaScriptEnabled });
    const id = await makeBlog(tab1, { title: "Versión inicial", content: "<p>Inicial.</p>" });
    const tab2 = await tab1.context().newPage();
    await tab2.goto(`/edit-blog/${id}`);
    await expectArticle(tab2, { title: "Versión inicial" });

    await fillArticle(tab1, { title: "Cambio de la pestaña uno", content: "<p>Uno.</p>" });
    await expectSaved(tab1, await saveDraft(tab1, javaScriptEnabled));

    // Tab two was opened before that save: its save is refused, with what it typed still in the form.
    const typed = { title: "Cambio de la pestaña dos", excerpt: "Resumen de la dos.", content: "<p>Un texto largo de la pestaña dos.</p>" };
    await fillArticle(tab2, typed);
    await saveDraft(tab2, javaScriptEnabled);
    const notice = tab2.getByTestId("edit-conflict");
    await expect(notice).toContainText(CHANGED);
    await expect(notice).toContainText("Tus cambios no se guardaron y siguen en el formulario");
    await expectArticle(tab2, typed);
    // The newer version can be read beside it.
    await notice.getByText("Ver la versión guardada").click();
    await expect(notice.getByTestId("saved-title")).toHaveText("Cambio de la pestaña uno");
    await expect(notice.getByLabel("Contenido guardado")).toHaveValue("<p>Uno.</p>");

    // Saving again, now knowing, replaces it.
    await expectSaved(tab2, await saveDraft(tab2, javaScriptEnabled));
    await expectArticle(tab2, typed);

    // Tab one still shows the version before that: its next save is told in turn, and it can drop its
    // change to open the saved version.
    await fillArticle(tab1, { excerpt: "Un cambio tardío." });
    await saveDraft(tab1, javaScriptEnabled);
    await expect(tab1.getByTestId("edit-conflict")).toContainText(CHANGED);
    await expectArticle(tab1, { title: "Cambio de la pestaña uno", excerpt: "Un cambio tardío." });
    await tab1.getByRole("link", { name: "Descartar mis cambios y abrir la versión guardada" }).click();
    await expect(tab1.getByTestId("edit-conflict")).toHaveCount(0);
    await expectArticle(tab1, typed);
  });
}

for (const javaScriptEnabled of [true, false]) {
  test(`an article deleted in another tab ${javaScriptEnabled ? "with" : "without"} JavaScript: the save is told, and saving again makes a new article of the text`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    const { page } = await signedInPage(browser, "borrada", { javaScriptEnabled });
    const id = await makeBlog(page, { title: "Se borrará en otra pestaña" });
    // The other tab deletes it (the confirmed form of /my-blogs, with the same session).
    const deleted = await page.request.post("/my-blogs", { form: { intent: "delete", id, confirm: "1" }, headers: { Origin: baseURL! } });
    expect(deleted.ok()).toBe(true);

    const typed = { title: "Texto rescatado tras el borrado", excerpt: "Nada se pierde.", content: "<p>Escrito sin saber.</p>" };
    await fillArticle(page, typed);
    await saveDraft(page, javaScriptEnabled);
    await expect(page.getByTestId("edit-conflict")).toContainText("Este artículo fue eliminado mientras lo editabas.");
    await expectArticle(page, typed);

    await page.getByRole("button", { name: "Guardar borrador" }).click();
    await expect(page).toHaveURL(/\/edit-blog\/[0-9a-f-]{36}$/);
    await expect(page).not.toHaveURL(new RegExp(id));
    await expect(page.getByTestId("edit-conflict")).toHaveCount(0);
    await expectArticle(page, typed);
  });
}

test("500 simultaneous anonymous openings of an article count exactly 500 views; the page cache answers none of them", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { page } = await signedInPage(browser, "vistas");
  const title = `Artículo muy leído ${crypto.randomBytes(3).toString("hex")}`;
  await makeBlog(page, { title, category: "Turismo" });
  await page.getByRole("button", { name: "Publicar" }).click();
  await expect(page).toHaveURL(/\/blog\/articulo-muy-leido-/);
  const path = new URL(page.url()).pathname;

  const views = async () => {
    await page.goto("/my-blogs");
    const text = await page
      .locator("article", { has: page.getByRole("heading", { name: title }) })
      .getByTestId("views")
      .textContent();
    return Number((text ?? "").replace(/\D/g, ""));
  };
  const before = await views();

  const openings = await Promise.all(
    Array.from({ length: 500 }, async () => {
      const res = await fetch(baseURL + path, {
        headers: { "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36" },
      });
      await res.arrayBuffer();
      return { status: res.status, cache: res.headers.get("x-page-cache"), cacheControl: res.headers.get("cache-control") };
    }),
  );
  expect(openings.filter((o) => o.status !== 200)).toEqual([]);
  // Each opening reached the page (and its count): the article is never kept for anonymous visitors.
  expect(openings.filter((o) => o.cache === "HIT")).toEqual([]);
  expect(new Set(openings.map((o) => o.cacheControl))).toEqual(new Set(["private, no-store"]));
  expect(await views()).toBe(before + 500);
});
