import type { SitemapEntry } from "./types";

/** The public marketing pages. */
export async function marketingEntries(): Promise<SitemapEntry[]> {
  return [{ path: "/", changefreq: "weekly", priority: 1 }];
}
