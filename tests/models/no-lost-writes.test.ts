/**
 * No write is lost under concurrency, on PGlite and on real PostgreSQL, through the real loaders and
 * actions: 500 simultaneous openings of an article count 500 views; 50 admins toggling one directory
 * entry leave it as the last audit entry says, with one entry each; two tabs editing one article
 * cannot silently undo each other (the later save is refused with what it typed, and can then
 * replace the newer version knowingly). Real HTTP on the production server: tests/e2e/no-lost-writes.spec.ts.
 */
import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { audit_log, blogs, restaurants } from "~/db/schema";
import * as dashboard from "~/routes/admin/dashboard";
import * as article from "~/routes/blog/article";
import * as write from "~/routes/blog/write";
import { db } from "~/server/platform/db.server";
import { countBlogView, getPublishedBlogBySlug } from "~/server/models/blogs.server";
import { invalidatePublicPages } from "~/server/http/page-cache.server";
import { makeBlog, makeRestaurant, makeUser, type SignedInUser } from "../setup/factories";
import { call, formRequest, ORIGIN, routeArgs } from "../setup/route";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

const opening = (slug: string) => new Request(`${ORIGIN}/blog/${slug}`, { headers: { "User-Agent": BROWSER } });

const fields = (o: Record<string, string> = {}) => ({
  title: "Mi artículo",
  excerpt: "Un resumen",
  content: "<p>Hola</p>",
  category: "Turismo",
  image_url: "",
  intent: "draft",
  ...o,
});

const blogRow = async (id: string) => (await db.select().from(blogs).where(eq(blogs.id, id)))[0];

let ana: SignedInUser;

beforeAll(async () => {
  ana = await makeUser({ signedIn: true, name: "Ana Escritora" });
});

/** What the editor of /edit-blog/{id} opens with, as `user` sees it. */
async function openEditor(id: string, user: SignedInUser = ana) {
  const res = await call(write.loader, new Request(`${ORIGIN}/edit-blog/${id}`, { headers: { Cookie: user.cookie } }), { params: { id } });
  expect(res.status).toBe(200);
  return res.data.blog as { version: string; fields: { title: string } };
}

/** The editor's save of article `id` from `version`, with `changes`. */
function save(id: string, version: string | undefined, changes: Record<string, string>, user: SignedInUser = ana) {
  const body = { ...fields(changes), ...(version === undefined ? {} : { version }) };
  return call(write.action, formRequest(`/edit-blog/${id}`, body, user.cookie), { params: { id } });
}

describe("views", () => {
  it("500 simultaneous openings count exactly 500, and an editor's save meanwhile keeps them and is not refused", async () => {
    const blog = await makeBlog({ title: "Muy leído", is_published: true, category: "Turismo", author_id: ana.id });
    const editor = await openEditor(blog.id);
    const [openings, edit] = await Promise.all([
      Promise.all(Array.from({ length: 500 }, () => call(article.loader, opening(blog.slug), { params: { slug: blog.slug } }))),
      save(blog.id, editor.version, { title: "Muy leído", excerpt: "Editado mientras lo leen", intent: "publish" }),
    ]);
    expect(openings.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);
    // Each opening saw its own count: one increment each, none lost, none doubled.
    const seen = openings.map((r) => r.data.article.views as number).sort((a, b) => a - b);
    expect(seen).toEqual(Array.from({ length: 500 }, (_, i) => i + 1));
    // Views are not an edit: the save from before the openings went through, and did not write back an old count.
    expect(edit.status).toBe(302);
    const row = (await blogRow(blog.id))!;
    expect(row.views).toBe(500);
    expect(row.excerpt).toBe("Editado mientras lo leen");
  });

  it("openings of several articles at once are counted per article, a draft's not at all", async () => {
    const a = await makeBlog({ is_published: true, category: "Turismo" });
    const b = await makeBlog({ is_published: true, category: "Turismo" });
    const draft = await makeBlog({});
    const ids = [...Array(120).fill(a.id), ...Array(80).fill(b.id), ...Array(10).fill(draft.id)].sort(() => Math.random() - 0.5);
    const counts = await Promise.all(ids.map((id) => countBlogView(id)));
    const seen = (id: string) => counts.filter((_, i) => ids[i] === id).sort((x, y) => x! - y!);
    expect(seen(a.id)).toEqual(Array.from({ length: 120 }, (_, i) => i + 1));
    expect(seen(b.id)).toEqual(Array.from({ length: 80 }, (_, i) => i + 1));
    expect(seen(draft.id)).toEqual(Array(10).fill(null));
    expect([(await blogRow(a.id))!.views, (await blogRow(b.id))!.views, (await blogRow(draft.id))!.views]).toEqual([120, 80, 0]);
  });

  it("openings share a read of the article under way, never one from before a write, and nothing is kept after it", async () => {
    const blog = await makeBlog({ title: "Se retirará", is_published: true, category: "Turismo", author_id: ana.id });
    const first = getPublishedBlogBySlug(blog.slug);
    expect(getPublishedBlogBySlug(blog.slug)).toBe(first);
    invalidatePublicPages(); // what every write to public data does once committed
    const afterWrite = getPublishedBlogBySlug(blog.slug);
    expect(afterWrite).not.toBe(first);
    expect((await first)?.title).toBe("Se retirará");
    expect(await afterWrite).toEqual(await first);
    expect(getPublishedBlogBySlug(blog.slug)).not.toBe(afterWrite);

    const { version } = await openEditor(blog.id);
    expect((await save(blog.id, version, { title: "Se retirará", intent: "draft" })).status).toBe(302);
    expect(await getPublishedBlogBySlug(blog.slug)).toBeNull();
    expect((await call(article.loader, opening(blog.slug), { params: { slug: blog.slug } })).status).toBe(404);
  });
});

