/**
 * Listings members submit: stored inactive with review_status 'pending' (so no public page, search,
 * API, sitemap or MCP answer shows them: they all read active entries only) until an admin approves
 * one, which publishes it and makes its submitter a manager; a refused one stays private, 'refused'.
 */
import { and, eq, sql } from "drizzle-orm";
import type { PgInsertValue } from "drizzle-orm/pg-core";
import { LISTING_KINDS, type ListingKind } from "~/catalog/listing-kinds";
import type { BusinessInput, RestaurantInput } from "~/schemas/admin";
import { isUuid } from "~/lib/uuid";
import { db, isUniqueViolation, queryRows } from "../platform/db.server";
import { invalidatePublicPages } from "../http/page-cache.server";
import { recordAudit } from "./audit.server";
import { uniqueListingSlug } from "./listing-admin.server";
import { addManager } from "./listing-managers.server";
import { tableOf } from "./listing-tables.server";
import type { Decision } from "./listing-claims.server";

type Actor = { id: string; email?: string | null };
type SubmissionInput<K extends ListingKind> = K extends "restaurant" ? RestaurantInput : BusinessInput;

/**
 * What a member may set: the admin form's fields without the admin's own (rating, reviews, plan,
 * verified, active), which a submission always starts without.
 */
function submittedColumns<K extends ListingKind>(input: SubmissionInput<K>) {
  const { ubicacion, rating: _r, customer_reviews: _c, plan_type: _p, is_verified: _v, is_active: _a, ...rest } = input;
  return {
    ...rest,
    latitud: ubicacion?.lat ?? null,
    longitud: ubicacion?.lng ?? null,
    rating: null,
    customer_reviews: null,
    plan_type: "free_local",
    is_verified: false,
    is_active: false,
  };
}

/**
 * Stores a member's listing, private and waiting for review; the submitter is the audit's actor.
 * The same listing (kind, name and province) sent again while the first still waits is that one
 * (`repeated`): a form sent twice (a double click without JavaScript) makes one request. The
 * per-member advisory lock makes the check and the insert one step for concurrent requests; a slug
 * taken meanwhile by someone else's listing is chosen again.
 */
