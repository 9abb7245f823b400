/** One URL of /sitemap.xml. `path` is site-relative; `lastmod` is the last change of the page's content. */
export type SitemapEntry = { path: string; lastmod?: Date | null; changefreq?: "daily" | "weekly" | "monthly"; priority?: number };
