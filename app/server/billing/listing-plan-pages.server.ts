/**
 * The owners' plan pages: the chooser (/mi-negocio/plan: which listing, which period) and a
 * listing's plan section (/mi-negocio/:tipo/:id/plan, also where Stripe sends the buyer back).
 * Only a listing's managers may start its checkout or open its billing.
 */
import crypto from "node:crypto";
import { data, redirect } from "react-router";
import { z } from "~/schemas/zod";
import { LISTING_KIND_IDS, LISTING_KINDS, type ListingKind } from "~/catalog/listing-kinds";
import { PAID_PLAN_SLUGS, PLAN_PERIOD_SLUGS } from "~/catalog/plans";
import { isUuid } from "~/lib/uuid";
import { requireUser } from "../accounts/guards.server";
import { requireManager } from "../owners/guards.server";
import { readForm } from "../http/request.server";
import { redirectWithToast } from "../http/toast.server";
import type { ListingRef } from "../models/listing-managers.server";
import { listingPlanOf, liveListingSubscription } from "../models/listing-subscriptions.server";
import {
  availablePlans,
  confirmListingCheckout,
  listingPortalUrl,
  PLAN_MESSAGES,
  PlanCheckoutRefused,
  type PlanPaymentCheck,
  startListingCheckout,
} from "./listing-plans.server";

export const PLAN_FORM_MESSAGES = {
  listing: "Elige el negocio para el que contratas el plan.",
  plan: "Elige un plan: Starter Local o Max Local.",
  period: "Elige un periodo: un año o 6 meses.",
  portal: "No se pudo abrir la gestión de la facturación. Inténtalo de nuevo en unos minutos.",
} as const;

/** The listing's plan section: /mi-negocio/{restaurante|negocio}/{id}/plan. */
export const planSectionPath = (ref: ListingRef) => `/mi-negocio/${LISTING_KINDS[ref.kind].singular}/${ref.listingId}/plan`;

/** The listing a `:tipo`/`:id` pair names, or a 404 for anything else. */
export function listingRefOf(params: { tipo?: string; id?: string }): ListingRef {
  const kind = LISTING_KIND_IDS.find((k) => LISTING_KINDS[k].singular === params.tipo);
  if (!kind || !isUuid(params.id)) throw data("No encontrado", { status: 404 });
  return { kind, listingId: params.id };
}

const checkoutSchema = z.object({
  plan: z.enum(PAID_PLAN_SLUGS, { error: PLAN_FORM_MESSAGES.plan }),
  period: z.enum(PLAN_PERIOD_SLUGS, { error: PLAN_FORM_MESSAGES.period }),
  attempt: z.string().optional(),
});

/** `restaurant:<uuid>` or `business:<uuid>`, as the chooser's radio buttons send it. */
const listingField = z.string({ error: PLAN_FORM_MESSAGES.listing }).transform((v, ctx) => {
  const [kind, id] = v.split(":");
  if (!LISTING_KIND_IDS.includes(kind as ListingKind) || !isUuid(id)) {
    ctx.addIssue({ code: "custom", message: PLAN_FORM_MESSAGES.listing });
    return z.NEVER;
  }
  return { kind: kind as ListingKind, listingId: id };
});

export type PlanActionData = { error: string; fields?: Record<string, string> };

const fieldsOf = (form: FormData) => Object.fromEntries([...form.entries()].map(([k, v]) => [k, String(v)]));

/** The chooser's POST: a manager of the chosen listing starts its checkout. */
export async function chooserAction(request: Request) {
  await requireUser(request);
  const form = await readForm(request);
  const listing = listingField.safeParse(form.get("listing") ?? undefined);
  if (!listing.success) return data<PlanActionData>({ error: PLAN_FORM_MESSAGES.listing, fields: fieldsOf(form) }, { status: 400 });
  return checkoutAction(request, listing.data, form);
}

/** Starts the checkout for `ref` (its manager only) and redirects to Stripe's page. */
export async function checkoutAction(request: Request, ref: ListingRef, form: FormData) {
  const current = await requireManager(request, ref.kind, ref.listingId);
  const parsed = checkoutSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    return data<PlanActionData>({ error: parsed.error.issues[0]!.message, fields: fieldsOf(form) }, { status: 400 });
  }
  const listing = await listingPlanOf(ref);
  if (!listing) throw data("No encontrado", { status: 404 });
  if (listing.review_status) return data<PlanActionData>({ error: PLAN_MESSAGES.inReview, fields: fieldsOf(form) }, { status: 409 });
  let url: string;
  try {
    url = await startListingCheckout({
      userId: current.user.id,
      email: current.user.email,
      ref,
      plan: parsed.data.plan,
      period: parsed.data.period,
      attempt: isUuid(parsed.data.attempt) ? parsed.data.attempt : crypto.randomUUID(),
      returnPath: planSectionPath(ref),
    });
  } catch (error) {
    if (error instanceof PlanCheckoutRefused) {
      return data<PlanActionData>({ error: error.message, fields: fieldsOf(form) }, { status: error.status });
    }
    console.error(`[stripe] listing checkout for ${ref.kind} ${ref.listingId} failed: ${(error as Error).message}`);
    return data<PlanActionData>({ error: PLAN_MESSAGES.checkoutError, fields: fieldsOf(form) }, { status: 502 });
  }
  throw redirect(url, 303);
}

/** The plan section's POST: intent=checkout (a plan and period) or intent=portal. */
export async function planSectionAction(request: Request, ref: ListingRef) {
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "checkout") return checkoutAction(request, ref, form);
  const current = await requireManager(request, ref.kind, ref.listingId);
  if (intent !== "portal") return data<PlanActionData>({ error: "Acción desconocida." }, { status: 400 });
  let url: string | null = null;
  try {
    url = await listingPortalUrl(current.user.id, ref, planSectionPath(ref));
  } catch (error) {
    console.error(`[stripe] listing portal for ${ref.kind} ${ref.listingId} failed: ${(error as Error).message}`);
  }
  if (!url) throw await redirectWithToast(planSectionPath(ref), { type: "error", title: PLAN_FORM_MESSAGES.portal });
  throw redirect(url, 303);
}

/** The plan section's data: the plan, its source and dates, and what the manager can do. */
export async function planSectionLoader(request: Request, ref: ListingRef) {
  const current = await requireManager(request, ref.kind, ref.listingId);
  const search = new URL(request.url).searchParams;
  const pago = search.get("pago");
  const payment = pago === "exitoso" || pago === "cancelado" ? pago : null;
  let confirmation: PlanPaymentCheck | null = null;
  if (payment === "exitoso") confirmation = await confirmListingCheckout(current.user.id, ref, search.get("session_id"));
  const listing = await listingPlanOf(ref);
  if (!listing) throw data("No encontrado", { status: 404 });
  const live = await liveListingSubscription(ref);
  return {
    kind: ref.kind,
    listing: {
      id: listing.id,
      slug: listing.slug,
      nombre: listing.nombre,
      plan_type: listing.plan_type,
      plan_source: listing.plan_source,
      renews_at: listing.plan_renews_at?.toISOString() ?? null,
      cancel_at_period_end: listing.plan_cancel_at_period_end,
      payment_failed_at: listing.plan_payment_failed_at?.toISOString() ?? null,
      in_review: Boolean(listing.review_status),
    },
    subscription: live ? { status: live.status, period: live.period, paidByMe: live.user_id === current.user.id } : null,
    available: availablePlans(),
    attempt: crypto.randomUUID(),
    payment,
    confirmation,
  };
}
