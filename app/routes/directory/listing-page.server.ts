import { data } from "react-router";
import { PRIVATE_NO_STORE } from "~/lib/cache-headers";
import type { ListingPage } from "~/server/models/listings.server";
import { twinnedPageHeaders } from "./cache-headers";

/**
 * A listing page's data: the page's own fields plus one page of cards. A database failure still
 * renders the page (hero, filters, the Spanish `loadError`) with a 503 that no cache keeps.
 */
export async function listingPageData<B extends object>(base: B, load: () => Promise<ListingPage>, loadError: string) {
  try {
    const page = await load();
    return data({ ...base, ...page, error: null as string | null }, { headers: twinnedPageHeaders() });
  } catch (error) {
    console.error(`[directorio] ${loadError}:`, error);
    const empty: ListingPage = { items: [], nextCursor: null };
    return data({ ...base, ...empty, error: loadError as string | null }, { status: 503, headers: { "Cache-Control": PRIVATE_NO_STORE } });
  }
}
