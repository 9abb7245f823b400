/**
 * Claims of a listing. A 'domain' claim waits for the link mailed to an address at the website's
 * domain (only the token's SHA-256 is stored); an 'admin' claim waits in the admins' queue with what
 * the claimant says. One open claim per person and listing; a decision is taken once, whoever comes
 * second is told it was already taken.
 */
import crypto from "node:crypto";
import { and, eq, lt, type SQL, sql } from "drizzle-orm";
import { LISTING_KINDS, type ListingKind } from "~/catalog/listing-kinds";
import { listing_claims } from "~/db/schema";
import { isUuid } from "~/lib/uuid";
import { db, isUniqueViolation, queryRows, type Tx } from "../platform/db.server";
import { emailMatchesWebsite } from "../owners/claim-domain.server";
import { recordAudit } from "./audit.server";
import { addManager, hasManagers, isManager, type ListingRef } from "./listing-managers.server";

/** How long a mailed link works. */
export const CLAIM_LINK_HOURS = 48;

const WEBSITE_COLUMN = { restaurant: "website_url", business: "website" } as const satisfies Record<ListingKind, string>;

export type ClaimListing = {
  kind: ListingKind;
  id: string;
  slug: string;
  nombre: string;
  direccion: string;
  provincia: string;
  website: string | null;
};

type Actor = { id: string; email?: string | null };

export const hashToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

async function listingWhere(kind: ListingKind, where: SQL): Promise<ClaimListing | null> {
  const table = sql.identifier(LISTING_KINDS[kind].table);
  const website = sql.identifier(WEBSITE_COLUMN[kind]);
  const rows = await queryRows<Omit<ClaimListing, "kind">>(sql`
    select id, slug, nombre, direccion, provincia, ${website} as website from ${table} t
    where ${where} and t.is_active and t.review_status is null limit 1`);
  return rows[0] ? { kind, ...rows[0] } : null;
}

/** A public listing (active, not waiting for review) by slug, or null: only those can be claimed. */
export function claimableListing(kind: ListingKind, slug: string): Promise<ClaimListing | null> {
  if (!slug || slug.length > 200 || slug.includes("\u0000")) return Promise.resolve(null);
  return listingWhere(kind, sql`t.slug = ${slug}`);
}

function claimableById(ref: ListingRef): Promise<ClaimListing | null> {
  return isUuid(ref.listingId) ? listingWhere(ref.kind, sql`t.id = ${ref.listingId}`) : Promise.resolve(null);
}

export type OpenClaim = { id: string; method: "domain" | "admin"; email: string | null; created_at: Date; expires_at: Date | null };

/** Where: the person's pending claim of the listing. */
const pendingClaimOf = (userId: string, ref: ListingRef) =>
  and(
    eq(listing_claims.kind, ref.kind),
    eq(listing_claims.listing_id, ref.listingId),
    eq(listing_claims.user_id, userId),
    eq(listing_claims.status, "pending"),
  );

/** The person's open claim of the listing (a mailed link past its expiry is no longer open). */
export async function openClaimOf(userId: string, ref: ListingRef): Promise<OpenClaim | null> {
  const rows = await db
    .select({
      id: listing_claims.id,
      method: listing_claims.method,
      email: listing_claims.email,
      created_at: listing_claims.created_at,
      expires_at: listing_claims.expires_at,
    })
    .from(listing_claims)
    .where(and(pendingClaimOf(userId, ref), sql`(${listing_claims.expires_at} is null or ${listing_claims.expires_at} > now())`))
    .limit(1);
  return (rows[0] as OpenClaim | undefined) ?? null;
}

/** The claimed listing's slug and name (alias `l`) beside a claim row (alias `c`). */
const claimedListing = sql`join lateral (
  select slug, nombre from restaurants where c.kind = 'restaurant' and id = c.listing_id
  union all
  select slug, nombre from businesses where c.kind = 'business' and id = c.listing_id
) l on true`;

export type MyOpenClaim = OpenClaim & { kind: ListingKind; slug: string; nombre: string };

/** Every open claim of the person (a mailed link past its expiry is no longer open), oldest first. */
export async function listOpenClaimsOf(userId: string): Promise<MyOpenClaim[]> {
  const rows = await queryRows<
    Omit<MyOpenClaim, "created_at" | "expires_at"> & { created_at: string | Date; expires_at: string | Date | null }
  >(sql`
    select c.id, c.kind, c.method, c.email, c.created_at, c.expires_at, l.slug, l.nombre
    from listing_claims c
    ${claimedListing}
    where c.user_id = ${userId} and c.status = 'pending' and (c.expires_at is null or c.expires_at > now())
    order by c.created_at, c.id
    limit 50`);
  return rows.map((r) => ({ ...r, created_at: new Date(r.created_at), expires_at: r.expires_at === null ? null : new Date(r.expires_at) }));
}

