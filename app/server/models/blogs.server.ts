/**
 * Blogs. Every query of the blog lives here. Content is sanitized on every write; slugs are
 * transliterated, unique, generated here and frozen once an article has been published; views are
 * counted with one atomic `views = views + 1`; an edit saves only over the version it was opened
 * from (decision 069).
 */
import { and, desc, eq, getTableColumns, sql, type SQL } from "drizzle-orm";
import { SITE } from "~/catalog/site";
import { blogs, profiles, type Blog } from "~/db/schema";
import { nextFreeSlug, slugify } from "~/lib/slugify";
import type { BlogInput } from "~/schemas/blog";
import { db, isUniqueViolation, queryRows } from "../platform/db.server";
import { isConnectionFailure } from "../platform/db-pools.server";
import { log } from "../platform/logger.server";
import { utcMicros } from "./keyset.server";
import { invalidatePublicPages, publicCacheGeneration } from "../http/page-cache.server";
import { sanitizeBlogHtml } from "../blog/sanitize.server";
import { UUID_PATTERN as UUID } from "~/lib/uuid";
import type { BlogCardData } from "~/schemas/blog";

const BLOG_PAGE_SIZE = 6;
const SLUG_MAX = 80;

export type BlogSummary = BlogCardData & { id: string; updated_at: string };

export type BlogArticle = BlogSummary & { content: string; views: number; author_id: string | null };

type OwnBlog = {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  category: string | null;
  tags: string[];
  is_published: boolean;
  views: number;
  updated_at: string;
};

const authorName = sql<string | null>`${profiles.full_name}`;

function authorOf(name: string | null | undefined): string {
  const n = name?.trim();
  return n ? n : SITE.defaultAuthor;
}

const iso = (d: Date | string | null) => (d == null ? null : d instanceof Date ? d.toISOString() : new Date(d).toISOString());

function toSummary(row: Blog & { author_name: string | null }): BlogSummary {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    category: row.category,
    tags: row.tags,
    image_url: row.image_url,
    author_name: authorOf(row.author_name),
    published_at: iso(row.published_at),
    created_at: iso(row.created_at)!,
    updated_at: iso(row.updated_at)!,
  };
}

/** `%term%` for LIKE over the unaccented, lower-cased search text (wildcards in the term escaped). */
function likeTerm(q: string): SQL {
  const escaped = q.replace(/[\\%_]/g, (c) => `\\${c}`);
  return sql`'%' || immutable_unaccent(lower(${escaped})) || '%'`;
}

const publishedOrder = [sql`${blogs.published_at} desc nulls last`, desc(blogs.created_at), desc(blogs.id)];

/** /blog: published articles, newest first, 6 a page, optional accent- and case-insensitive search. */
export async function listPublishedBlogs(opts: { q?: string; page?: number; perPage?: number } = {}) {
  const perPage = opts.perPage ?? BLOG_PAGE_SIZE;
  const q = opts.q?.trim() ?? "";
  const where = and(
    eq(blogs.is_published, true),
    q ? sql`blog_search_text(${blogs.title}, ${blogs.excerpt}, ${blogs.category}) like ${likeTerm(q)}` : undefined,
  );
  const [{ total }] = (await db.select({ total: sql<number>`count(*)::int` }).from(blogs).where(where)) as [{ total: number }];
  const pageCount = Math.max(1, Math.ceil(Number(total) / perPage));
  const page = Math.min(Math.max(1, opts.page ?? 1), pageCount);
  const rows = await db
    .select({ blog: blogs, author_name: authorName })
    .from(blogs)
    .leftJoin(profiles, eq(profiles.id, blogs.author_id))
    .where(where)
    .orderBy(...publishedOrder)
    .limit(perPage)
    .offset((page - 1) * perPage);
  return {
    items: rows.map((r) => toSummary({ ...r.blog, author_name: r.author_name })),
    total: Number(total),
    page,
    pageCount,
    perPage,
  };
}

/** Reads of a published article under way, by public-data generation and slug. */
const readsInFlight = new Map<string, Promise<BlogArticle | null>>();

