/**
 * The AI assistants and crawlers table: the user agents their vendors document are recognized by
 * product token (not by a longer token that starts alike), browsers are not, a robots.txt-only token
 * is no user agent, and assistants are told by utm_source or the Referer's exact host.
 */
import { describe, expect, it } from "vitest";
import { AI_ASSISTANTS, AI_CRAWLERS, aiAssistantOf, aiCrawlerOf, visitSourceLabel } from "~/catalog/ai-agents";
import { isPerson } from "~/server/visibility/taps.server";

// As the vendors' crawler pages write them (OpenAI, Perplexity, Anthropic, Google, Microsoft, Apple, …).
const VENDOR_USER_AGENTS: Record<string, string> = {
  "OAI-SearchBot":
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36; compatible; OAI-SearchBot/1.3; +https://openai.com/searchbot",
  "ChatGPT-User": "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot",
  GPTBot: "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.3; +https://openai.com/gptbot",
  PerplexityBot: "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)",
  "Perplexity-User":
    "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Perplexity-User/1.0; +https://perplexity.ai/perplexity-user)",
  ClaudeBot: "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)",
  "Claude-User": "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Claude-User/1.0; +Claude-User@anthropic.com)",
  "Claude-SearchBot":
    "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Claude-SearchBot/1.0; +Claude-SearchBot@anthropic.com)",
  Googlebot:
    "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.139 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
  bingbot:
    "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm) Chrome/116.0.1938.76 Safari/537.36",
  Applebot:
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1.1 Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)",
  DuckAssistBot: "DuckAssistBot/1.2; (+http://duckduckgo.com/duckassistbot.html)",
  "meta-externalagent": "meta-externalagent/1.1 (+https://developers.facebook.com/docs/sharing/webmasters/crawler)",
  Amazonbot:
    "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Amazonbot/0.1; +https://developer.amazon.com/support/amazonbot) Chrome/119.0.6045.214 Safari/537.36",
};

const BROWSERS = {
  chrome: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  iphone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
  firefox: "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0",
};

describe("crawlers by their User-Agent token", () => {
  it.each(Object.entries(VENDOR_USER_AGENTS))("%s is recognized by its token, and is no person", (token, ua) => {
    expect(aiCrawlerOf(ua)?.token).toBe(token);
    expect(isPerson(ua)).toBe(false);
  });

  it("a token is a whole product name: Googlebot-Image is not Googlebot, and browsers are nobody", () => {
    expect(aiCrawlerOf("Googlebot-Image/1.0")).toBeNull();
    expect(aiCrawlerOf("Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)")?.token).toBe("Googlebot");
    expect(aiCrawlerOf("Mozilla/5.0 (compatible; NotGPTBot/1.0)")).toBeNull();
    for (const ua of Object.values(BROWSERS)) {
      expect(aiCrawlerOf(ua)).toBeNull();
      expect(isPerson(ua)).toBe(true);
    }
    expect(aiCrawlerOf(undefined)).toBeNull();
    expect(isPerson(undefined)).toBe(false);
    expect(isPerson("")).toBe(false);
  });

  it("robots.txt-only tokens are no user agents, and every token is listed once", () => {
    const tokens = AI_CRAWLERS.map((c) => c.token.toLowerCase());
    expect(tokens).not.toContain("google-extended");
    expect(tokens).not.toContain("applebot-extended");
    expect(new Set(tokens).size).toBe(tokens.length);
    expect(tokens).toEqual(
      expect.arrayContaining([
        "oai-searchbot",
        "chatgpt-user",
        "perplexitybot",
        "perplexity-user",
        "claude-searchbot",
        "claude-user",
        "googlebot",
        "bingbot",
      ]),
    );
  });
});

describe("assistants as referrers", () => {
  it.each([
    [{ utmSource: "chatgpt.com" }, "chatgpt"],
    [{ utmSource: "ChatGPT.com" }, "chatgpt"],
    [{ utmSource: "perplexity" }, "perplexity"],
    [{ utmSource: "claude.ai" }, "claude"],
    [{ utmSource: "gemini" }, "gemini"],
    [{ utmSource: "copilot" }, "copilot"],
    [{ referer: "https://chatgpt.com/" }, "chatgpt"],
    [{ referer: "https://chat.openai.com/c/abc" }, "chatgpt"],
    [{ referer: "https://www.perplexity.ai/search?q=fondas+en+david" }, "perplexity"],
    [{ referer: "https://perplexity.ai/" }, "perplexity"],
    [{ referer: "https://claude.ai/chat/123" }, "claude"],
    [{ referer: "https://gemini.google.com/app" }, "gemini"],
    [{ referer: "https://copilot.microsoft.com/chats/x" }, "copilot"],
    // A tag wins over a Referer of another assistant.
    [{ utmSource: "perplexity", referer: "https://chatgpt.com/" }, "perplexity"],
  ])("%o -> %s", (visit, id) => {
    expect(aiAssistantOf(visit)?.id).toBe(id);
  });

  it("anything else is no assistant: other sites, look-alike hosts, unknown tags, broken Referers", () => {
    for (const visit of [
      { referer: "https://www.google.com/search?q=x" },
      { referer: "https://notchatgpt.com/" },
      { referer: "https://chatgpt.com.evil.example/" },
      { referer: "no es una url" },
      { utmSource: "newsletter" },
      { utmSource: "" },
      {},
    ]) {
      expect(aiAssistantOf(visit)).toBeNull();
    }
  });

  it("ids are unique and labels readable", () => {
    const ids = AI_ASSISTANTS.map((a) => a.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(visitSourceLabel("referral", "chatgpt")).toBe("ChatGPT");
    expect(visitSourceLabel("crawler", "OAI-SearchBot")).toBe("OAI-SearchBot (OpenAI)");
  });
});
