/**
 * The directory's two kinds of listing and every name each goes by: its table, its Spanish words
 * (which are also its path segments and the API's `tipo`), its labels and the column its card's
 * label comes from. Code that only needs a kind's name reads it here instead of comparing kinds.
 */
export const LISTING_KINDS = {
  restaurant: {
    /** The table of its entries (the server maps it to Drizzle's table object). */
    table: "restaurants",
    /** The word: /restaurante/{slug}, the API's `tipo` of one entry and the start of its `id`. */
    singular: "restaurante",
    /** The plural: /api/v1/restaurantes/{slug}, the search's `tipo` and the admin's tab. */
    plural: "restaurantes",
    label: "Restaurante",
    labelPlural: "Restaurantes",
    /** The column the card's `etiqueta` comes from: a restaurant's category. */
    etiquetaColumn: "categoria",
    /** Where the admin creates and edits one: {adminPath}/new, {adminPath}/edit/{id}. */
    adminPath: "/admin/restaurant",
    /** Open Graph's type of its page. */
    ogType: "restaurant.restaurant",
  },
  business: {
    table: "businesses",
    singular: "negocio",
    plural: "negocios",
    label: "Negocio",
    labelPlural: "Negocios",
    /** A business's industry. */
    etiquetaColumn: "industria",
    adminPath: "/admin/business",
    ogType: "business.business",
  },
} as const;

export type ListingKind = keyof typeof LISTING_KINDS;
type Names = (typeof LISTING_KINDS)[ListingKind];
export type ListingTable = Names["table"];
/** 'restaurante' | 'negocio' */
export type KindSingular = Names["singular"];
/** 'restaurantes' | 'negocios' */
export type KindPlural = Names["plural"];

/** Both kinds, restaurants first (the order of pages, sitemaps and the admin's tabs). */
export const LISTING_KIND_IDS = Object.keys(LISTING_KINDS) as [ListingKind, ...ListingKind[]];
export const KIND_PLURALS = LISTING_KIND_IDS.map((k) => LISTING_KINDS[k].plural) as [KindPlural, ...KindPlural[]];
export const KIND_SINGULARS = LISTING_KIND_IDS.map((k) => LISTING_KINDS[k].singular) as [KindSingular, ...KindSingular[]];

type KindBy<F extends keyof Names, V> = { [K in ListingKind]: (typeof LISTING_KINDS)[K][F] extends V ? K : never }[ListingKind];

function kindWhere<F extends keyof Names>(field: F, value: string): ListingKind | undefined {
  return LISTING_KIND_IDS.find((k) => LISTING_KINDS[k][field] === value);
}

/** The kind whose plural is `plural` ('restaurantes' -> 'restaurant'). */
export function kindOfPlural<P extends KindPlural>(plural: P): KindBy<"plural", P> {
  return kindWhere("plural", plural) as KindBy<"plural", P>;
}

/** The kind whose word is `singular` ('negocio' -> 'business'). */
export function kindOfSingular<S extends KindSingular>(singular: S): KindBy<"singular", S> {
  return kindWhere("singular", singular) as KindBy<"singular", S>;
}

/**
 * The kind a path names by its segment right after `base`, in either spelling (/restaurante/{slug},
 * /api/v1/negocios/{slug}); undefined when that segment names no kind.
 */
export function kindOfPath(pathname: string, base = "/"): ListingKind | undefined {
  const path = pathname.toLowerCase();
  if (!path.startsWith(base)) return undefined;
  const segment = path.slice(base.length).split("/")[0];
  return LISTING_KIND_IDS.find((k) => segment === LISTING_KINDS[k].singular || segment === LISTING_KINDS[k].plural);
}
