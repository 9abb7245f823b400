/**
 * The directory's limits and search types, without Zod: pages import these for their forms, so the
 * browser does not download Zod for them (the schemas in ./directory use them too).
 */
import { LISTING_KIND_IDS, LISTING_KINDS } from "~/catalog/listing-kinds";

/** Listings and search answer 6 entries per request. */
export const PAGE_SIZE = 6;
/** Longest search text we look at; longer input is cut, never rejected with a 500. */
export const SEARCH_MAX_LENGTH = 100;
/** Longest place name the «Cerca de» box sends on. */
export const PLACE_MAX_LENGTH = 80;

/** The search's «Tipo» options: each kind by its plural. */
export const SEARCH_TYPES = LISTING_KIND_IDS.map((kind) => ({ slug: LISTING_KINDS[kind].plural, label: LISTING_KINDS[kind].labelPlural }));
