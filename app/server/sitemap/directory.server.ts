import type { ListingKind } from "~/catalog/listing-kinds";
import { entryPath } from "~/lib/entry-path";
import { INDUSTRIES, industryPath } from "~/catalog/industries";
import { PROVINCES, provincePath } from "~/catalog/provinces";
import {
  activeListingSlugs,
  activeListingSlugsAfter,
  activeSlugChunkStarts,
  listingLastChanges,
  type SitemapListing,
} from "../models/listing-sitemap.server";
import { getEnv } from "../platform/env.server";
import type { SitemapEntry } from "./types";

/**
 * A sitemap file holds at most 50,000 URLs (sitemaps.org). Up to this many entries /sitemap.xml is one
 * file; beyond it /sitemap.xml becomes a sitemap index of chunks (docs/decisions/005).
 */
const DIRECTORY_SITEMAP_LIMIT = 45_000;

/** Entries per chunk file when the sitemap is an index (SITEMAP_CHUNK_SIZE lets tests use small chunks). */
export function sitemapChunkSize(): number {
  return getEnv().SITEMAP_CHUNK_SIZE;
}

const entryOf = (l: SitemapListing): SitemapEntry => ({
  path: entryPath(l.kind, l.slug),
  lastmod: l.updated_at,
  changefreq: "weekly",
  priority: 0.6,
});

/**
 * The 20 listing pages (province and industry), each with the newest change of its active entries
 * as lastmod (none while it lists nothing). Their Markdown twins are not listed: they are the same
 * pages, found through `Accept`, <link rel="alternate"> and /llms.txt.
 */
export async function listingPageEntries(): Promise<SitemapEntry[]> {
  const last = await listingLastChanges();
  return [
    ...PROVINCES.map((p) => ({
      path: provincePath(p.slug),
      lastmod: last.provinces.get(p.slug) ?? null,
      changefreq: "daily" as const,
      priority: 0.8,
    })),
    ...INDUSTRIES.map((i) => ({
      path: industryPath(i.slug),
      lastmod: last.industries.get(i.slug) ?? null,
      changefreq: "daily" as const,
      priority: 0.8,
    })),
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

/** The 20 listing pages and every active restaurant and business page, lastmod = updated_at. */
export async function directoryEntries(): Promise<SitemapEntry[]> {
  const entries = await listingPageEntries();
  let budget = DIRECTORY_SITEMAP_LIMIT;
  for await (const batch of activeListingSlugs()) {
    for (const l of batch) {
      if (budget-- <= 0) return entries;
      entries.push(entryOf(l));
    }
  }
  return entries;
}
