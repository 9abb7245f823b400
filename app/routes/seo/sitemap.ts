import { getEnv } from "~/server/platform/env.server";
import { activeListingsExceed } from "~/server/models/listing-sitemap.server";
import { blogEntries } from "~/server/sitemap/blog.server";
import { directoryEntries, listingChunkStarts, sitemapChunkSize } from "~/server/sitemap/directory.server";
import { marketingEntries } from "~/server/sitemap/marketing.server";
import { sitemapResponse, urlsetXml } from "~/server/sitemap/xml.server";

/**
 * /sitemap.xml: one file with every public page, listing and article while they fit; past that, a
 * sitemap index of /sitemap/paginas.xml plus chunks of entry pages (/sitemap/restaurantes.xml?desde=…).
 */
export async function loader() {
  const origin = getEnv().PUBLIC_URL;
  if (!(await activeListingsExceed(sitemapChunkSize()))) {
    const entries = (await Promise.all([marketingEntries(), directoryEntries(), blogEntries()])).flat();
    return sitemapResponse(urlsetXml(origin, entries));
  }
  const parts = [`${origin}/sitemap/paginas.xml`];
  for (const [kind, name] of [
    ["restaurant", "restaurantes"],
    ["business", "negocios"],
  ] as const) {
    for (const after of await listingChunkStarts(kind)) {
      parts.push(`${origin}/sitemap/${name}.xml${after ? `?desde=${encodeURIComponent(after)}` : ""}`);
    }
  }
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...parts.map((loc) => `<sitemap><loc>${loc.replace(/&/g, "&amp;")}</loc></sitemap>`),
    "</sitemapindex>",
  ].join("\n");
  return sitemapResponse(xml);
}
