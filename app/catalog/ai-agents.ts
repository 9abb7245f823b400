/**
 * The AI assistants and crawlers the directory recognizes, as data: the assistants whose links bring
 * people to an entry (a referral, told by `utm_source` or the Referer's host) and the crawlers and
 * fetchers of AI and search products (told by their product token in the User-Agent). Their ids
 * are stored in the visit counts, so an id never changes once used; a new product is a new row.
 *
 * A token that exists only for robots.txt is no User-Agent and has no row: Google-Extended and
 * Applebot-Extended are rules about what Googlebot and Applebot may use, and both crawl under those
 * names.
 */

export type AiAssistant = {
  /** Stored id of the source ('chatgpt'). */
  id: string;
  label: string;
  /** Values of `utm_source` the assistant adds to its links, lower case. */
  utm: readonly string[];
  /** Referer hosts of its pages, lower case, exact. */
  hosts: readonly string[];
};

export const AI_ASSISTANTS: readonly AiAssistant[] = [
  { id: "chatgpt", label: "ChatGPT", utm: ["chatgpt.com", "chatgpt", "openai"], hosts: ["chatgpt.com", "chat.openai.com"] },
  {
    id: "perplexity",
    label: "Perplexity",
    utm: ["perplexity", "perplexity.ai"],
    hosts: ["perplexity.ai", "www.perplexity.ai"],
  },
  { id: "claude", label: "Claude", utm: ["claude.ai", "claude"], hosts: ["claude.ai"] },
  { id: "gemini", label: "Gemini", utm: ["gemini", "gemini.google.com", "bard"], hosts: ["gemini.google.com", "bard.google.com"] },
  {
    id: "copilot",
    label: "Microsoft Copilot",
    utm: ["copilot", "copilot.microsoft.com", "copilot.com"],
    hosts: ["copilot.microsoft.com", "copilot.cloud.microsoft", "copilot.com"],
  },
  { id: "meta-ai", label: "Meta AI", utm: ["meta.ai", "meta-ai"], hosts: ["meta.ai", "www.meta.ai"] },
  { id: "grok", label: "Grok", utm: ["grok", "grok.com"], hosts: ["grok.com"] },
  { id: "deepseek", label: "DeepSeek", utm: ["deepseek", "chat.deepseek.com"], hosts: ["chat.deepseek.com"] },
  { id: "mistral", label: "Le Chat (Mistral)", utm: ["mistral", "chat.mistral.ai"], hosts: ["chat.mistral.ai"] },
];

export type AiCrawler = {
  /** The product token as its vendor writes it: also the stored id of the source. */
  token: string;
  vendor: string;
  /** What it fetches for, in plain Spanish (owners read it). */
  purpose: string;
};

const BUSQUEDA = "Indexa páginas para las respuestas de su buscador o asistente.";
const PERSONA = "Abre la página porque una persona se lo pidió al asistente.";
const ENTRENAMIENTO = "Recoge páginas para entrenar modelos de IA.";

export const AI_CRAWLERS: readonly AiCrawler[] = [
  { token: "OAI-SearchBot", vendor: "OpenAI", purpose: BUSQUEDA },
  { token: "ChatGPT-User", vendor: "OpenAI", purpose: PERSONA },
  { token: "GPTBot", vendor: "OpenAI", purpose: ENTRENAMIENTO },
  { token: "PerplexityBot", vendor: "Perplexity", purpose: BUSQUEDA },
  { token: "Perplexity-User", vendor: "Perplexity", purpose: PERSONA },
  { token: "Claude-SearchBot", vendor: "Anthropic", purpose: BUSQUEDA },
  { token: "Claude-User", vendor: "Anthropic", purpose: PERSONA },
  { token: "ClaudeBot", vendor: "Anthropic", purpose: ENTRENAMIENTO },
  { token: "Googlebot", vendor: "Google", purpose: "Indexa páginas para Google Search y sus resúmenes con IA." },
  { token: "Google-CloudVertexBot", vendor: "Google", purpose: BUSQUEDA },
  { token: "bingbot", vendor: "Microsoft", purpose: "Indexa páginas para Bing y Microsoft Copilot." },
  { token: "Applebot", vendor: "Apple", purpose: "Indexa páginas para Siri, Spotlight y Safari." },
  { token: "DuckAssistBot", vendor: "DuckDuckGo", purpose: BUSQUEDA },
  { token: "meta-externalagent", vendor: "Meta", purpose: ENTRENAMIENTO },
  { token: "meta-externalfetcher", vendor: "Meta", purpose: PERSONA },
  { token: "Amazonbot", vendor: "Amazon", purpose: "Indexa páginas para Alexa y los servicios de Amazon." },
  { token: "MistralAI-User", vendor: "Mistral AI", purpose: PERSONA },
  { token: "YouBot", vendor: "You.com", purpose: BUSQUEDA },
];

// A token counts only as a whole product name: followed by its version ('/'), a separator or the end,
// so that 'Googlebot-Image' is not 'Googlebot' and 'ClaudeBot' is not 'Claude-User'.
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const CRAWLER_PATTERN = new RegExp(
  `(?:^|[\\s;(),])(${AI_CRAWLERS.map((c) => escapeRegExp(c.token))
    .sort((a, b) => b.length - a.length)
    .join("|")})(?=[/;\\s),]|$)`,
  "i",
);
const BY_TOKEN = new Map(AI_CRAWLERS.map((c) => [c.token.toLowerCase(), c]));

/** The crawler a User-Agent names by its product token, or null. */
export function aiCrawlerOf(userAgent: string | null | undefined): AiCrawler | null {
  if (!userAgent) return null;
  const token = CRAWLER_PATTERN.exec(userAgent.slice(0, 1000))?.[1];
  return token ? (BY_TOKEN.get(token.toLowerCase()) ?? null) : null;
}

const BY_UTM = new Map(AI_ASSISTANTS.flatMap((a) => a.utm.map((u) => [u, a] as const)));
const BY_HOST = new Map(AI_ASSISTANTS.flatMap((a) => a.hosts.map((h) => [h, a] as const)));

function hostOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return null;
  }
}

/**
 * The assistant a visit came from: its `utm_source` first (assistants tag their links; browsers
 * often send no Referer from them), else its Referer's host. Null for anything else.
 */
export function aiAssistantOf(visit: { utmSource?: string | null; referer?: string | null }): AiAssistant | null {
  const utm = visit.utmSource?.trim().toLowerCase();
  const byUtm = utm ? BY_UTM.get(utm) : undefined;
  if (byUtm) return byUtm;
  const host = hostOf(visit.referer);
  return host ? (BY_HOST.get(host) ?? null) : null;
}

/** What owners read for a stored source id of either kind. */
export function visitSourceLabel(visit: "referral" | "crawler", source: string): string {
  if (visit === "referral") return AI_ASSISTANTS.find((a) => a.id === source)?.label ?? source;
  const crawler = BY_TOKEN.get(source.toLowerCase());
  return crawler ? `${crawler.token} (${crawler.vendor})` : source;
}
