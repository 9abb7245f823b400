/** Data the marketing pages read: the newest published article for the home page's featured card. */
import { desc, eq, max } from "drizzle-orm";
import { SITE } from "~/catalog/site";
import { blogs, profiles } from "~/db/schema";
import { db } from "../platform/db.server";

export type FeaturedArticle = {
  slug: string;
  title: string;
  excerpt: string;
  category: string | null;
  imageUrl: string | null;
  author: string;
  publishedAt: string;
};

export async function newestPublishedArticle(): Promise<FeaturedArticle | null> {
  const [row] = await db
    .select({
      slug: blogs.slug,
      title: blogs.title,
      excerpt: blogs.excerpt,
      category: blogs.category,
      imageUrl: blogs.image_url,
      author: profiles.full_name,
      createdAt: blogs.created_at,
    })
    .from(blogs)
    .leftJoin(profiles, eq(profiles.id, blogs.author_id))
    .where(eq(blogs.is_published, true))
    .orderBy(desc(blogs.created_at), desc(blogs.id))
    .limit(1);
  if (!row) return null;
  return {
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    category: row.category,
    imageUrl: row.imageUrl,
    author: row.author?.trim() || SITE.defaultAuthor,
    publishedAt: row.createdAt.toISOString(),
  };
}

/** When the newest published content changed (for the home page's sitemap lastmod). */
export async function lastPublishedChange(): Promise<Date | null> {
  const [row] = await db
    .select({ at: max(blogs.updated_at) })
    .from(blogs)
    .where(eq(blogs.is_published, true));
  return row?.at ? new Date(row.at) : null;
}