describe("admins toggling one directory entry", () => {
  it("50 at once leave the state of the last audit entry, with one entry each in a consistent chain", async () => {
    const admins = await Promise.all(Array.from({ length: 50 }, (_, i) => makeUser({ signedIn: true, name: `Admin ${i}`, admin: true })));
    const entry = await makeRestaurant({ nombre: "Fonda Disputada" });
    const wanted = admins.map((_, i) => (i % 3 === 0 ? "true" : "false"));
    const answers = await Promise.all(
      admins.map((admin, i) =>
        call(
          dashboard.action,
          formRequest("/admin?tab=restaurantes", { intent: "toggle", kind: "restaurant", id: entry.id, active: wanted[i]! }, admin.cookie),
        ),
      ),
    );
    expect(answers.map((a) => [a.status, a.location])).toEqual(admins.map(() => [302, "/admin?tab=restaurantes"]));

    const trail = await db.select().from(audit_log).where(eq(audit_log.entity_id, entry.id)).orderBy(asc(audit_log.id));
    expect(trail).toHaveLength(50);
    expect(trail.every((t) => t.action === "toggle" && t.entity === "restaurant")).toBe(true);
    expect(trail.map((t) => t.actor_id).sort()).toEqual(admins.map((a) => a.id).sort());
    // Each entry was written under the row's lock: its "before" is the previous entry's "after".
    const states = trail.map((t) => [(t.before as { is_active: boolean }).is_active, (t.after as { is_active: boolean }).is_active]);
    expect(states[0]![0]).toBe(true);
    for (let i = 1; i < states.length; i++) expect(states[i]![0], `entry ${i}`).toBe(states[i - 1]![1]);
    // Each admin's entry records what that admin asked for.
    for (const t of trail) {
      const asked = wanted[admins.findIndex((a) => a.id === t.actor_id)];
      expect(String((t.after as { is_active: boolean }).is_active)).toBe(asked);
    }
    const [final] = await db.select().from(restaurants).where(eq(restaurants.id, entry.id));
    expect(final!.is_active).toBe(states.at(-1)![1]);
  }, 120_000);
});