/**
 * /blog/{slug}: only a published article. Openings that arrive while the same article is being read
 * share that read instead of queueing one each: a burst on one article is one query, not hundreds
 * waiting for the embedded database's single connection. Nothing is kept once the read ends, and a
 * write to public data (publish, edit, delete: a new generation) never joins a read from before it.
 */
export function getPublishedBlogBySlug(slug: string): Promise<BlogArticle | null> {
  // PostgreSQL text holds no NUL (the query would fail): such a slug names nothing.
  if (!slug || slug.length > 200 || slug.includes("\u0000")) return Promise.resolve(null);
  const key = `${publicCacheGeneration()}:${slug}`;
  let read = readsInFlight.get(key);
  if (!read) {
    read = readPublishedBlog(slug).finally(() => readsInFlight.delete(key));
    readsInFlight.set(key, read);
  }
  return read;
}

async function readPublishedBlog(slug: string): Promise<BlogArticle | null> {
  const [row] = await db
    .select({ blog: blogs, author_name: authorName })
    .from(blogs)
    .leftJoin(profiles, eq(profiles.id, blogs.author_id))
    .where(and(eq(blogs.slug, slug), eq(blogs.is_published, true)))
    .limit(1);
  if (!row) return null;
  return {
    ...toSummary({ ...row.blog, author_name: row.author_name }),
    content: row.blog.content,
    views: row.blog.views,
    author_id: row.blog.author_id,
  };
}

type ViewWaiter = { resolve: (views: number | null) => void; reject: (error: unknown) => void };

/**
 * Openings waiting for the next write of the counts, by article id, in arrival order, and openings
 * already answered whose count is still owed (a write that found no connection).
 */
const pendingViews = new Map<string, { waiters: ViewWaiter[]; owed: number }>();
let viewsFlushing = false;
let retryDelayMs = 0;
const RETRY_FIRST_MS = 250;
const RETRY_MAX_MS = 10_000;

/**
 * Writes every waiting opening in one statement, `views = views + n` per article, then the next
 * batch, until none waits: each opening gets its own count, from the range its batch added.
 */
async function flushViews(): Promise<void> {
  viewsFlushing = true;
  try {
    while (pendingViews.size) {
      const batch = [...pendingViews];
      pendingViews.clear();
      try {
        const values = sql.join(
          batch.map(([id, { waiters, owed }]) => sql`(${id}::uuid, ${waiters.length + owed}::int)`),
          sql`, `,
        );
        const rows = await queryRows<{ id: string; views: number }>(sql`
          update blogs b set views = b.views + v.n
          from (values ${values}) as v(id, n)
          where b.id = v.id and b.is_published
          returning b.id, b.views`);
        retryDelayMs = 0;
        const counts = new Map(rows.map((r) => [r.id, Number(r.views)]));
        for (const [id, { waiters }] of batch) {
          const total = counts.get(id);
          for (const [i, w] of waiters.entries()) w.resolve(total === undefined ? null : total - waiters.length + i + 1);
        }
      } catch (error) {
        if (!isConnectionFailure(error)) {
          for (const [, { waiters }] of batch) for (const w of waiters) w.reject(error);
          continue;
        }
        // No connection in time (a burst, the database restarting): the page is answered with the
        // count it read, and the openings are kept and written once a connection frees up.
        for (const [id, { waiters, owed }] of batch) {
          for (const w of waiters) w.resolve(null);
          owe(id, waiters.length + owed);
        }
        if (!retryDelayMs) log.warn("[blog] visitas pendientes: sin conexión a la base; se reintenta", { error: (error as Error).message });
        retryDelayMs = Math.min(retryDelayMs ? retryDelayMs * 2 : RETRY_FIRST_MS, RETRY_MAX_MS);
        setTimeout(() => {
          if (!viewsFlushing) void flushViews();
        }, retryDelayMs).unref();
        return;
      }
    }
  } finally {
    viewsFlushing = false;
  }
}

function owe(id: string, n: number) {
  const entry = pendingViews.get(id);
  if (entry) entry.owed += n;
  else pendingViews.set(id, { waiters: [], owed: n });
}

