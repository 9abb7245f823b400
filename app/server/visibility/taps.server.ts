/**
 * A tap on an entry's contact link (decision 099): which listing and action a /ir/ path names, the
 * target computed from the listing's stored data (never from the request, so the redirect can send
 * nobody elsewhere), and the count, once per visitor and hour, for people only.
 */
import { isbot } from "isbot";
import { aiCrawlerOf } from "~/catalog/ai-agents";
import { kindOfSingular, KIND_SINGULARS, type KindSingular, type ListingKind } from "~/catalog/listing-kinds";
import { VISIBILITY_ACTION_IDS, type VisibilityAction } from "~/catalog/visibility";
import { listingWhatsappHref, mapsHref } from "~/lib/contact-links";
import { telHref } from "~/lib/phone";
import { safeUrl } from "~/lib/safe-url";
import { type ListingContact, listingContact } from "../models/listing-contacts.server";
import { countAction, type Visitor } from "./counter.server";

export type Tap = { kind: ListingKind; id: string; action: VisibilityAction; target: string };

/** Headers of every /ir/ answer: never stored by a cache, never indexed. */
export const TAP_HEADERS = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow" } as const;

/** Where `action` leads for this listing, or null when it has nothing to lead to. */
export function tapTarget(c: ListingContact, action: VisibilityAction): string | null {
  switch (action) {
    case "whatsapp":
      // Its own WhatsApp number when it has a valid one, else its phone's (cards link the phone's).
      return listingWhatsappHref(c.whatsapp, c.nombre) ?? listingWhatsappHref(c.telefono, c.nombre);
    case "llamada":
      return telHref(c.telefono);
    case "direcciones":
      return mapsHref({ maps_url: c.maps_url, nombre: c.nombre, direccion: c.direccion, latitud: c.latitud, longitud: c.longitud });
    case "sitio_web":
      return safeUrl(c.website);
  }
}

const isAction = (v: string | undefined): v is VisibilityAction => VISIBILITY_ACTION_IDS.includes(v as VisibilityAction);
const isSingular = (v: string | undefined): v is KindSingular => KIND_SINGULARS.includes(v as KindSingular);

/** The tap a path's parameters name, with its target; null for an unknown action, kind, listing or target. */
export async function resolveTap(accion: string | undefined, tipo: string | undefined, id: string | undefined): Promise<Tap | null> {
  if (!isAction(accion) || !isSingular(tipo) || !id) return null;
  const kind = kindOfSingular(tipo);
  const contact = await listingContact(kind, id.toLowerCase());
  const target = contact ? tapTarget(contact, accion) : null;
  return contact && target ? { kind, id: contact.id, action: accion, target } : null;
}

/** A person's browser: neither a crawler of the AI table nor any other bot, and it says what it is. */
export function isPerson(userAgent: string | null | undefined): boolean {
  return Boolean(userAgent) && !aiCrawlerOf(userAgent) && !isbot(userAgent);
}

/** Counts the tap when a person made it; false for a bot or a repeat within the hour. */
export function countTap(tap: Tap, visitor: Visitor, now?: Date): boolean {
  if (!isPerson(visitor.userAgent)) return false;
  return countAction({ kind: tap.kind, id: tap.id }, tap.action, visitor, now);
}
