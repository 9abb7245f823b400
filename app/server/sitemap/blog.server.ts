import { publishedBlogSlugs } from "../models/blogs.server";
import type { SitemapEntry } from "./types";

/** /blog and every published article. */
export async function blogEntries(): Promise<SitemapEntry[]> {
  const rows = await publishedBlogSlugs();
  return [
    { path: "/blog", lastmod: rows[0]?.updated_at ?? null, changefreq: "daily", priority: 0.8 },
    ...rows.map((r) => ({ path: `/blog/${r.slug}`, lastmod: r.updated_at, changefreq: "monthly" as const, priority: 0.6 })),
  ];
}
