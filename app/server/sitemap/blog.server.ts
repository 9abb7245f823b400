import type { SitemapEntry } from "./types";

/** /blog and every published article (filled by the blog work). */
export async function blogEntries(): Promise<SitemapEntry[]> {
  return [];
}