/**
 * One opening, one increment. Returns the new count (null when not a published article, or when
 * the count could not be written yet and is kept for the next write).
 * Openings that arrive while a write is in flight share the next one (group commit): a popular
 * article is one hot row, and one UPDATE per opening would queue them all on its lock and on the
 * pool. The opening is answered once its count is written.
 */
export function countBlogView(id: string): Promise<number | null> {
  if (!UUID.test(id)) return Promise.resolve(null);
  // While the database is out of reach, the opening joins the owed ones and the page does not wait.
  if (retryDelayMs) {
    owe(id, 1);
    return Promise.resolve(null);
  }
  return new Promise((resolve, reject) => {
    const entry = pendingViews.get(id);
    if (entry) entry.waiters.push({ resolve, reject });
    else pendingViews.set(id, { waiters: [{ resolve, reject }], owed: 0 });
    if (!viewsFlushing) void flushViews();
  });
}

/**
 * The article's version: its last change to the microsecond, as text. The editor sends back the
 * version it was opened from and the save compares it as text in SQL, so no precision is lost on the
 * way through JavaScript's milliseconds and a forged value is only a mismatch, never a SQL error.
 */
const versionOf = utcMicros(blogs.updated_at);

export type VersionedBlog = Blog & { version: string };

/** Any article by id (editor, delete) with its version, or null; a malformed id is simply "not found". */
export async function getBlogById(id: string): Promise<VersionedBlog | null> {
  if (!UUID.test(id)) return null;
  const [row] = await db
    .select({ ...getTableColumns(blogs), version: versionOf })
    .from(blogs)
    .where(eq(blogs.id, id))
    .limit(1);
  return row ?? null;
}

/** Only the author, or an admin, may edit or delete an article (checked on the server, not only in the UI). */
export function canManageBlog(blog: Pick<Blog, "author_id">, user: { id: string; isAdmin: boolean }): boolean {
  return user.isAdmin || (blog.author_id != null && blog.author_id === user.id);
}

export type OwnFilter = "todos" | "publicados" | "borradores";

/** /my-blogs: the author's articles, newest update first, with search and the three counts. */
export async function listOwnBlogs(authorId: string, opts: { q?: string; estado?: OwnFilter } = {}) {
  const q = opts.q?.trim() ?? "";
  const search = q ? sql`blog_search_text(${blogs.title}, ${blogs.excerpt}, ${blogs.category}) like ${likeTerm(q)}` : undefined;
  const mine = and(eq(blogs.author_id, authorId), search);
  const [counts] = await db
    .select({
      all: sql<number>`count(*)::int`,
      published: sql<number>`(count(*) filter (where ${blogs.is_published}))::int`,
      drafts: sql<number>`(count(*) filter (where not ${blogs.is_published}))::int`,
    })
    .from(blogs)
    .where(mine);
  const estado = opts.estado ?? "todos";
  const status =
    estado === "publicados" ? eq(blogs.is_published, true) : estado === "borradores" ? eq(blogs.is_published, false) : undefined;
  const rows = await db.select().from(blogs).where(and(mine, status)).orderBy(desc(blogs.updated_at), desc(blogs.id)).limit(500);
  const items: OwnBlog[] = rows.map((b) => ({
    id: b.id,
    slug: b.slug,
    title: b.title,
    excerpt: b.excerpt,
    category: b.category,
    tags: b.tags,
    is_published: b.is_published,
    views: b.views,
    updated_at: b.updated_at.toISOString(),
  }));
  return {
    items,
    counts: { todos: Number(counts?.all ?? 0), publicados: Number(counts?.published ?? 0), borradores: Number(counts?.drafts ?? 0) },
  };
}

/** The slug for `title`, unique among all articles (a numeric suffix when taken). */
async function uniqueBlogSlug(title: string, exceptId?: string): Promise<string> {
  const base = slugify(title, SLUG_MAX) || "articulo";
  const rows = await queryRows<{ slug: string }>(sql`
    select slug from blogs
    where (slug = ${base} or slug ~ ${`^${base}-[0-9]+$`})
      ${exceptId ? sql`and id <> ${exceptId}` : sql``}`);
  return nextFreeSlug(
    base,
    rows.map((r) => r.slug),
  );
}

