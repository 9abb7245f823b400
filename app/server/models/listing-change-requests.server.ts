/**
 * The admins' queue of managers' changes to name, category or industry, and province. Approving
 * applies them with the admin edit's slug rules (a new name gets a new slug, the old one answers
 * 301); refusing leaves the listing as it is. Each decision is taken once, audited, and mailed to
 * the listing's managers.
 */
import { eq, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import { LISTING_KINDS, type ListingKind } from "~/catalog/listing-kinds";
import { listing_change_requests } from "~/db/schema";
import { REVIEWED_FIELDS, REVIEWED_LABELS, reviewedValueLabel, type ReviewedField } from "~/schemas/owner-listing";
import { entryPath } from "~/lib/entry-path";
import { db, queryRows } from "../platform/db.server";
import { getEnv } from "../platform/env.server";
import { invalidatePublicPages } from "../http/page-cache.server";
import { sendMail } from "../mail/mail.server";
import { recordAudit } from "./audit.server";
import { rememberOldSlug, slugAfterEdit } from "./admin-listings.server";
import { isUuid, ListingNotFoundError, type Actor } from "./listing-admin.server";
import { managerEmails } from "./listing-managers.server";
import { tableOf } from "./listing-tables.server";
import type { ReviewedChanges } from "./owner-listings.server";

export type PendingChange = {
  id: string;
  kind: ListingKind;
  listing_id: string;
  slug: string;
  nombre: string;
  categoria: string | null;
  industria: string | null;
  provincia: string;
  changes: ReviewedChanges;
  email: string | null;
  created_at: string;
};

/** Pending requests, oldest first (the order they were asked in), with the listing as published. */
export async function listPendingChanges(limit = 100): Promise<PendingChange[]> {
  return queryRows<PendingChange>(sql`
    select r.id, r.kind, r.listing_id, l.slug, l.nombre, l.categoria, l.industria, l.provincia, r.changes, u.email,
           r.created_at::text as created_at
    from listing_change_requests r
    join lateral (
      select slug, nombre, categoria, null::text as industria, provincia from restaurants where r.kind = 'restaurant' and id = r.listing_id
      union all
      select slug, nombre, null::text, industria, provincia from businesses where r.kind = 'business' and id = r.listing_id
    ) l on true
    left join users u on u.id = r.user_id
    where r.status = 'pending'
    order by r.created_at, r.id
    limit ${limit}`);
}

export type Decision = "approve" | "refuse";
export type DecideResult =
  | { status: "done"; decision: Decision; nombre: string }
  | { status: "already"; previous: "approved" | "refused" }
  | { status: "missing" };

/** The decided status of each decision. */
const STATUS = { approve: "approved", refuse: "refused" } as const;

/** Changes as the mail lists them: «Nombre: Nuevo nombre». */
function changeLines(changes: ReviewedChanges): string {
  return (Object.keys(changes) as ReviewedField[])
    .filter((f) => REVIEWED_FIELDS.includes(f))
    .map((f) => `${REVIEWED_LABELS[f]}: ${reviewedValueLabel(f, changes[f])}`)
    .join("\n");
}

/**
 * Approves (applies) or refuses a pending request; a request already decided is left as it is and
 * answered with its decision. Throws ListingNotFoundError when the listing is gone.
 */
export async function decideChange(id: string, decision: Decision, actor: Actor, reason?: string | null): Promise<DecideResult> {
  if (!isUuid(id)) return { status: "missing" };
  const [request] = await db.select().from(listing_change_requests).where(eq(listing_change_requests.id, id)).limit(1);
  if (!request) return { status: "missing" };
  if (request.status !== "pending") return { status: "already", previous: request.status as "approved" | "refused" };
  const kind = request.kind as ListingKind;
  const table = tableOf(kind);
  const changes = request.changes as ReviewedChanges;
  const [current] = await db
    .select({ slug: table.slug, nombre: table.nombre })
    .from(table)
    .where(eq(table.id, request.listing_id))
    .limit(1);
  if (!current) throw new ListingNotFoundError();
  // Outside the transaction: PGlite runs one connection.
  const slug = decision === "approve" && changes.nombre ? await slugAfterEdit(kind, current, changes.nombre) : current.slug;

  const result = await db.transaction(async (tx): Promise<DecideResult> => {
    const [locked] = await tx.select().from(listing_change_requests).where(eq(listing_change_requests.id, id)).for("update");
    if (!locked) return { status: "missing" };
    if (locked.status !== "pending") return { status: "already", previous: locked.status as "approved" | "refused" };
    const decidedAt = new Date();
    let nombre = current.nombre;
    if (decision === "approve") {
      const [before] = await tx.select().from(table).where(eq(table.id, request.listing_id)).for("update");
      if (!before) throw new ListingNotFoundError();
      const set: Record<string, unknown> = { slug, updated_at: decidedAt };
      for (const f of REVIEWED_FIELDS) if (f in changes) set[f] = changes[f] || null;
      const [after] = await tx
        .update(table)
        .set(set as PgUpdateSetSource<typeof table>)
        .where(eq(table.id, request.listing_id))
        .returning();
      await rememberOldSlug(tx, kind, before.slug, slug, request.listing_id);
      await recordAudit({ actor, action: "update", entity: kind, entityId: request.listing_id, before, after }, tx);
      nombre = after!.nombre;
    }
    const [decided] = await tx
      .update(listing_change_requests)
      .set({ status: STATUS[decision], decided_by: actor.id, decided_at: decidedAt })
      .where(eq(listing_change_requests.id, id))
      .returning();
    const after = decision === "refuse" && reason ? { ...decided, message: reason } : decided;
    await recordAudit({ actor, action: decision, entity: "change_request", entityId: id, before: locked, after }, tx);
    return { status: "done", decision, nombre };
  });
  if (result.status !== "done") return result;
  if (decision === "approve") invalidatePublicPages();
  await mailManagers(kind, request.listing_id, slug, result.nombre, decision, changes, decision === "refuse" ? reason : null);
  return result;
}

async function mailManagers(
  kind: ListingKind,
  listingId: string,
  slug: string,
  nombre: string,
  decision: Decision,
  changes: ReviewedChanges,
  reason: string | null | undefined,
) {
  const to = await managerEmails({ kind, listingId });
  const origin = getEnv().PUBLIC_URL;
  const page = `${origin}/mi-negocio/${LISTING_KINDS[kind].singular}/${listingId}`;
  const approved = decision === "approve";
  const subject = approved ? `Aprobamos los cambios de ${nombre}` : `No aprobamos los cambios de ${nombre}`;
  const text = [
    "Hola:",
    "",
    approved
      ? `Revisamos y aprobamos los cambios que pediste para ${nombre}. Ya se ven en ${origin}${entryPath(kind, slug)}`
      : `Revisamos los cambios que pediste para ${nombre} y no los aprobamos. Tu ficha sigue como estaba.`,
    "",
    changeLines(changes),
    "",
    ...(reason ? [`Motivo: ${reason}`, ""] : []),
    approved ? `Puedes revisar tu ficha en ${page}` : `Si crees que es un error, responde este correo o escríbenos desde ${origin}/contact`,
    "",
    "Panama VIP IA",
  ].join("\n");
  for (const address of to) await sendMail("owner-change", { to: address, subject, text });
}
