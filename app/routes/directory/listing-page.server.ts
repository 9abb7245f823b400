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
