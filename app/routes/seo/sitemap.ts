import { getEnv } from "~/server/env.server";
import { blogEntries } from "~/server/sitemap/blog.server";
import { directoryEntries } from "~/server/sitemap/directory.server";
import { marketingEntries } from "~/server/sitemap/marketing.server";

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

export async function loader() {
  const origin = getEnv().PUBLIC_URL;
  const entries = (await Promise.all([marketingEntries(), directoryEntries(), blogEntries()])).flat();
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries.map(
      (e) =>
        `<url><loc>${esc(origin + e.path)}</loc>${e.lastmod ? `<lastmod>${e.lastmod.toISOString()}</lastmod>` : ""}${
          e.changefreq ? `<changefreq>${e.changefreq}</changefreq>` : ""
        }${e.priority != null ? `<priority>${e.priority.toFixed(1)}</priority>` : ""}</url>`,
    ),
    "</urlset>",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}
