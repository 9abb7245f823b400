/** The blog's loaders and actions called with real Requests: guards, validation, API statuses, XSS corpora. */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { blogs } from "~/db/schema";
import * as api from "~/routes/api/blogs";
import * as article from "~/routes/blog/article";
import * as index from "~/routes/blog/index";
import * as myBlogs from "~/routes/blog/my-blogs";
import * as rss from "~/routes/blog/rss";
import * as write from "~/routes/blog/write";
import * as profile from "~/routes/account/profile";
import { db } from "~/server/platform/db.server";
import { createApiToken } from "~/server/models/api-tokens.server";
import { clearHits } from "~/server/models/rate-limits.server";
import { blogEntries } from "~/server/sitemap/blog.server";
import { forbiddenIn, loadXssCorpus } from "../fixtures/xss/corpus";
import { makeUser, type SignedInUser } from "../setup/factories";
import { call, formRequest, getRequest, ORIGIN } from "../setup/route";

const fields = (o: Record<string, string> = {}) => ({
  title: "Mi artículo",
  excerpt: "Un resumen",
  content: "<p>Hola</p>",
  category: "Turismo",
  tags: "playa,Playa,sol",
  image_url: "",
  intent: "publish",
  ...o,
});

function apiRequest(body: unknown, token?: string, headers: Record<string, string> = {}) {
  return new Request(`${ORIGIN}/api/blogs`, {
    method: "POST",
    body: typeof body === "string" ? body : JSON.stringify(body),
    headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}), ...headers },
  });
}

const blogBySlug = async (slug: string) => (await db.select().from(blogs).where(eq(blogs.slug, slug)))[0];
const blogById = async (id: string) => (await db.select().from(blogs).where(eq(blogs.id, id)))[0];

let ana: SignedInUser;
let beto: SignedInUser;
let admin: SignedInUser;

beforeAll(async () => {
  ana = await makeUser({ signedIn: true, email: "ana@blog.test", name: "Ana Escritora" });
  beto = await makeUser({ signedIn: true, email: "beto@blog.test", name: "Beto" });
  admin = await makeUser({ signedIn: true, email: "jefa@blog.test", name: "Jefa", admin: true });
});

