import { INDUSTRIES, industryPath } from "~/catalog/industries";
import { PROVINCES, provincePath } from "~/catalog/provinces";
import { activeListingSlugs } from "../models/listings.server";
import type { SitemapEntry } from "./types";

/**
 * A sitemap file holds at most 50,000 URLs (sitemaps.org); the directory keeps its share below that.
 * Larger directories need a sitemap index (see docs/decisions/023-directory-sitemap.md).
 */
export const DIRECTORY_SITEMAP_LIMIT = 45_000;

/** The 20 listing pages, /buscar, and every active restaurant and business page (D3). */
export async function directoryEntries(): Promise<SitemapEntry[]> {
  const entries: SitemapEntry[] = [
    ...PROVINCES.map((p) => ({ path: provincePath(p.slug), changefreq: "daily" as const, priority: 0.8 })),
    ...INDUSTRIES.map((i) => ({ path: industryPath(i.slug), changefreq: "daily" as const, priority: 0.8 })),
  ];
  let budget = DIRECTORY_SITEMAP_LIMIT;
  for await (const batch of activeListingSlugs()) {
    for (const l of batch) {
      if (budget-- <= 0) return entries;
      entries.push({
        path: l.kind === "restaurant" ? `/restaurante/${l.slug}` : `/negocio/${l.slug}`,
        lastmod: l.updated_at,
        changefreq: "weekly",
        priority: 0.6,
      });
    }
  }
  return entries;
}
