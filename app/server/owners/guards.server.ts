/**
 * The owner pages' guards: a listing's pages and actions in «Mi negocio» are for its managers only;
 * anyone else, signed in or not, learns nothing about it (the same answer as for a listing that does
 * not exist). Claims and submissions need a confirmed address (an address counts once confirmed).
 */
import type { ListingKind } from "~/catalog/listing-kinds";
import { type CurrentUser, requireUser } from "../accounts/guards.server";
import { redirectWithToast } from "../http/toast.server";
import { isManager } from "../models/listing-managers.server";

export const OWNER_MESSAGES = {
  notManager: "No administras ese negocio.",
  unconfirmed: "Confirma tu email antes de reclamar o añadir un negocio: te enviamos el enlace al registrarte.",
} as const;

/** The signed-in manager of the listing; anyone else goes to «Mi negocio» with a toast. */
export async function requireManager(request: Request, kind: ListingKind, listingId: string): Promise<CurrentUser> {
  const current = await requireUser(request);
  if (!(await isManager(current.user.id, { kind, listingId }))) {
    throw await redirectWithToast("/mi-negocio", { type: "error", title: OWNER_MESSAGES.notManager });
  }
  return current;
}

/** A signed-in person whose address is confirmed; otherwise back to `from` with the reason. */
export async function requireConfirmedUser(request: Request, from: string): Promise<CurrentUser> {
  const current = await requireUser(request);
  if (!current.user.emailVerified) throw await redirectWithToast(from, { type: "error", title: OWNER_MESSAGES.unconfirmed });
  return current;
}