describe("/write-blog and /edit-blog/{id}", () => {
  it("signed out: to /auth with 'Debes iniciar sesión para escribir un blog.'", async () => {
    for (const res of [
      await call(write.loader, getRequest("/write-blog")),
      await call(write.action, formRequest("/write-blog", fields())),
    ]) {
      expect(res.status).toBe(302);
      expect(res.location).toBe("/auth?redirectTo=%2Fwrite-blog");
      expect(res.headers.get("set-cookie")).toContain("pv_toast=");
    }
  });

  it("publishes: '¡Blog Publicado!', to the article, author from the session (a forged author_id is ignored)", async () => {
    const res = await call(
      write.action,
      formRequest(
        "/write-blog",
        fields({ title: "Gastronomía panameña: 10 platos", author_id: beto.id, views: "999", slug: "otro" }),
        ana.cookie,
      ),
    );
    expect(res.status).toBe(302);
    expect(res.location).toBe("/blog/gastronomia-panamena-10-platos");
    const row = await blogBySlug("gastronomia-panamena-10-platos");
    expect(row).toMatchObject({ author_id: ana.id, views: 0, is_published: true, tags: ["playa", "sol"], category: "Turismo" });
  });

  it("saves a draft with '¡Borrador Guardado!' and goes on editing it", async () => {
    const res = await call(
      write.action,
      formRequest("/write-blog", fields({ title: "Mi borrador", category: "", intent: "draft" }), ana.cookie),
    );
    expect(res.status).toBe(302);
    const row = await blogBySlug("mi-borrador");
    expect(res.location).toBe(`/edit-blog/${row!.id}`);
    expect(row!.is_published).toBe(false);
  });

  it("publishing without a category, or without title/excerpt/content, is a 400 with Spanish field errors", async () => {
    const noCategory = await call(write.action, formRequest("/write-blog", fields({ category: "" }), ana.cookie));
    expect(noCategory.status).toBe(400);
    expect(noCategory.data.result.error).toEqual({ category: ["Selecciona una categoría para publicar"] });
    const empty = await call(
      write.action,
      formRequest("/write-blog", fields({ title: "", excerpt: "", content: "", intent: "draft" }), ana.cookie),
    );
    expect(empty.status).toBe(400);
    expect(Object.keys(empty.data.result.error).sort()).toEqual(["content", "excerpt", "title"]);
  });

  it("1 MB of content, 500 tags, a 2,000-character title, control characters: refused or neutralised, never a 500", async () => {
    const huge = await call(
      write.action,
      formRequest(
        "/write-blog",
        fields({
          content: `<p>${"x".repeat(1024 * 1024)}</p>`,
          tags: Array.from({ length: 500 }, (_, i) => `t${i}`).join(","),
          title: "t".repeat(2000),
        }),
        ana.cookie,
      ),
    );
    expect(huge.status).toBe(400);
    expect(Object.keys(huge.data.result.error).sort()).toEqual(["content", "tags", "title"]);
    const ctrl = await call(
      write.action,
      formRequest(
        "/write-blog",
        fields({ title: "Con\u0000 control\u0007es", excerpt: "a\u001bb", content: "<p>c\u0000d</p>" }),
        ana.cookie,
      ),
    );
    expect(ctrl.status).toBe(302);
    const row = await blogBySlug("con-controles");
    expect(row).toMatchObject({ title: "Con controles", excerpt: "ab", content: "<p>cd</p>" });
  });

  it("another user gets 403 on the edit page and cannot save it; the admin can; a bad id is a 404", async () => {
    const row = (await blogBySlug("mi-borrador"))!;
    const path = `/edit-blog/${row.id}`;
    expect((await call(write.loader, getRequest(path, beto.cookie), { params: { id: row.id } })).status).toBe(403);
    const forged = await call(write.action, formRequest(path, fields({ title: "Hackeado" }), beto.cookie), { params: { id: row.id } });
    expect(forged.status).toBe(403);
    expect((await blogById(row.id))!.title).toBe("Mi borrador");
    expect((await call(write.loader, getRequest(path, ana.cookie), { params: { id: row.id } })).data.blog.fields.title).toBe("Mi borrador");
    expect((await call(write.loader, getRequest(path, admin.cookie), { params: { id: row.id } })).status).toBe(200);
    expect((await call(write.loader, getRequest("/edit-blog/nope", ana.cookie), { params: { id: "nope" } })).status).toBe(404);
  });

  it("the preview is the sanitized content", async () => {
    const res = await call(
      write.action,
      formRequest("/write-blog", { intent: "preview", content: '<p onclick="x">a</p><script>alert(1)</script>' }, ana.cookie),
    );
    expect(res.data.preview).toBe("<p>a</p>");
  });
});

