/** `/blog/rss.xml`: RSS 2.0 feed of the latest 20 published articles. */
import { getEnv } from "~/server/platform/env.server";
import { latestPublishedBlogs } from "~/server/models/blogs.server";

/** XML text: escaped, and without characters XML 1.0 forbids. */
export function xmlText(s: string): string {
  return s
    .replace(/[^\u0009\u000a\u000d\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

export async function loader() {
  const origin = getEnv().PUBLIC_URL;
  const items = await latestPublishedBlogs(20);
  const lastBuild = items[0]?.published_at ?? items[0]?.created_at ?? new Date(0).toISOString();
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    "<channel>",
    "<title>Blog de Panama VIP IA</title>",
    `<link>${xmlText(`${origin}/blog`)}</link>`,
    `<atom:link href="${xmlText(`${origin}/blog/rss.xml`)}" rel="self" type="application/rss+xml"/>`,
    "<description>Artículos sobre marketing, IA, gastronomía, turismo y negocios en Panamá.</description>",
    "<language>es-PA</language>",
    `<lastBuildDate>${new Date(lastBuild).toUTCString()}</lastBuildDate>`,
    ...items.map((a) => {
      const url = `${origin}/blog/${a.slug}`;
      return [
        "<item>",
        `<title>${xmlText(a.title)}</title>`,
        `<link>${xmlText(url)}</link>`,
        `<guid isPermaLink="true">${xmlText(url)}</guid>`,
        `<pubDate>${new Date(a.published_at ?? a.created_at).toUTCString()}</pubDate>`,
        `<dc:creator>${xmlText(a.author_name)}</dc:creator>`,
        a.category ? `<category>${xmlText(a.category)}</category>` : "",
        `<description>${xmlText(a.excerpt)}</description>`,
        "</item>",
      ].join("");
    }),
    "</channel>",
    "</rss>",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}
