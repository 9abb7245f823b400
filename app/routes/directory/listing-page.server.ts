import { data } from "react-router";
import { PRIVATE_NO_STORE } from "~/lib/cache-headers";
import { invalidLinkPage } from "~/lib/error-page";
import type { NearPoint } from "~/lib/near-query";
import { CURSOR_INVALID, PAGE_SIZE } from "~/schemas/directory";
import type { ListingPage } from "~/server/models/listings.server";
import type { ListingCard } from "~/schemas/directory";
import { nearOfReading } from "~/server/directory/near-point.server";
import { BadCursorError, search } from "~/server/search/engine.server";
import type { SearchOutcome, SearchQuery } from "~/server/search/query";
import { countPageView, lastPageShown, shownEntryOf } from "~/server/visibility/impressions.server";
import { MAX_PAGES } from "~/lib/listing-pages";
import { twinnedPageHeaders } from "./cache-headers";

/** A link whose cursor this page cannot read: the 'Enlace no válido' page, offering the first page. */
export function badCursorPage(url: URL) {
  return invalidLinkPage(url, [{ path: ["cursor"], message: CURSOR_INVALID }]);
}

/**
 * A listing page's data: the page's own fields plus one page of cards. A database failure still
 * renders the page (hero, filters, the Spanish `loadError`) with a 503 that no cache keeps; a cursor
 * the search engine did not hand out is a bad link (400).
 */
export async function listingPageData<B extends object, P extends ListingPage>(
  url: URL,
  base: B,
  load: () => Promise<P>,
  loadError: string,
  headers: HeadersInit = twinnedPageHeaders(),
) {
  try {
    const page = await load();
    return data({ ...base, ...page, error: null as string | null }, { headers });
  } catch (error) {
    if (error instanceof BadCursorError) throw badCursorPage(url);
    console.error(`[directorio] ${loadError}:`, error);
    const empty: ListingPage = { items: [], nextCursor: null };
    // What the page adds to a result (a summary…) is absent on an error.
    const extra: Partial<Omit<P, keyof ListingPage>> = {};
    return data(
      { ...base, ...empty, ...extra, error: loadError as string | null },
      { status: 503, headers: { "Cache-Control": PRIVATE_NO_STORE } },
    );
  }
}

/**
 * `count` pages of a keyset listing as one answer: the first after `cursor` (from the start without
 * one), then each after the one before; the last page's cursor goes on. 'Cargar más' asks for one
 * page more (`?paginas=`), so that Back and a reload bring every card loaded.
 */
export async function loadPages<C, P extends ListingPage>(
  count: number,
  cursor: C | undefined,
  decode: (value: string) => C | null,
  load: (cursor: C | undefined) => Promise<P>,
): Promise<P> {
  let page = await load(cursor);
  const items = [...page.items];
  for (let n = 1; n < count && page.nextCursor; n++) {
    const next = decode(page.nextCursor);
    if (!next) break;
    page = await load(next);
    items.push(...page.items);
  }
  return { ...page, items };
}

/** The filters of a page's form as the search engine takes them. */
export type PageFilters = {
  cerca?: { lat: number; lng: number };
  cerca_de?: string;
  radio?: number;
  abierto?: boolean;
};

/** Whether a listing page lists through the search engine (open now, a place or a point) rather than in its own order. */
export function filtersApply(f: PageFilters): boolean {
  return Boolean(f.abierto || f.cerca_de || f.cerca);
}

/** The engine's place and open-now fields: a place typed in the box wins over the visitor's point. */
export function engineFilters(f: PageFilters): Pick<SearchQuery, "near" | "nearPlace" | "radiusKm" | "openNow"> {
  const place = f.cerca_de ? { nearPlace: f.cerca_de } : f.cerca ? { near: f.cerca } : {};
  return { ...place, ...(f.radio !== undefined && (f.cerca_de || f.cerca) ? { radiusKm: f.radio } : {}), openNow: Boolean(f.abierto) };
}

export type EnginePage = ListingPage & {
  /** Where the cards are ordered from (a point or a recognised place), or null. */
  near: NearPoint | null;
  /** A place typed in the box that the engine does not know. */
  unknownPlace: string | null;
  reading: SearchOutcome["reading"];
  suggestion: SearchOutcome["suggestion"];
  /** Results before the first card (the engine's cursor is an offset), and in all. */
  offset: number;
  total: number;
};

/**
 * `count` pages of PAGE_SIZE cards from the search engine, as one answer: one question for all of
 * them (the engine's cursor is an offset in its ranked answer, so a cursor and `paginas` together
 * mean that page and the ones after it).
 */
export async function enginePages(
  url: URL,
  query: Omit<SearchQuery, "limit" | "cursor">,
  count: number,
  cursor?: string,
): Promise<EnginePage> {
  const outcome = await search({ ...query, limit: PAGE_SIZE * count, ...(cursor ? { cursor } : {}) });
  return {
    items: outcome.hits.map(({ descripcion: _d, promoted: _p, score: _s, ...card }) => card),
    nextCursor: outcome.nextCursor,
    near: nearOfReading(url, outcome.reading),
    unknownPlace: outcome.reading.unknownPlace,
    reading: outcome.reading,
    suggestion: outcome.suggestion,
    offset: outcome.offset,
    total: outcome.total,
  };
}

/**
 * Where a page after a keyset cursor starts, at the least: a listing page's URL takes a cursor only
 * past MAX_PAGES pages ('Cargar más'), a Markdown twin's from its second page. A keyset cursor says
 * which card comes next, not its position, and counting them would cost a query per page.
 */
export const AFTER_PAGE_CURSOR = MAX_PAGES * PAGE_SIZE;
export const AFTER_TWIN_CURSOR = PAGE_SIZE;

/**
 * Counts a listing's cards that a person sees for the first time (decision 098): with `?paginas=N`
 * only the last page, the ones before were counted when they came. `offset`: results before the
 * first card.
 */
export function countListing(request: Request, items: ListingCard[], offset: number, pages = 1): void {
  countPageView(request, "listado", lastPageShown({ entries: items.map(shownEntryOf), firstPosition: offset + 1 }, pages));
}