describe("two tabs editing one article", () => {
  it("the later save is refused in Spanish with its text kept and the newer version shown; saving again replaces it", async () => {
    const blog = await makeBlog({ title: "Primera versión", author_id: ana.id });
    const tab1 = await openEditor(blog.id);
    const tab2 = await openEditor(blog.id);
    expect(tab2.version).toBe(tab1.version);

    const first = await save(blog.id, tab1.version, { title: "Lo que escribió la pestaña uno", content: "<p>Uno</p>" });
    expect(first.status).toBe(302);
    expect(first.location).toBe(`/edit-blog/${blog.id}`);

    const second = await save(blog.id, tab2.version, { title: "Lo que escribió la pestaña dos", content: "<p>Dos</p>" });
    expect(second.status).toBe(409);
    expect(second.data.conflict).toMatchObject({
      gone: false,
      message: "Este artículo cambió desde que lo abriste.",
      fields: { title: "Lo que escribió la pestaña uno", content: "<p>Uno</p>" },
    });
    // What tab two typed comes back to its form; nothing of it was written.
    expect(second.data.result.initialValue).toMatchObject({ title: "Lo que escribió la pestaña dos", content: "<p>Dos</p>" });
    expect((await blogRow(blog.id))!.title).toBe("Lo que escribió la pestaña uno");

    // The same stale version stays refused; the version it was shown lets tab two replace it on purpose.
    expect((await save(blog.id, tab2.version, { title: "Otra vez" })).status).toBe(409);
    const third = await save(blog.id, second.data.conflict.version, { title: "Lo que escribió la pestaña dos", content: "<p>Dos</p>" });
    expect(third.status).toBe(302);
    expect((await blogRow(blog.id))!).toMatchObject({ title: "Lo que escribió la pestaña dos", content: "<p>Dos</p>" });
    expect((await openEditor(blog.id)).version).not.toBe(second.data.conflict.version);
  });

  it("of ten saves racing from one version exactly one is written; the others are refused", async () => {
    const blog = await makeBlog({ title: "Carrera", author_id: ana.id });
    const { version } = await openEditor(blog.id);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => save(blog.id, version, { title: `Pestaña ${i}` })));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 302)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    const winner = statuses.indexOf(302);
    expect((await blogRow(blog.id))!.title).toBe(`Pestaña ${winner}`);
    for (const a of answers.filter((x) => x.status === 409)) expect(a.data.conflict.fields.title).toBe(`Pestaña ${winner}`);
  });

  it("an admin's save and the author's open tab follow the same rule", async () => {
    const admin = await makeUser({ signedIn: true, name: "Jefa", admin: true });
    const blog = await makeBlog({ title: "De Ana", author_id: ana.id });
    const authorTab = await openEditor(blog.id);
    const adminTab = await openEditor(blog.id, admin);
    expect((await save(blog.id, adminTab.version, { title: "Corregido por la jefa" }, admin)).status).toBe(302);
    const late = await save(blog.id, authorTab.version, { title: "Ana no lo sabía" });
    expect(late.status).toBe(409);
    expect(late.data.conflict.fields.title).toBe("Corregido por la jefa");
  });

  it("a save without a version, or with a forged one, is refused with its text kept; nothing is written", async () => {
    const blog = await makeBlog({ title: "Sin versión", author_id: ana.id });
    const { version } = await openEditor(blog.id);
    for (const forged of [
      undefined,
      "",
      "cualquier cosa",
      "2020-01-01T00:00:00.000000Z",
      version.replace(/\d(?=Z$)/, (d) => String((+d + 1) % 10)),
    ]) {
      const res = await save(blog.id, forged, { title: "Escrito sin versión" });
      expect(res.status, String(forged)).toBe(409);
      expect(res.data.result.initialValue.title).toBe("Escrito sin versión");
    }
    expect((await blogRow(blog.id))!.title).toBe("Sin versión");
    expect((await save(blog.id, version, { title: "Con versión" })).status).toBe(302);
  });

  it("an article deleted since the editor opened: 404 with the text kept in the editor, which then saves a new article", async () => {
    const blog = await makeBlog({ title: "Se borrará", author_id: ana.id });
    const { version } = await openEditor(blog.id);
    await db.delete(blogs).where(eq(blogs.id, blog.id));
    // One request's context, as React Router shares it between the action and the loaders that render its answer.
    const context = routeArgs(new Request(ORIGIN)).context;
    const withContext = (handler: (args: any) => unknown) => (args: any) => handler({ ...args, context });
    const res = await call(
      withContext(write.action),
      formRequest(`/edit-blog/${blog.id}`, { ...fields({ title: "Escrito tras el borrado" }), version }, ana.cookie),
      {
        params: { id: blog.id },
      },
    );
    expect(res.status).toBe(404);
    expect(res.data.conflict).toEqual({ gone: true, message: "Este artículo fue eliminado mientras lo editabas." });
    expect(res.data.result.initialValue.title).toBe("Escrito tras el borrado");
    expect(await blogRow(blog.id)).toBeUndefined();
    expect(await db.select().from(blogs).where(eq(blogs.title, "Escrito tras el borrado"))).toEqual([]);
    // The page that answers it (without JavaScript) is the editor, not the 404 page; opened on its own, it is a 404.
    const editPage = new Request(`${ORIGIN}/edit-blog/${blog.id}`, { headers: { Cookie: ana.cookie } });
    expect(await call(withContext(write.loader), editPage, { params: { id: blog.id } })).toMatchObject({
      status: 200,
      data: { blog: null },
    });
    expect((await call(write.loader, editPage, { params: { id: blog.id } })).status).toBe(404);
  });
});