/** Links of the person's claim of the listing that ran out stop being open (the unique index frees up). */
async function expireStale(tx: Tx, userId: string, ref: ListingRef) {
  await tx
    .update(listing_claims)
    .set({ status: "expired" })
    .where(and(pendingClaimOf(userId, ref), lt(listing_claims.expires_at, sql`now()`)));
}

export type NewClaimResult<T> = { ok: true; value: T } | { ok: false; reason: "open" };

/** A claim by e-mail: the token to mail (only its hash is kept), or `open` when one is already open. */
export async function createDomainClaim(input: ListingRef & { userId: string; email: string }): Promise<NewClaimResult<{ token: string }>> {
  const token = crypto.randomBytes(32).toString("base64url");
  try {
    await db.transaction(async (tx) => {
      await expireStale(tx, input.userId, input);
      await tx.insert(listing_claims).values({
        kind: input.kind,
        listing_id: input.listingId,
        user_id: input.userId,
        method: "domain",
        email: input.email.toLowerCase(),
        token_hash: hashToken(token),
        expires_at: new Date(Date.now() + CLAIM_LINK_HOURS * 60 * 60 * 1000),
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "open" };
    throw error;
  }
  return { ok: true, value: { token } };
}

export type AdminClaimInput = { full_name: string; role: string; phone: string; note: string | null };

/** A claim for the admins' queue, or `open` when the person already has one open for the listing. */
export async function createAdminClaim(input: ListingRef & { userId: string } & AdminClaimInput): Promise<NewClaimResult<{ id: string }>> {
  try {
    const id = await db.transaction(async (tx) => {
      await expireStale(tx, input.userId, input);
      const [row] = await tx
        .insert(listing_claims)
        .values({
          kind: input.kind,
          listing_id: input.listingId,
          user_id: input.userId,
          method: "admin",
          full_name: input.full_name,
          role: input.role,
          phone: input.phone,
          note: input.note,
        })
        .returning({ id: listing_claims.id });
      return row!.id;
    });
    return { ok: true, value: { id } };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "open" };
    throw error;
  }
}

/** The person gives up their open claim of the listing (to choose the other proof). */
export async function withdrawClaim(userId: string, ref: ListingRef): Promise<void> {
  await db.update(listing_claims).set({ status: "expired" }).where(pendingClaimOf(userId, ref));
}

export type ConfirmResult =
  | { status: "invalid" }
  | { status: "other-account" }
  | { status: "gone" }
  | { status: "expired"; listing: ClaimListing }
  | { status: "needs-review"; listing: ClaimListing }
  | { status: "done"; listing: ClaimListing; already: boolean };

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,100}$/;

/**
 * Opening the mailed link, signed in as `user`: the claimant becomes a manager ('domain'). The link is
 * for the account that asked only; it works once, until it expires, and only while the listing still
 * has no other manager and its website is still at the address's domain (otherwise the admins decide).
 */
export async function confirmDomainClaim(token: string, user: Actor): Promise<ConfirmResult> {
  if (!TOKEN_PATTERN.test(token)) return { status: "invalid" };
  const [claim] = await db
    .select()
    .from(listing_claims)
    .where(and(eq(listing_claims.token_hash, hashToken(token)), eq(listing_claims.method, "domain")))
    .limit(1);
  if (!claim) return { status: "invalid" };
  if (claim.user_id !== user.id) return { status: "other-account" };
  const ref: ListingRef = { kind: claim.kind as ListingKind, listingId: claim.listing_id };
  const listing = await claimableById(ref);
  if (!listing) return { status: "gone" };
  if (await isManager(user.id, ref)) {
    if (claim.status === "pending") await withdrawClaim(user.id, ref);
    return { status: "done", listing, already: true };
  }
  if (claim.status !== "pending") return { status: "expired", listing };
  const stillProves = !(await hasManagers(ref)) && emailMatchesWebsite(claim.email ?? "", listing.website);
  if ((claim.expires_at && claim.expires_at.getTime() <= Date.now()) || !stillProves) {
    await db
      .update(listing_claims)
      .set({ status: "expired" })
      .where(and(eq(listing_claims.id, claim.id), eq(listing_claims.status, "pending")));
    return { status: stillProves ? "expired" : "needs-review", listing };
  }
  const approved = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(listing_claims)
      .set({ status: "approved", decided_at: new Date() })
      .where(and(eq(listing_claims.id, claim.id), eq(listing_claims.status, "pending")))
      .returning({ id: listing_claims.id });
    if (!row) return false;
    await addManager({ ...ref, userId: user.id, source: "domain" }, tx);
    await recordAudit(
      {
        actor: user,
        action: "owner",
        entity: ref.kind,
        entityId: ref.listingId,
        before: null,
        after: { nombre: listing.nombre, email: user.email, status: "Confirmado por email", metodo: claim.email },
      },
      tx,
    );
    return true;
  });
  return { status: "done", listing, already: !approved };
}

