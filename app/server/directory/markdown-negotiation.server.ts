/**
 * Content negotiation for the Markdown twins: a GET of an entry or listing page that prefers
 * `text/markdown` is rewritten to the twin's `.md` URL before anything else sees it. Mounted ahead of
 * the page cache, whose key is the URL: the rewritten request can only ever meet a Markdown copy, and
 * the page URL only an HTML one.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { INDUSTRY_SLUGS } from "~/catalog/industries";
import { PROVINCE_SLUGS } from "~/catalog/provinces";

const TWINNED = new RegExp(
  `^(?:/restaurante/[a-z0-9-]{1,200}|/negocio/[a-z0-9-]{1,200}|/restaurantes-(?:${PROVINCE_SLUGS.join("|")})|/negocios/(?:${INDUSTRY_SLUGS.join("|")}))$`,
);

/** The path of the page's Markdown twin, or null when the path has none. */
export function markdownTwinPath(pathname: string): string | null {
  return TWINNED.test(pathname) ? `${pathname}.md` : null;
}

/** q-value of each media range in an Accept header. */
function acceptQ(accept: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const part of accept.toLowerCase().split(",")) {
    const [range, ...params] = part.trim().split(";");
    if (!range) continue;
    const q = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    const value = q === undefined ? 1 : Number(q);
    out.set(range.trim(), Math.max(out.get(range.trim()) ?? 0, Number.isFinite(value) ? value : 0));
  }
  return out;
}

/**
 * True when the client names text/markdown and ranks it at least as high as HTML. Wildcards never
 * select Markdown: browsers send `*\/*` and must keep getting HTML.
 */
export function prefersMarkdown(accept: string | undefined): boolean {
  if (!accept) return false;
  const q = acceptQ(accept);
  const markdown = q.get("text/markdown") ?? 0;
  const html = Math.max(q.get("text/html") ?? 0, q.get("application/xhtml+xml") ?? 0);
  return markdown > 0 && markdown >= html;
}

type Req = IncomingMessage & { originalUrl?: string };

/** Express middleware: rewrites a page URL to its twin for a Markdown-preferring GET or HEAD. */
export function markdownNegotiation(req: Req, res: ServerResponse, next: (err?: unknown) => void) {
  if (req.method !== "GET" && req.method !== "HEAD") return next();
  const url = req.originalUrl ?? req.url ?? "/";
  const q = url.indexOf("?");
  const pathname = q === -1 ? url : url.slice(0, q);
  // Both answers carry `Vary: Accept`: the pages set it (cache-headers.ts), and so do the twins.
  if (!markdownTwinPath(pathname) || !prefersMarkdown(req.headers.accept)) return next();
  const rewritten = `${pathname}.md${q === -1 ? "" : url.slice(q)}`;
  req.url = rewritten;
  req.originalUrl = rewritten;
  res.setHeader("Content-Location", `${pathname}.md`);
  next();
}
