import { MARKETING_CONTENT_UPDATED, MARKETING_PAGES } from "~/catalog/marketing";
import { lastPublishedChange } from "../models/marketing.server";
import type { SitemapEntry } from "./types";

/** The public marketing pages. The home page also changes when a newer article is featured on it. */
export async function marketingEntries(): Promise<SitemapEntry[]> {
  const copy = new Date(`${MARKETING_CONTENT_UPDATED}T00:00:00Z`);
  const article = await lastPublishedChange();
  return MARKETING_PAGES.map((p) => ({
    path: p.path,
    changefreq: p.changefreq,
    priority: p.priority,
    lastmod: p.path === "/" && article && article > copy ? article : copy,
  }));
}