describe("/my-blogs", () => {
  it("signed out: to /auth with 'Debes iniciar sesión para ver tus blogs'", async () => {
    const res = await call(myBlogs.loader, getRequest("/my-blogs"));
    expect(res.status).toBe(302);
    expect(res.headers.get("set-cookie")).toContain("pv_toast=");
  });
  it("lists only the user's articles with counts", async () => {
    const res = await call(myBlogs.loader, getRequest("/my-blogs?estado=borradores", ana.cookie));
    expect(res.data.items.every((b: { is_published: boolean }) => !b.is_published)).toBe(true);
    expect(res.data.counts.todos).toBe(res.data.counts.publicados + res.data.counts.borradores);
    expect((await call(myBlogs.loader, getRequest("/my-blogs", beto.cookie))).data.counts.todos).toBe(0);
  });
  it("a forged delete by another user is refused; the author's delete says 'Blog Eliminado'", async () => {
    const row = (await blogBySlug("mi-borrador"))!;
    const forged = await call(myBlogs.action, formRequest("/my-blogs", { intent: "delete", id: row.id }, beto.cookie));
    expect(forged.status).toBe(403);
    expect(forged.data.toast.title).toBe("No se pudo eliminar el artículo");
    // Confirmed or not, another user's request is refused before anything about the article is shown.
    const forgedConfirmed = await call(
      myBlogs.action,
      formRequest("/my-blogs", { intent: "delete", id: row.id, confirm: "1" }, beto.cookie),
    );
    expect(forgedConfirmed.status).toBe(403);
    expect(forgedConfirmed.data.confirm).toBeUndefined();
    expect(await blogById(row.id)).toBeDefined();
    const ok = await call(
      myBlogs.action,
      formRequest("/my-blogs", { intent: "delete", id: row.id, back: "?estado=borradores", confirm: "1" }, ana.cookie),
    );
    expect(ok.status).toBe(302);
    expect(ok.location).toBe("/my-blogs?estado=borradores");
    expect(await blogById(row.id)).toBeUndefined();
    expect((await call(myBlogs.action, formRequest("/my-blogs", { intent: "delete", id: "x" }, ana.cookie))).status).toBe(404);
  });
  it("without JavaScript: an unconfirmed delete answers with the confirmation step and deletes nothing", async () => {
    const created = await call(
      write.action,
      formRequest("/write-blog", fields({ title: "Para borrar sin JS", intent: "draft" }), ana.cookie),
    );
    const id = created.location!.split("/").pop()!;
    for (const confirm of [undefined, "", "0", "si"]) {
      const step = await call(
        myBlogs.action,
        formRequest("/my-blogs", { intent: "delete", id, back: "?q=borrar", ...(confirm === undefined ? {} : { confirm }) }, ana.cookie),
      );
      expect(step.status).toBe(200);
      expect(step.data.confirm).toEqual({ id, title: "Para borrar sin JS", back: "?q=borrar" });
      expect(step.headers.get("location")).toBeNull();
      expect(await blogById(id)).toBeDefined();
    }
    // A hostile `back` is dropped, not echoed into the cancel link.
    const odd = await call(myBlogs.action, formRequest("/my-blogs", { intent: "delete", id, back: "//evil.example/x" }, ana.cookie));
    expect(odd.data.confirm.back).toBe("");
    // An admin may delete any article, through the same step.
    const adminStep = await call(myBlogs.action, formRequest("/my-blogs", { intent: "delete", id }, admin.cookie));
    expect(adminStep.data.confirm.id).toBe(id);
    const done = await call(
      myBlogs.action,
      formRequest("/my-blogs", { intent: "delete", id, back: "?q=borrar", confirm: "1" }, ana.cookie),
    );
    expect(done.status).toBe(302);
    expect(done.location).toBe("/my-blogs?q=borrar");
    expect(await blogById(id)).toBeUndefined();
    // Confirming twice (a double click, a resent form) finds nothing to delete.
    expect((await call(myBlogs.action, formRequest("/my-blogs", { intent: "delete", id, confirm: "1" }, ana.cookie))).status).toBe(404);
  });
});

describe("/blog and /blog/{slug}", () => {
  it("lists and searches without accents; bad page numbers fall back", async () => {
    const res = await call(index.loader, getRequest("/blog?q=GASTRONOMIA%20PANAMENA&page=abc"));
    expect(res.data.items.map((b: { slug: string }) => b.slug)).toContain("gastronomia-panamena-10-platos");
    expect(res.data.page).toBe(1);
  });
  it("counts one view per GET opening; not for HEAD, prefetches or bots", async () => {
    const slug = "gastronomia-panamena-10-platos";
    const before = (await blogBySlug(slug))!.views;
    const opened = await call(article.loader, getRequest(`/blog/${slug}`), { params: { slug } });
    expect(opened.data.article.views).toBe(before + 1);
    await call(article.loader, new Request(`${ORIGIN}/blog/${slug}`, { method: "HEAD" }), { params: { slug } });
    await call(article.loader, new Request(`${ORIGIN}/blog/${slug}`, { headers: { "Sec-Purpose": "prefetch" } }), { params: { slug } });
    await call(
      article.loader,
      new Request(`${ORIGIN}/blog/${slug}`, { headers: { "User-Agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" } }),
      { params: { slug } },
    );
    expect((await blogBySlug(slug))!.views).toBe(before + 1);
  });
  it("an unknown or unpublished slug is a 404", async () => {
    await call(write.action, formRequest("/write-blog", fields({ title: "Borrador oculto", intent: "draft" }), ana.cookie));
    expect((await call(article.loader, getRequest("/blog/borrador-oculto"), { params: { slug: "borrador-oculto" } })).status).toBe(404);
    expect((await call(article.loader, getRequest("/blog/no-existe"), { params: { slug: "no-existe" } })).status).toBe(404);
  });
  it("RSS and sitemap list published articles, with text escaped", async () => {
    await call(
      write.action,
      formRequest("/write-blog", fields({ title: "<b>Negritas</b> & </title><script>", excerpt: "x]]><y" }), ana.cookie),
    );
    const res = await call(rss.loader, getRequest("/blog/rss.xml"));
    expect(res.headers.get("content-type")).toContain("application/rss+xml");
    expect(res.data).toContain("<title>&lt;b&gt;Negritas&lt;/b&gt; &amp; &lt;/title&gt;&lt;script&gt;</title>");
    expect(res.data).not.toContain("borrador-oculto");
    const entries = await blogEntries();
    expect(entries.map((e) => e.path)).toContain("/blog/gastronomia-panamena-10-platos");
    expect(entries.map((e) => e.path)).not.toContain("/blog/borrador-oculto");
  });
});

