import { getEnv } from "~/server/env.server";

/**
 * Search engines and AI-search crawlers are welcome on every public page (the directory exists to be
 * found by AI assistants); account, admin and API paths are not for crawling. Named groups repeat the
 * rules because a crawler follows only the most specific group that names it.
 */
const CRAWLERS = [
  "Googlebot",
  "Bingbot",
  "DuckDuckBot",
  "Applebot",
  "OAI-SearchBot",
  "ChatGPT-User",
  "GPTBot",
  "PerplexityBot",
  "Perplexity-User",
  "ClaudeBot",
  "Claude-SearchBot",
  "Claude-User",
  "Google-Extended",
  "Applebot-Extended",
  "meta-externalagent",
  "*",
];

const DISALLOWED = ["/admin", "/api/", "/auth", "/logout", "/profile", "/my-blogs", "/write-blog", "/edit-blog/"];

function robotsTxt(origin: string): string {
  const group = (agent: string) => [`User-agent: ${agent}`, "Allow: /", ...DISALLOWED.map((d) => `Disallow: ${d}`), ""];
  return [...CRAWLERS.flatMap(group), `Sitemap: ${origin}/sitemap.xml`, ""].join("\n");
}

export function loader() {
  return new Response(robotsTxt(getEnv().PUBLIC_URL), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
