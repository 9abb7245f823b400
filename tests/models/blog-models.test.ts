/** The blog model on PGlite and on real PostgreSQL: slugs, draft/publish, search, views, own list, tokens. */
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { api_tokens, blogs } from "~/db/schema";
import { db, queryRows } from "~/server/platform/db.server";
import { authenticateApiToken, createApiToken, hashToken, listApiTokens, revokeApiToken } from "~/server/models/api-tokens.server";
import {
  canManageBlog,
  countBlogView,
  createBlog,
  deleteBlog,
  getBlogById,
  getPublishedBlogBySlug,
  latestPublishedBlogs,
  listOwnBlogs,
  listPublishedBlogs,
  updateBlog,
} from "~/server/models/blogs.server";
import type { BlogInput } from "~/schemas/blog";
import { makeUser } from "../setup/factories";

const input = (o: Partial<BlogInput> = {}): BlogInput => ({
  title: "Título de prueba",
  excerpt: "Resumen",
  content: "<p>Contenido</p>",
  category: "Turismo",
  tags: [],
  image_url: null,
  is_published: true,
  ...o,
});

/** Saves `blog` over its current version, as the editor opened just now would. */
async function save(blog: { id: string }, changes: BlogInput) {
  const current = (await getBlogById(blog.id))!;
  const { saved } = await updateBlog(current, changes, current.version);
  if (!saved) throw new Error("the save was refused");
  return saved;
}

let ana: string;
let beto: string;

beforeAll(async () => {
  ana = (await makeUser({ name: "Ana Autora", profile: true })).id;
  beto = (await makeUser({ name: "Beto", profile: true })).id;
});

describe("slugs", () => {
  it("are transliterated and unique with a numeric suffix", async () => {
    const a = await createBlog(ana, input({ title: "Gastronomía panameña: 10 platos" }));
    const b = await createBlog(beto, input({ title: "Gastronomía Panameña ¡10 platos!" }));
    const c = await createBlog(ana, input({ title: "Gastronomía panameña: 10 platos", is_published: false }));
    expect([a.slug, b.slug, c.slug]).toEqual([
      "gastronomia-panamena-10-platos",
      "gastronomia-panamena-10-platos-2",
      "gastronomia-panamena-10-platos-3",
    ]);
  });
  it("follow the title of a never-published draft, and stay once published", async () => {
    const draft = await createBlog(ana, input({ title: "Borrador uno", is_published: false }));
    const renamed = await save(draft, input({ title: "Borrador renombrado", is_published: false }));
    expect(renamed.slug).toBe("borrador-renombrado");
    const published = await save(renamed, input({ title: "Borrador renombrado" }));
    expect(published.published_at).not.toBeNull();
    const retitled = await save(published, input({ title: "Un título totalmente nuevo" }));
    expect(retitled.slug).toBe("borrador-renombrado");
    const unpublished = await save(retitled, input({ title: "Otro título más", is_published: false }));
    expect(unpublished.slug).toBe("borrador-renombrado");
    expect(unpublished.published_at).toEqual(published.published_at);
  });
  it("survive two writers racing for the same title", async () => {
    const rows = await Promise.all(Array.from({ length: 5 }, () => createBlog(ana, input({ title: "Carrera de slugs" }))));
    expect(new Set(rows.map((r) => r.slug)).size).toBe(5);
  });
});

describe("draft and publish", () => {
  it("drafts are not public; publishing sets published_at; content is sanitized on write", async () => {
    const d = await createBlog(
      ana,
      input({ title: "Solo borrador", is_published: false, content: '<p onclick="x">ok</p><script>alert(1)</script>' }),
    );
    expect(d.published_at).toBeNull();
    expect(d.content).toBe("<p>ok</p>");
    expect(await getPublishedBlogBySlug(d.slug)).toBeNull();
    const p = await save(d, input({ title: "Solo borrador", content: '<a href="javascript:alert(1)">x</a>' }));
    // A link whose target is dropped is its plain text, not an <a> that still looks like a link.
    expect(p.content).toBe("x");
    const pub = await getPublishedBlogBySlug(p.slug);
    expect(pub?.author_name).toBe("Ana Autora");
  });
  it("falls back to 'Panama VIP IA' as author", async () => {
    const { id: ghost } = await makeUser(); // no profile
    const b = await createBlog(ghost, input({ title: "Sin perfil" }));
    expect((await getPublishedBlogBySlug(b.slug))?.author_name).toBe("Panama VIP IA");
  });
  it("only the author or an admin can manage an article", async () => {
    const b = await createBlog(ana, input({ title: "De Ana" }));
    expect(canManageBlog(b, { id: ana, isAdmin: false })).toBe(true);
    expect(canManageBlog(b, { id: beto, isAdmin: false })).toBe(false);
    expect(canManageBlog(b, { id: beto, isAdmin: true })).toBe(true);
    expect(canManageBlog({ author_id: null }, { id: beto, isAdmin: false })).toBe(false);
  });
  it("a malformed id is simply not found", async () => {
    expect(await getBlogById("no-es-uuid'; drop table blogs;--")).toBeNull();
    expect(await deleteBlog("123")).toBeNull();
    expect(await countBlogView("x")).toBeNull();
  });
});

