import type { SitemapEntry } from "./types";

/** Listing pages and every active entry (filled by the directory work). */
export async function directoryEntries(): Promise<SitemapEntry[]> {
  return [];
}
