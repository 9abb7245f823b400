/** The blog's answers a new writer and reader meet: what a save of a published article says, pages past the last. */
import { beforeAll, describe, expect, it } from "vitest";
import * as index from "~/routes/blog/index";
import * as write from "~/routes/blog/write";
import { readToast } from "~/server/http/toast.server";
import { makeBlog, makeUser, type SignedInUser } from "../setup/factories";
import { call, formRequest, getRequest } from "../setup/route";

let ana: SignedInUser;

beforeAll(async () => {
  ana = await makeUser({ signedIn: true, email: "ana@guardar.test", name: "Ana" });
});

async function toastOf(res: { headers: Headers }) {
  const cookie = res.headers
    .getSetCookie()
    .find((c) => c.startsWith("pv_toast="))!
    .split(";")[0]!;
  return (await readToast(new Request("http://localhost/", { headers: { Cookie: cookie } }))).toast;
}

const article = (o: Record<string, string> = {}) => ({
  title: "Ruta del café en Boquete",
  excerpt: "Fincas y catas",
  content: "<p>Geisha y más.</p>",
  category: "Turismo",
  tags: "",
  image_url: "",
  intent: "publish",
  ...o,
});

async function saveEdit(id: string, fields: Record<string, string>) {
  const path = `/edit-blog/${id}`;
  const opened = await call(write.loader, getRequest(path, ana.cookie), { params: { id } });
  return call(write.action, formRequest(path, { ...fields, version: opened.data.blog.version }, ana.cookie), { params: { id } });
}

describe("saving an article", () => {
  it("the first publication says '¡Blog Publicado!'; saving it again once published says 'Cambios guardados'", async () => {
    const draft = await call(write.action, formRequest("/write-blog", article({ intent: "draft" }), ana.cookie));
    expect(await toastOf(draft)).toMatchObject({ title: "¡Borrador Guardado!" });
    const id = draft.location!.split("/").pop()!;

    const published = await saveEdit(id, article());
    expect(published.location).toBe("/blog/ruta-del-cafe-en-boquete");
    expect(await toastOf(published)).toMatchObject({ type: "success", title: "¡Blog Publicado!" });

    const changed = await saveEdit(id, article({ excerpt: "Fincas, catas y miradores" }));
    expect(changed.location).toBe("/blog/ruta-del-cafe-en-boquete");
    expect(await toastOf(changed)).toMatchObject({ type: "success", title: "Cambios guardados" });
  });
});

describe("/blog pages", () => {
  it("a page past the last goes to the last page (keeping the search); existing pages answer as they are", async () => {
    for (let i = 0; i < 8; i++) await makeBlog({ title: `Paginado ${i}`, is_published: true, author_id: ana.id });
    const first = await call(index.loader, getRequest("/blog"));
    const last = first.data.pageCount as number;
    expect(last).toBeGreaterThan(1);

    const past = await call(index.loader, getRequest("/blog?page=99"));
    expect(past.status).toBe(302);
    expect(past.location).toBe(`/blog?page=${last}`);
    expect((await call(index.loader, getRequest(`/blog?page=${last}`))).data.page).toBe(last);

    const search = await call(index.loader, getRequest("/blog?q=paginado&page=99"));
    expect(search.status).toBe(302);
    expect(search.location).toBe("/blog?q=paginado&page=2");
    const nothing = await call(index.loader, getRequest("/blog?q=nadaqueencontrar&page=3"));
    expect(nothing.location).toBe("/blog?q=nadaqueencontrar");
  });
});