describe("POST /api/blogs", () => {
  let token: string;
  beforeAll(async () => {
    token = (await createApiToken(ana.id, "pruebas")).token;
  });

  it("401 without a valid token", async () => {
    expect((await call(api.action, apiRequest({}))).status).toBe(401);
    expect((await call(api.action, apiRequest({}, "pvb_falso"))).status).toBe(401);
    expect((await call(api.action, apiRequest({}, token, { Authorization: `Basic ${token}` }))).status).toBe(401);
  });

  it("201 with id, slug and url; the author is the token's owner", async () => {
    const res = await call(
      api.action,
      apiRequest(
        {
          title: "Desde la API",
          excerpt: "E",
          content: "<p>C</p>",
          category: "IA",
          tags: ["a"],
          is_published: true,
          author_id: beto.id,
          author_email: "beto@blog.test",
        },
        token,
      ),
    );
    expect(res.status).toBe(201);
    expect(res.data).toMatchObject({ slug: "desde-la-api", url: `${ORIGIN}/blog/desde-la-api` });
    expect(await blogById(res.data.id)).toMatchObject({ author_id: ana.id, is_published: true });
  });

  it("400 with Spanish field errors, or for a body that is not a JSON object", async () => {
    const res = await call(api.action, apiRequest({ title: "", content: "x", is_published: true }, token));
    expect(res.status).toBe(400);
    expect(res.data.errors).toEqual({
      title: ["El título es obligatorio"],
      excerpt: ["El resumen es obligatorio"],
      category: ["Selecciona una categoría para publicar"],
    });
    expect((await call(api.action, apiRequest("{no es json", token))).status).toBe(400);
    expect((await call(api.action, apiRequest("[1,2]", token))).status).toBe(400);
    expect(
      (
        await call(
          api.action,
          apiRequest(
            {
              title: "t".repeat(2000),
              excerpt: "e",
              content: "c",
              tags: Array(500)
                .fill("x")
                .map((x, i) => x + i),
            },
            token,
          ),
        )
      ).status,
    ).toBe(400);
    // An error inside a list names the entry, as the editor does.
    const tag = await call(api.action, apiRequest({ title: "T", excerpt: "E", content: "C", tags: ["ok", "t".repeat(41)] }, token));
    expect(tag.data.errors).toEqual({ "tags[1]": ["Cada etiqueta puede tener como máximo 40 caracteres"] });
  });

  it("413 over 200 kB, by Content-Length and by the actual body", async () => {
    const big = JSON.stringify({ title: "t", excerpt: "e", content: "x".repeat(210 * 1024) });
    expect((await call(api.action, apiRequest(big, token))).status).toBe(413);
    const lying = new Request(`${ORIGIN}/api/blogs`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json", "Content-Length": "10" },
      body: new ReadableStream({
        start(c) {
          for (let i = 0; i < 30; i++) c.enqueue(new TextEncoder().encode("x".repeat(10 * 1024)));
          c.close();
        },
      }),
      duplex: "half",
    } as RequestInit);
    expect((await call(api.action, lying)).status).toBe(413);
  });

  it("429 past 30 requests a minute per token, with Retry-After; other tokens are not affected", async () => {
    const t = (await createApiToken(beto.id, "rápido")).token;
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) statuses.push((await call(api.action, apiRequest("{}", t))).status);
    expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429]);
    const limited = await call(api.action, apiRequest("{}", t));
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await call(api.action, apiRequest("{}", token))).status).toBe(400);
  });

  it("GET is 405", async () => {
    expect((await call(api.loader as never, getRequest("/api/blogs"))).status).toBe(405);
  });
});

