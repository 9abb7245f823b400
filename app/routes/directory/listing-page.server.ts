import { data } from "react-router";
import { PRIVATE_NO_STORE } from "~/lib/cache-headers";
import type { ListingPage } from "~/server/models/listings.server";
import { twinnedPageHeaders } from "./cache-headers";

/**
 * A listing page's data: the page's own fields plus one page of cards. A database failure still
 * renders the page (hero, filters, the Spanish `loadError`) with a 503 that no cache keeps.
 */
export async function listingPageData<B extends object, P extends ListingPage>(
  base: B,
  load: () => Promise<P>,
  loadError: string,
  headers: HeadersInit = twinnedPageHeaders(),
) {
  try {
    const page = await load();
    return data({ ...base, ...page, error: null as string | null }, { headers });
  } catch (error) {
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
