/**
 * The counted contact links of an entry (decision 099): WhatsApp, directions and website go through
 * the directory's own redirect, /ir/{action}/{restaurante|negocio}/{id}, which counts the tap and
 * sends the visitor on to the target computed from the listing's stored data. A call keeps its real
 * tel: link and is counted by the link's `ping` to /api/ir/… (and a beacon when JavaScript runs).
 */
import { useRouteLoaderData } from "react-router";
import { LISTING_KINDS, type ListingKind } from "~/catalog/listing-kinds";
import type { VisibilityAction } from "~/catalog/visibility";

/** The path that counts `action` on the entry and redirects to its target. */
export function tapPath(action: VisibilityAction, kind: ListingKind, id: string): string {
  return `/ir/${action}/${LISTING_KINDS[kind].singular}/${id}`;
}

/** Where a counted link's ping (or beacon) reports `action` on the entry. */
export function tapPingPath(action: VisibilityAction, kind: ListingKind, id: string): string {
  return `/api${tapPath(action, kind, id)}`;
}

/**
 * The ping's URL, absolute: the HTML standard's `ping` takes http(s) URLs only, so the site's public
 * origin (the root loader's) goes before the path.
 */
export function useTapPingUrl(action: VisibilityAction, kind: ListingKind, id: string): string {
  const root = useRouteLoaderData("root") as { publicEnv?: { PUBLIC_URL: string } } | undefined;
  return `${root?.publicEnv?.PUBLIC_URL ?? ""}${tapPingPath(action, kind, id)}`;
}

/** rel of a counted link: search engines follow none of them, and the target learns nothing of the page. */
export const TAP_REL = "nofollow noopener noreferrer";

/**
 * With JavaScript, a call also reports itself by a beacon: browsers that send no hyperlink-auditing
 * ping (Firefox) still count it, and one that sends both counts once (same visitor within the hour).
 */
export function beaconTap(path: string): void {
  if (typeof navigator !== "undefined" && typeof navigator.sendBeacon === "function") navigator.sendBeacon(path);
}