export async function createSubmission<K extends ListingKind>(
  kind: K,
  input: SubmissionInput<K>,
  user: Actor,
): Promise<{ id: string; slug: string; repeated: boolean }> {
  const table = tableOf(kind);
  for (let attempt = 1; ; attempt++) {
    const slug = await uniqueListingSlug(kind, input.nombre);
    try {
      return await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`listing-submission:${user.id}`}))`);
        const [waiting] = await tx
          .select({ id: table.id, slug: table.slug })
          .from(table)
          .where(
            and(
              eq(table.submitted_by, user.id),
              eq(table.review_status, "pending"),
              eq(table.provincia, input.provincia),
              sql`lower(${table.nombre}) = lower(${input.nombre})`,
            ),
          )
          .limit(1);
        if (waiting) return { ...waiting, repeated: true };
        const [created] = await tx
          .insert(table)
          .values({ ...submittedColumns(input), slug, review_status: "pending", submitted_by: user.id } as PgInsertValue<typeof table>)
          .returning();
        await recordAudit({ actor: user, action: "create", entity: kind, entityId: created!.id, before: null, after: created }, tx);
        return { id: created!.id, slug: created!.slug, repeated: false };
      });
    } catch (error) {
      if (attempt < 3 && isUniqueViolation(error)) continue;
      throw error;
    }
  }
}

export type SubmissionRow = {
  kind: ListingKind;
  id: string;
  nombre: string;
  direccion: string;
  provincia: string;
  review_status: "pending" | "refused" | null;
  is_active: boolean;
  slug: string;
  created_at: Date;
};

/** What a member submitted, newest first, with where each stands. */
export async function listSubmissionsOf(userId: string): Promise<SubmissionRow[]> {
  const rows = await queryRows<Omit<SubmissionRow, "created_at"> & { created_at: string | Date }>(sql`
    select * from (
      select 'restaurant' as kind, id, nombre, direccion, provincia, review_status, is_active, slug, created_at from restaurants where submitted_by = ${userId}
      union all
      select 'business' as kind, id, nombre, direccion, provincia, review_status, is_active, slug, created_at from businesses where submitted_by = ${userId}
    ) s order by created_at desc, id limit 50`);
  return rows.map((r) => ({ ...r, created_at: new Date(r.created_at) }));
}

export type QueuedSubmission = {
  kind: ListingKind;
  id: string;
  nombre: string;
  direccion: string;
  provincia: string;
  etiqueta: string | null;
  website: string | null;
  telefono: string | null;
  user_email: string | null;
  created_at: Date;
};

/** Submissions waiting for an admin, oldest first. */
export async function listQueuedSubmissions(limit = 200): Promise<QueuedSubmission[]> {
  const rows = await queryRows<Omit<QueuedSubmission, "created_at"> & { created_at: string | Date }>(sql`
    select s.*, u.email as user_email from (
      select 'restaurant' as kind, id, nombre, direccion, provincia, categoria as etiqueta, website_url as website, telefono, submitted_by, created_at
      from restaurants where review_status = 'pending'
      union all
      select 'business' as kind, id, nombre, direccion, provincia, industria as etiqueta, website, telefono, submitted_by, created_at
      from businesses where review_status = 'pending'
    ) s left join users u on u.id = s.submitted_by
    order by s.created_at, s.id
    limit ${limit}`);
  return rows.map((r) => ({ ...r, created_at: new Date(r.created_at) }));
}

export type DecideSubmissionResult =
  | { status: "decided" }
  | { status: "gone" }
  | { status: "done"; email: string | null; name: string | null; listing: { kind: ListingKind; slug: string; nombre: string } };

/**
 * An admin approves a submission (published, its submitter a manager, 'submission') or refuses it
 * (it stays private, 'refused'). Whoever decides second gets `decided` and nothing changes again.
 */
export async function decideSubmission(input: {
  kind: ListingKind;
  id: string;
  decision: Decision;
  actor: Actor;
  reason?: string | null;
}): Promise<DecideSubmissionResult> {
  if (!isUuid(input.id)) return { status: "gone" };
  const table = tableOf(input.kind);
  const approve = input.decision === "approve";
  const [current] = await queryRows<{
    review_status: string | null;
    submitted_by: string | null;
    email: string | null;
    name: string | null;
  }>(sql`
    select t.review_status, t.submitted_by, u.email, u.name
    from ${sql.identifier(LISTING_KINDS[input.kind].table)} t left join users u on u.id = t.submitted_by
    where t.id = ${input.id}`);
  if (!current) return { status: "gone" };
  if (current.review_status !== "pending") return { status: "decided" };
  const decided = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(table)
      .set(
        approve ? { is_active: true, review_status: null, updated_at: new Date() } : { review_status: "refused", updated_at: new Date() },
      )
      .where(and(eq(table.id, input.id), eq(table.review_status, "pending")))
      .returning({ slug: table.slug, nombre: table.nombre, submitted_by: table.submitted_by });
    if (!row) return null;
    if (approve && row.submitted_by)
      await addManager({ kind: input.kind, listingId: input.id, userId: row.submitted_by, source: "submission" }, tx);
    await recordAudit(
      {
        actor: input.actor,
        action: approve ? "toggle" : "handle",
        entity: input.kind,
        entityId: input.id,
        before: { is_active: false, status: "Enviado, en revisión" },
        after: {
          nombre: row.nombre,
          is_active: approve,
          status: approve ? "Aprobado y publicado" : "Rechazado",
          ...(current.email ? { email: current.email } : {}),
          ...(input.reason ? { message: input.reason } : {}),
        },
      },
      tx,
    );
    return row;
  });
  if (!decided) return { status: "decided" };
  if (approve) invalidatePublicPages();
  return {
    status: "done",
    email: current.email,
    name: current.name,
    listing: { kind: input.kind, slug: decided.slug, nombre: decided.nombre },
  };
}
