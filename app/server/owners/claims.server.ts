/**
 * The claim page's rules: which listing a path names (a public one only: anything else is a 404),
 * what the signed-in person may do there, and how many links and requests one account may send.
 */
import { KIND_SINGULARS, kindOfSingular, type KindSingular, type ListingKind } from "~/catalog/listing-kinds";
import { errorPage } from "~/lib/error-page";
import { entryPath } from "~/lib/entry-path";
import { type ClaimListing, claimableListing, type OpenClaim, openClaimOf } from "../models/listing-claims.server";
import { hasManagers, isManager } from "../models/listing-managers.server";
import { recordHit, releaseHit } from "../models/rate-limits.server";
import { websiteDomain } from "./claim-domain.server";

export const CLAIM_MESSAGES = {
  alreadyManager: "Ya administras este negocio.",
  open: "Ya tienes una solicitud abierta para este negocio.",
  noDomain: "Este negocio ya no se puede confirmar por email: pide la revisión de nuestro equipo.",
  wrongDomain: (domain: string) => `El email debe terminar en @${domain}.`,
  tooManyLinks: "Ya enviaste varios enlaces. Revisa tu correo o inténtalo de nuevo en una hora.",
  tooManyRequests: "Enviaste muchas solicitudes hoy. Inténtalo de nuevo mañana.",
} as const;

const NOT_FOUND = {
  title: "Negocio no encontrado",
  message: "Este negocio no existe o ya no está en el directorio.",
  action: { href: "/buscar", label: "Buscar en el directorio" },
};

export type ClaimContext = { kind: ListingKind; listing: ClaimListing; entry: string };

/** The public listing `/reclamar/:tipo/:slug` names, or a 404 page. */
export async function claimContext(params: { tipo?: string; slug?: string }): Promise<ClaimContext> {
  const tipo = params.tipo?.toLowerCase();
  if (!tipo || !(KIND_SINGULARS as readonly string[]).includes(tipo)) throw errorPage(404, NOT_FOUND);
  const kind = kindOfSingular(tipo as KindSingular);
  const listing = await claimableListing(kind, params.slug ?? "");
  if (!listing) throw errorPage(404, NOT_FOUND);
  return { kind, listing, entry: entryPath(kind, listing.slug) };
}

export type ClaimState =
  | { step: "manager" }
  | { step: "open"; claim: OpenClaim }
  /** `domain`: the website's domain when the proof by e-mail is offered. */
  | { step: "choose"; domain: string | null };

/** Where the person stands with the listing. The proof by e-mail only while nobody manages it. */
export async function claimStateOf(userId: string, ctx: ClaimContext): Promise<ClaimState> {
  const ref = { kind: ctx.kind, listingId: ctx.listing.id };
  if (await isManager(userId, ref)) return { step: "manager" };
  const open = await openClaimOf(userId, ref);
  if (open) return { step: "open", claim: open };
  const domain = (await hasManagers(ref)) ? null : websiteDomain(ctx.listing.website);
  return { step: "choose", domain };
}

const LIMITS = {
  link: { max: 5, window: 60 * 60 },
  request: { max: 10, window: 24 * 60 * 60 },
} as const;

/** Counts one mailed link or one request of the account; false (and not counted) past the limit. */
export async function withinClaimLimit(which: keyof typeof LIMITS, userId: string): Promise<boolean> {
  const { max, window } = LIMITS[which];
  const key = `claim-${which}:${userId}`;
  const hit = await recordHit(key, window);
  if (hit.count <= max) return true;
  await releaseHit(key, window);
  return false;
}
