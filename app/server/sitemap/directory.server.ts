import { INDUSTRIES, industryPath } from "~/catalog/industries";
import { PROVINCES, provincePath } from "~/catalog/provinces";
import {
  activeListingSlugs,
  activeListingSlugsAfter,
  activeSlugChunkStarts,
  type ListingKind,
  type SitemapListing,
} from "../models/listings.server";
import type { SitemapEntry } from "./types";

/**
 * A sitemap file holds at most 50,000 URLs (sitemaps.org). Up to this many entries /sitemap.xml is one
 * file; beyond it /sitemap.xml becomes a sitemap index of chunks (docs/decisions/005).
 */
export const DIRECTORY_SITEMAP_LIMIT = 45_000;

/** Entries per chunk file when the sitemap is an index (SITEMAP_CHUNK_SIZE lets tests use small chunks). */
export function sitemapChunkSize(): number {
  const n = Number(process.env.SITEMAP_CHUNK_SIZE);
  return Number.isInteger(n) && n > 0 ? Math.min(n, 45_000) : 40_000;
}

const entryOf = (l: SitemapListing): SitemapEntry => ({
  path: l.kind === "restaurant" ? `/restaurante/${l.slug}` : `/negocio/${l.slug}`,
  lastmod: l.updated_at,
  changefreq: "weekly",
  priority: 0.6,
});

/** The 20 listing pages (province and industry). */
export function listingPageEntries(): SitemapEntry[] {
  return [
    ...PROVINCES.map((p) => ({ path: provincePath(p.slug), changefreq: "daily" as const, priority: 0.8 })),
    ...INDUSTRIES.map((i) => ({ path: industryPath(i.slug), changefreq: "daily" as const, priority: 0.8 })),
  ];
}

/** Where each chunk of one kind starts, for the sitemap index. */
export function listingChunkStarts(kind: ListingKind): Promise<(string | null)[]> {
  return activeSlugChunkStarts(kind, sitemapChunkSize());
}

/** One chunk of entry pages of one kind. */
export async function listingChunkEntries(kind: ListingKind, after: string | null): Promise<SitemapEntry[]> {
  return (await activeListingSlugsAfter(kind, after, sitemapChunkSize())).map(entryOf);
}

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