describe("public list and search", () => {
  it("pages 6 at a time, newest first, only published, accent- and case-insensitive", async () => {
    const { id: mine } = await makeUser({ name: "Lista", profile: true });
    for (let i = 1; i <= 8; i++) {
      const b = await createBlog(mine, input({ title: `Café de Boquete número ${i}`, category: "Gastronomía" }));
      // Distinct publication times, so that the order does not depend on the clock's resolution.
      await db
        .update(blogs)
        .set({ published_at: new Date(Date.parse("2026-11-01T12:00:00Z") + i * 60_000) })
        .where(eq(blogs.id, b.id));
    }
    await createBlog(mine, input({ title: "Café en borrador", is_published: false }));
    const p1 = await listPublishedBlogs({ q: "CAFE DE boquete" });
    expect(p1.total).toBe(8);
    expect(p1.items).toHaveLength(6);
    expect(p1.pageCount).toBe(2);
    expect(p1.items[0]!.title).toBe("Café de Boquete número 8");
    const p2 = await listPublishedBlogs({ q: "cafe de boquete", page: 2 });
    expect(p2.items.map((b) => b.title)).toEqual(["Café de Boquete número 2", "Café de Boquete número 1"]);
    expect((await listPublishedBlogs({ q: "gastronomía", page: 99 })).page).toBeGreaterThanOrEqual(2);
    expect((await listPublishedBlogs({ q: "borrador" })).items.map((b) => b.title)).not.toContain("Café en borrador");
  });
  it("treats LIKE wildcards in the search as text", async () => {
    expect((await listPublishedBlogs({ q: "%" })).total).toBe(0);
    expect((await listPublishedBlogs({ q: "_" })).total).toBe(0);
  });
  it("the RSS source is the latest 20", async () => {
    expect((await latestPublishedBlogs(20)).length).toBeLessThanOrEqual(20);
  });
});

describe("views", () => {
  it("counts exactly +200 under 200 concurrent openings", async () => {
    const b = await createBlog(ana, input({ title: "Muy leído" }));
    await Promise.all(Array.from({ length: 200 }, () => countBlogView(b.id)));
    const [row] = await db.select({ views: blogs.views }).from(blogs).where(eq(blogs.id, b.id));
    expect(row!.views).toBe(200);
  });
  it("does not count drafts", async () => {
    const d = await createBlog(ana, input({ title: "Borrador sin vistas", is_published: false }));
    expect(await countBlogView(d.id)).toBeNull();
  });
});

describe("own list (/my-blogs)", () => {
  it("newest update first, filters and counts, search", async () => {
    const { id: me } = await makeUser({ name: "Mía", profile: true });
    const a = await createBlog(me, input({ title: "Publicado sobre turismo" }));
    const d = await createBlog(me, input({ title: "Borrador sobre marketing", is_published: false, category: null }));
    await createBlog(beto, input({ title: "De otra persona" }));
    await db
      .update(blogs)
      .set({ updated_at: new Date("2026-11-01T12:00:00Z") })
      .where(eq(blogs.id, d.id));
    await save(a, input({ title: "Publicado sobre turismo", excerpt: "editado" }));
    const all = await listOwnBlogs(me);
    expect(all.counts).toEqual({ todos: 2, publicados: 1, borradores: 1 });
    expect(all.items.map((b) => b.title)).toEqual(["Publicado sobre turismo", "Borrador sobre marketing"]);
    expect((await listOwnBlogs(me, { estado: "borradores" })).items.map((b) => b.title)).toEqual(["Borrador sobre marketing"]);
    const found = await listOwnBlogs(me, { q: "MARKETING" });
    expect(found.counts).toEqual({ todos: 1, publicados: 0, borradores: 1 });
  });
});

describe("API tokens", () => {
  it("are stored hashed, listed by prefix, authenticate until revoked", async () => {
    const t = await createApiToken(ana, "Mi bot");
    expect(t.token).toMatch(/^pvb_[A-Za-z0-9_-]{40,}$/);
    const [row] = await db.select().from(api_tokens).where(eq(api_tokens.id, t.id));
    expect(row!.token_hash).toBe(hashToken(t.token));
    expect(JSON.stringify(row)).not.toContain(t.token);
    const list = await listApiTokens(ana);
    expect(list[0]).toMatchObject({ id: t.id, name: "Mi bot", prefix: t.token.slice(0, 12) });
    expect(JSON.stringify(list)).not.toContain(t.token);
    expect(await authenticateApiToken(t.token)).toMatchObject({ tokenId: t.id, userId: ana });
    expect(await authenticateApiToken(`${t.token}x`)).toBeNull();
    expect(await revokeApiToken(beto, t.id)).toBe(false);
    expect(await revokeApiToken(ana, t.id)).toBe(true);
    expect(await authenticateApiToken(t.token)).toBeNull();
    expect(await listApiTokens(ana)).toEqual([]);
  });
  it("limits active tokens per user", async () => {
    const { id: u } = await makeUser({ name: "Muchos tokens", profile: true });
    for (let i = 0; i < 10; i++) await createApiToken(u, `t${i}`);
    await expect(createApiToken(u, "uno más")).rejects.toThrow(/como máximo 10/);
    const [{ n }] = (await queryRows<{ n: number }>(sql`select count(*)::int as n from api_tokens where user_id = ${u}`)) as [
      { n: number },
    ];
    expect(Number(n)).toBe(10);
  });
});