/** Retries once or twice when two writers race for the same slug (the unique index decides). */
async function withSlugRetry<T>(fn: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn();
    } catch (error) {
      if (attempt < 4 && isUniqueViolation(error)) continue;
      throw error;
    }
  }
}

/**
 * The columns every save writes: the slug, the editor's fields (content sanitized on every write),
 * publication and the time of the change. An article keeps its first publication date, `publishedAt`.
 */
function savedFields(input: BlogInput, slug: string, now: Date, publishedAt: Date | null) {
  return {
    slug,
    title: input.title,
    excerpt: input.excerpt,
    content: sanitizeBlogHtml(input.content),
    category: input.category,
    tags: input.tags,
    image_url: input.image_url,
    is_published: input.is_published,
    published_at: publishedAt ?? (input.is_published ? now : null),
    updated_at: now,
  };
}

/** Creates an article for `authorId` (the author always comes from the session or the token). */
export async function createBlog(authorId: string, input: BlogInput): Promise<Blog> {
  const row = await withSlugRetry(async () => {
    const slug = await uniqueBlogSlug(input.title);
    const now = new Date();
    const [created] = await db
      .insert(blogs)
      .values({ ...savedFields(input, slug, now, null), author_id: authorId, created_at: now })
      .returning();
    return created!;
  });
  if (row.is_published) invalidatePublicPages();
  return row;
}

/** What a save of the editor comes to: saved, or refused because the article is not the one the editor opened. */
export type BlogSaveResult = { saved: Blog; current?: undefined } | { saved?: undefined; current: VersionedBlog | null };

/**
 * Saves the editor's changes over `version`, the version the editor was opened from: when the
 * article changed since (another tab, another admin) or is gone, nothing is written and the result
 * carries the article as it is now (null when deleted), so that no save silently undoes another.
 * The check is in the UPDATE's WHERE, so two saves racing from one version cannot both pass.
 * The slug follows the title only while the article has never been published; after that it stays,
 * so shared links keep working.
 */
export async function updateBlog(existing: Blog, input: BlogInput, version: string): Promise<BlogSaveResult> {
  const row = await withSlugRetry(async () => {
    const slug =
      existing.published_at == null && input.title !== existing.title ? await uniqueBlogSlug(input.title, existing.id) : existing.slug;
    const now = new Date();
    const [updated] = await db
      .update(blogs)
      .set({
        ...savedFields(input, slug, now, existing.published_at),
        // Strictly later than the version it replaces, even within one clock tick: every save makes a new version.
        updated_at: sql`greatest(now(), ${blogs.updated_at} + interval '1 microsecond')`,
      })
      .where(and(eq(blogs.id, existing.id), sql`${versionOf} = ${version}`))
      .returning();
    return updated;
  });
  if (!row) return { current: await getBlogById(existing.id) };
  if (row.is_published || existing.is_published) invalidatePublicPages();
  return { saved: row };
}

export async function deleteBlog(id: string): Promise<Blog | null> {
  if (!UUID.test(id)) return null;
  const [row] = await db.delete(blogs).where(eq(blogs.id, id)).returning();
  if (row?.is_published) invalidatePublicPages();
  return row ?? null;
}

/** The newest published articles (RSS feed). */
export async function latestPublishedBlogs(limit = 20): Promise<BlogArticle[]> {
  const rows = await db
    .select({ blog: blogs, author_name: authorName })
    .from(blogs)
    .leftJoin(profiles, eq(profiles.id, blogs.author_id))
    .where(eq(blogs.is_published, true))
    .orderBy(...publishedOrder)
    .limit(limit);
  return rows.map((r) => ({
    ...toSummary({ ...r.blog, author_name: r.author_name }),
    content: r.blog.content,
    views: r.blog.views,
    author_id: r.blog.author_id,
  }));
}

/** Slugs and last changes of every published article (sitemap). */
export async function publishedBlogSlugs(): Promise<{ slug: string; updated_at: Date }[]> {
  return db
    .select({ slug: blogs.slug, updated_at: blogs.updated_at })
    .from(blogs)
    .where(eq(blogs.is_published, true))
    .orderBy(desc(blogs.updated_at));
}
