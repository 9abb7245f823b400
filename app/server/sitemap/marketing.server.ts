import { LEGAL_UPDATED } from "~/catalog/legal";
import { MARKETING_CONTENT_UPDATED, MARKETING_PAGES } from "~/catalog/marketing";
import { LEGAL_PATHS } from "~/catalog/site";
import { lastPublishedChange } from "../models/marketing.server";
import type { SitemapEntry } from "./types";

/**
 * The public marketing pages, then the privacy policy and the terms of use (dated by their own
 * text). The home page also changes when a newer article is featured on it.
 */
export async function marketingEntries(): Promise<SitemapEntry[]> {
  const copy = new Date(`${MARKETING_CONTENT_UPDATED}T00:00:00Z`);
  const legal = new Date(`${LEGAL_UPDATED}T00:00:00Z`);
  const article = await lastPublishedChange();
  return [
    ...MARKETING_PAGES.map((p) => ({
      path: p.path,
      changefreq: p.changefreq,
      priority: p.priority,
      lastmod: p.path === "/" && article && article > copy ? article : copy,
    })),
    ...[LEGAL_PATHS.privacy, LEGAL_PATHS.terms].map((path) => ({ path, changefreq: "monthly" as const, priority: 0.3, lastmod: legal })),
  ];
}
