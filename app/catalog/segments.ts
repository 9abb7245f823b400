/**
 * What an entry is within its kind: a restaurant's category or a business's industry (the
 * "segment" of share-of-voice figures), by the kind's own catalog.
 */
import { categoryLabel } from "./categories";
import { industryLabel } from "./industries";
import { LISTING_KINDS, type ListingKind } from "./listing-kinds";

/** The segment's label ('Mariscos', 'Construcción'); the kind's own label when the entry has none. */
export function segmentLabel(kind: ListingKind, slug: string | null | undefined): string {
  if (!slug) return LISTING_KINDS[kind].label;
  return kind === "restaurant" ? categoryLabel(slug) : industryLabel(slug);
}
