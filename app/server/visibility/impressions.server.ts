/**
 * Impressions: every answer of the directory that shows entries counts them through the counter
 * (decision 097), wherever the answer is given (decision 098). Machine answers (API, MCP) count
 * whoever asks; pages count people only, and a page answered from the page cache counts again with
 * the payload its loader left beside the cached copy. Nothing here waits or queries.
 */
import type { IncomingHttpHeaders } from "node:http";
import type { ListingKind } from "~/catalog/listing-kinds";
import { PAGE_SIZE } from "~/schemas/directory-fields";
import { onCacheHit } from "../http/page-cache.server";
import type { SearchOutcome } from "../search/query";
import { type Answer, countAnswer, type ShownEntry } from "./counter.server";
import { isPerson } from "./taps.server";

/** What an answer showed, before it is known through which channel it was given. */
export type Shown = Omit<Answer, "channel">;

/** An entry or card as the answers carry it: its category (restaurants) or industry (businesses) is its segment. */
export function shownEntryOf(e: { kind: ListingKind; id: string; etiqueta: string | null; provincia: string }): ShownEntry {
  return { kind: e.kind, id: e.id, segment: e.etiqueta, provincia: e.provincia };
}

/**
 * A search answer's entries at their positions, its question (the words the engine says it used,
 * so filler and words no entry has never become a question) and its total.
 */
export function searchShown(outcome: SearchOutcome): Shown {
  return {
    question: outcome.reading.used.join(" "),
    entries: outcome.hits.map(shownEntryOf),
    firstPosition: outcome.offset + 1,
    total: outcome.total,
  };
}

/**
 * The part of a page's cards shown for the first time: 'Cargar más' asks for every page so far
 * (`?paginas=N`), and the earlier ones were counted when they came. `firstPosition` is the first
 * card's. The total is kept only for an answer that starts at its first result.
 */
export function lastPageShown(shown: Shown, pages: number): Shown {
  const skip = Math.max(0, (pages - 1) * PAGE_SIZE);
  const firstPosition = (shown.firstPosition ?? 1) + skip;
  return {
    ...shown,
    entries: shown.entries.slice(skip),
    firstPosition,
    total: firstPosition === 1 ? shown.total : undefined,
  };
}

/** A machine answer given (API or MCP): counted whoever asked, except a HEAD, which shows nothing. */
export function countMachineAnswer(channel: "api" | "mcp", shown: Shown, request?: Request): void {
  if (request?.method === "HEAD") return;
  countAnswer({ ...shown, channel });
}

type HeaderOf = (name: string) => string | null | undefined;

/**
 * Whether a request for a page is a person seeing it: a GET (a HEAD shows nothing), not a
 * prefetch or prerender (nobody is looking yet), and a browser's user agent (no crawler, and no
 * client without one).
 */
export function isPersonView(method: string | undefined, header: HeaderOf): boolean {
  if (method !== "GET") return false;
  const purpose = `${header("sec-purpose") ?? ""} ${header("purpose") ?? ""} ${header("x-moz") ?? ""}`;
  if (/prefetch|prerender/i.test(purpose)) return false;
  return isPerson(header("user-agent")?.trim());
}

const fromHeaders =
  (headers: IncomingHttpHeaders): HeaderOf =>
  (name) => {
    const v = headers[name];
    return Array.isArray(v) ? v.join(", ") : v;
  };

/**
 * A page that shows entries to a person: counted now if this request is one, and again on every
 * answer of the cached copy of this page to a person (the loader does not run then).
 */
export function countPageView(request: Request, channel: "buscar" | "listado" | "ficha", shown: Shown): void {
  const answer: Answer = { ...shown, channel };
  if (isPersonView(request.method, (name) => request.headers.get(name))) countAnswer(answer);
  onCacheHit((req) => {
    if (isPersonView(req.method, fromHeaders(req.headers))) countAnswer(answer);
  });
}

/** One entry's own page (or its Markdown twin) seen by a person: position 1, no question. */
export function countEntryView(request: Request, entry: Parameters<typeof shownEntryOf>[0]): void {
  countPageView(request, "ficha", { entries: [shownEntryOf(entry)] });
}