describe("writing-API tokens in /profile", () => {
  it("create shows the token once; the list has the prefix only; revoke; no intent is still the profile form", async () => {
    const created = await call(profile.action, formRequest("/profile", { intent: "create-token", name: "Asistente" }, beto.cookie));
    expect(created.status).toBe(200);
    const full: string = created.data.newToken.token;
    expect(full).toMatch(/^pvb_/);
    const page = await call(profile.loader, getRequest("/profile", beto.cookie));
    expect(JSON.stringify(page.data.apiTokens)).not.toContain(full);
    const mine = page.data.apiTokens.find((t: { name: string }) => t.name === "Asistente");
    expect(mine.prefix).toBe(full.slice(0, 12));
    expect((await call(api.action, apiRequest({ title: "T", excerpt: "E", content: "C" }, full))).status).toBe(201);
    expect((await call(profile.action, formRequest("/profile", { intent: "revoke-token", id: mine.id }, ana.cookie))).status).toBe(404);
    expect(
      (await call(profile.action, formRequest("/profile", { intent: "revoke-token", id: mine.id, confirm: "1" }, ana.cookie))).status,
    ).toBe(404);
    // Without JavaScript: an unconfirmed revoke asks first and the token keeps working.
    const step = await call(profile.action, formRequest("/profile", { intent: "revoke-token", id: mine.id }, beto.cookie));
    expect(step.status).toBe(200);
    expect(step.data.confirmRevoke).toEqual({ id: mine.id, name: "Asistente" });
    expect((await call(api.action, apiRequest({ title: "T2", excerpt: "E", content: "C" }, full))).status).toBe(201);
    const revoked = await call(profile.action, formRequest("/profile", { intent: "revoke-token", id: mine.id, confirm: "1" }, beto.cookie));
    expect(revoked.status).toBe(302);
    expect(revoked.location).toBe("/profile#tokens");
    expect((await call(api.action, apiRequest({ title: "T", excerpt: "E", content: "C" }, full))).status).toBe(401);
    expect(
      (await call(profile.action, formRequest("/profile", { intent: "create-token", name: "" }, beto.cookie))).data.result.error.name,
    ).toEqual(["El nombre es obligatorio"]);
    const plain = await call(profile.action, formRequest("/profile", { full_name: "Beto Nuevo", email: "beto@blog.test" }, beto.cookie));
    expect(plain.status).toBe(302);
  });
});

describe("hostile HTML through the editor and the API (public corpora)", () => {
  const corpus = loadXssCorpus();
  it(`stores none of the ${corpus.length} vectors in a dangerous form`, async () => {
    const t = (await createApiToken(admin.id, "xss")).token;
    const failures: string[] = [];
    for (const [i, v] of corpus.entries()) {
      const viaForm = await call(
        write.action,
        formRequest("/write-blog", fields({ title: `xss form ${i}`, content: v.payload, intent: "draft" }), admin.cookie),
      );
      const viaApi = await call(
        api.action,
        apiRequest({ title: `xss api ${i}`, excerpt: v.payload.slice(0, 400), content: v.payload, tags: [v.payload.slice(0, 40)] }, t),
      );
      if (i % 25 === 0)
        await clearHits(`api-blogs:${(await db.query.api_tokens.findFirst({ where: (x, { eq }) => eq(x.user_id, admin.id) }))!.id}`);
      for (const [how, res] of [
        ["form", viaForm],
        ["api", viaApi],
      ] as const) {
        if (res.status >= 500) failures.push(`${how} ${v.title}: ${res.status}`);
      }
    }
    const rows = await db.select({ title: blogs.title, content: blogs.content }).from(blogs).where(eq(blogs.author_id, admin.id));
    expect(rows.length).toBe(corpus.length * 2);
    for (const r of rows) {
      const problems = forbiddenIn(r.content);
      if (problems.length) failures.push(`${r.title}: ${problems.join(", ")}`);
    }
    expect(failures).toEqual([]);
  }, 240_000);
});

