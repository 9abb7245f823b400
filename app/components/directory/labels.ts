/**
 * What a card and an entry page both say about an entry: its category or industry label, and
 * whether its plan is a paid one. Kept apart from the card component so that entry pages do not
 * download the card (vite.config.ts splits the directory's chunks by kind of page).
 */
import { categoryLabel } from "~/catalog/categories";
import { industryLabel } from "~/catalog/industries";
import { LISTING_KINDS } from "~/catalog/listing-kinds";
import { PAID_PLAN_TYPES, type PlanType } from "~/catalog/plans";
import type { ListingCard } from "~/schemas/directory";

/** What a listing card shows (the model's listing rows). */
export type CardData = ListingCard;

export function etiquetaLabel(kind: CardData["kind"], etiqueta: string | null): string {
  if (!etiqueta) return LISTING_KINDS[kind].label;
  return kind === "restaurant" ? categoryLabel(etiqueta) : industryLabel(etiqueta);
}

export function isPaidPlan(plan: string): boolean {
  return PAID_PLAN_TYPES.includes(plan as PlanType);
}