// ---------------------------------------------------------------- the admins' queue

export type QueuedClaim = {
  id: string;
  kind: ListingKind;
  listing_id: string;
  slug: string;
  nombre: string;
  user_id: string;
  user_email: string;
  full_name: string;
  role: string;
  phone: string;
  note: string | null;
  has_managers: boolean;
  created_at: Date;
};

/** Claims waiting for an admin, oldest first (first come, first served). */
export async function listQueuedClaims(limit = 200): Promise<QueuedClaim[]> {
  const rows = await queryRows<Omit<QueuedClaim, "created_at"> & { created_at: string | Date }>(sql`
    select c.id, c.kind, c.listing_id, l.slug, l.nombre, c.user_id, u.email as user_email,
      c.full_name, c.role, c.phone, c.note, c.created_at,
      exists (select 1 from listing_managers m where m.kind = c.kind and m.listing_id = c.listing_id) as has_managers
    from listing_claims c
    join users u on u.id = c.user_id
    ${claimedListing}
    where c.status = 'pending' and c.method = 'admin'
    order by c.created_at, c.id
    limit ${limit}`);
  return rows.map((r) => ({ ...r, created_at: new Date(r.created_at) }));
}

export type Decision = "approve" | "refuse";

export type DecideClaimResult =
  | { status: "decided" }
  | { status: "gone" }
  | { status: "done"; email: string; name: string; listing: { kind: ListingKind; slug: string; nombre: string } };

/**
 * An admin approves (the claimant becomes a manager, 'approval') or refuses a claim in the queue.
 * Whoever decides second gets `decided` and nothing changes (nor is mailed) again.
 */
export async function decideClaim(input: {
  id: string;
  decision: Decision;
  actor: Actor;
  reason?: string | null;
}): Promise<DecideClaimResult> {
  if (!isUuid(input.id)) return { status: "gone" };
  const rows = await queryRows<{ kind: ListingKind; listing_id: string; user_id: string; email: string; name: string; status: string }>(sql`
    select c.kind, c.listing_id, c.user_id, u.email, coalesce(c.full_name, u.name) as name, c.status
    from listing_claims c join users u on u.id = c.user_id
    where c.id = ${input.id} and c.method = 'admin'`);
  const claim = rows[0];
  if (!claim) return { status: "gone" };
  if (claim.status !== "pending") return { status: "decided" };
  const ref: ListingRef = { kind: claim.kind, listingId: claim.listing_id };
  const table = sql.identifier(LISTING_KINDS[ref.kind].table);
  const [listing] = await queryRows<{ slug: string; nombre: string }>(sql`select slug, nombre from ${table} where id = ${ref.listingId}`);
  if (!listing) return { status: "gone" };
  const approve = input.decision === "approve";
  const decided = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(listing_claims)
      .set({ status: approve ? "approved" : "refused", decided_by: input.actor.id, decided_at: new Date() })
      .where(and(eq(listing_claims.id, input.id), eq(listing_claims.status, "pending")))
      .returning({ id: listing_claims.id });
    if (!row) return false;
    if (approve) await addManager({ ...ref, userId: claim.user_id, source: "approval" }, tx);
    await recordAudit(
      {
        actor: input.actor,
        action: approve ? "owner" : "handle",
        entity: ref.kind,
        entityId: ref.listingId,
        before: { status: "Solicitud pendiente" },
        after: {
          nombre: listing.nombre,
          email: claim.email,
          status: approve ? "Solicitud aprobada" : "Solicitud rechazada",
          ...(input.reason ? { message: input.reason } : {}),
        },
      },
      tx,
    );
    return true;
  });
  if (!decided) return { status: "decided" };
  return { status: "done", email: claim.email, name: claim.name, listing: { kind: ref.kind, ...listing } };
}