describe("tags as a Conform field list (tags[i])", () => {
  const { tags: _comma, ...article } = fields({ intent: "draft" });
  const listIntent = (intent: object) => ({ __intent__: JSON.stringify(intent) });

  it("saves the entries, dropping the empty box and repeats", async () => {
    const r = await call(
      write.action,
      formRequest(
        "/write-blog",
        { ...article, title: "Etiquetas en lista", "tags[0]": "ia", "tags[1]": " IA ", "tags[2]": "panamá", "tags[3]": "" },
        ana.cookie,
      ),
    );
    expect(r.status).toBe(302);
    const [row] = await db.select().from(blogs).where(eq(blogs.title, "Etiquetas en lista"));
    expect(row!.tags).toEqual(["ia", "panamá"]);
  });

  it("names the refused tag by its own index", async () => {
    const r = await call(write.action, formRequest("/write-blog", { ...article, "tags[0]": "ok", "tags[1]": "t".repeat(41) }, ana.cookie));
    expect(r.status).toBe(400);
    expect(r.data.result.error).toEqual({ "tags[1]": ["Cada etiqueta puede tener como máximo 40 caracteres"] });
  });

  it("without JavaScript, «Añadir» and a click on a tag are answered with the list changed, nothing saved", async () => {
    const title = "Lista sin guardar";
    const add = await call(
      write.action,
      formRequest(
        "/write-blog",
        { ...article, title, "tags[0]": "ia", ...listIntent({ type: "insert", payload: { name: "tags" } }) },
        ana.cookie,
      ),
    );
    expect(add.status).toBe(200);
    // One more, empty entry: the page shows it as a text box to type the tag in.
    expect(add.data.result.initialValue.title).toBe(title);
    expect(add.data.result.initialValue.tags).toEqual(["ia", undefined]);
    expect(add.data.result.error?.tags).toBeUndefined();
    const remove = await call(
      write.action,
      formRequest(
        "/write-blog",
        { ...article, title, "tags[0]": "ia", "tags[1]": "sol", ...listIntent({ type: "remove", payload: { name: "tags", index: 0 } }) },
        ana.cookie,
      ),
    );
    expect(remove.status).toBe(200);
    expect(remove.data.result.initialValue.tags).toEqual(["sol"]);
    expect(await db.select().from(blogs).where(eq(blogs.title, title))).toHaveLength(0);
  });

  it("a refused article comes back as typed, not as saved", async () => {
    const created = await call(write.action, formRequest("/write-blog", fields({ title: "Guardado así", intent: "draft" }), ana.cookie));
    const id = created.location!.split("/").pop()!;
    const edited = await call(
      write.action,
      formRequest(`/edit-blog/${id}`, { ...article, title: "Escrito así", "tags[0]": "nueva", image_url: "no es una url" }, ana.cookie),
      { params: { id } },
    );
    expect(edited.status).toBe(400);
    expect(edited.data.result.error).toEqual({ image_url: ["La URL de la imagen debe empezar con http:// o https://"] });
    expect(edited.data.result.initialValue).toMatchObject({
      title: "Escrito así",
      excerpt: article.excerpt,
      tags: ["nueva"],
      image_url: "no es una url",
    });
    expect((await blogById(id))!.title).toBe("Guardado así");
  });

  it("hostile list names and intents are a 400, never a 500", async () => {
    for (const extra of [
      { "tags[99999999]": "x" },
      { __intent__: "{no es json" },
      listIntent({ type: "remove", payload: { name: "title", index: 0 } }),
    ]) {
      const r = await call(write.action, formRequest("/write-blog", { ...article, ...extra }, ana.cookie));
      expect(r.status).toBe(400);
    }
  });
});
