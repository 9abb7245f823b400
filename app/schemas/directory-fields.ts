/**
 * The directory's limits and search types, without Zod: pages import these for their forms, so the
 * browser does not download Zod for them (the schemas in ./directory use them too).
 */

/** Listings and search answer 6 entries per request. */
export const PAGE_SIZE = 6;
/** Longest search text we look at; longer input is cut, never rejected with a 500. */
export const SEARCH_MAX_LENGTH = 100;
/** Longest place name the «Cerca de» box sends on. */
export const PLACE_MAX_LENGTH = 80;

export const SEARCH_TYPES = [
  { slug: "restaurantes", label: "Restaurantes", kind: "restaurant" },
  { slug: "negocios", label: "Negocios", kind: "business" },
] as const;
