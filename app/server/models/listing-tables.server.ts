/**
 * The Drizzle tables of each listing kind, for queries written with Drizzle's builder. The tables'
 * names are the catalog's (LISTING_KINDS[kind].table); a unit test holds the two together.
 */
import type { ListingKind } from "~/catalog/listing-kinds";
import { business_open_spans, businesses, restaurant_open_spans, restaurants } from "~/db/schema";

export const LISTING_TABLES = {
  restaurant: { entries: restaurants, openSpans: restaurant_open_spans },
  business: { entries: businesses, openSpans: business_open_spans },
} as const satisfies Record<ListingKind, object>;

/** The table of a kind's entries. */
export const tableOf = (kind: ListingKind) => LISTING_TABLES[kind].entries;

/** The open-period boxes of each kind (migration 0008). */
export const openSpansOf = (kind: ListingKind) => LISTING_TABLES[kind].openSpans;
