import { getEnv } from "~/server/platform/env.server";

/**
 * Search engines and AI-search crawlers are welcome on every public page, the Markdown twins and
 * /llms.txt (the directory exists to be found by AI assistants), and on the public API; account,
 * admin and the other API paths are not for crawling. Named groups repeat the rules because a crawler
 * follows only the most specific group that names it.
 */
export const CRAWLERS = [
  "Googlebot",
  "Bingbot",
  "OAI-SearchBot",
  "PerplexityBot",
  "Claude-SearchBot",
  "DuckDuckBot",
  "Applebot",
  "ChatGPT-User",
  "GPTBot",
  "Perplexity-User",
  "ClaudeBot",
  "Claude-User",
  "Google-Extended",
  "Applebot-Extended",
  "meta-externalagent",
  "*",
];

export const DISALLOWED = [
  "/admin",
  "/admin-members",
  "/auth",
  "/logout",
  "/profile",
  "/my-blogs",
  "/write-blog",
  "/edit-blog",
  "/api/",
  "/api/stripe/webhook",
  "/api/check-subscription",
  "/api/auth",
  "/api/blogs",
  "/api/google-business-profile",
];

function robotsTxt(origin: string): string {
  // The public API's Allow is longer than `Disallow: /api/`, so it wins (RFC 9309: longest match);
  // listed first, and `Allow: /` last, it also holds for crawlers that take the first matching rule.
  const group = (agent: string) => [`User-agent: ${agent}`, "Allow: /api/v1", ...DISALLOWED.map((d) => `Disallow: ${d}`), "Allow: /", ""];
  return [...CRAWLERS.flatMap(group), `Sitemap: ${origin}/sitemap.xml`, ""].join("\n");
}

export function loader() {
  return new Response(robotsTxt(getEnv().PUBLIC_URL), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
