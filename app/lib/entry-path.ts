import type { ListingKind } from "~/schemas/directory";

/** Public path of a directory entry's page: /restaurante/{slug} or /negocio/{slug}. */
export function entryPath(kind: ListingKind, slug: string): string {
  return kind === "restaurant" ? `/restaurante/${slug}` : `/negocio/${slug}`;
}
