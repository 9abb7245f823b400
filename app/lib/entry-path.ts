import { LISTING_KINDS, type ListingKind } from "~/catalog/listing-kinds";

/** Public path of a directory entry's page: /restaurante/{slug} or /negocio/{slug}. */
export function entryPath(kind: ListingKind, slug: string): string {
  return `/${LISTING_KINDS[kind].singular}/${slug}`;
}
