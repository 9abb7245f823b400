/** Listing plan types. */
export const PLAN_TYPES = [
  { slug: "free_local", label: "Free Local" },
  { slug: "starter_local", label: "Starter Local" },
  { slug: "max_local", label: "Max Local" },
] as const;
export type PlanType = (typeof PLAN_TYPES)[number]["slug"];
export const PLAN_TYPE_SLUGS = PLAN_TYPES.map((p) => p.slug) as [PlanType, ...PlanType[]];
const PAID = ["starter_local", "max_local"] as const satisfies readonly PlanType[];
export const PAID_PLAN_TYPES: readonly PlanType[] = PAID;
export type PaidPlanType = (typeof PAID)[number];
export const PAID_PLAN_SLUGS = PAID as unknown as [PaidPlanType, ...PaidPlanType[]];

export const isPaidPlan = (slug: unknown): slug is PaidPlanType => PAID_PLAN_TYPES.includes(slug as PlanType);

/** The periods a paid Local AI plan is bought for (SPEC §9). */
export const PLAN_PERIODS = [
  { slug: "year", label: "Un año", short: "año" },
  { slug: "half_year", label: "6 meses", short: "6 meses" },
] as const;
export type PlanPeriod = (typeof PLAN_PERIODS)[number]["slug"];
export const PLAN_PERIOD_SLUGS = PLAN_PERIODS.map((p) => p.slug) as [PlanPeriod, ...PlanPeriod[]];

/** The Local AI plans' prices in USD, per period (SPEC §9); the pricing page and checkout read these. */
export const LOCAL_PLAN_PRICES: Record<PaidPlanType, Record<PlanPeriod, number>> = {
  starter_local: { year: 750, half_year: 450 },
  max_local: { year: 900, half_year: 600 },
};

export function periodLabel(slug: string | null | undefined): string {
  return PLAN_PERIODS.find((p) => p.slug === slug)?.label ?? "";
}

export function planLabel(slug: string | null | undefined): string {
  return PLAN_TYPES.find((p) => p.slug === slug)?.label ?? "";
}

/** Free plan durations in days. */
export const FREE_PLAN_DAYS = [30, 60, 90] as const;
export const DEFAULT_FREE_PLAN_DAYS = 30;

/** Contact form service options. */
export const CONTACT_SERVICES = [
  { slug: "storytelling", label: "Storytelling Marketing" },
  { slug: "purpose-marketing", label: "Marketing con Propósito" },
  { slug: "local-visibility", label: "Visibilidad Local" },
  { slug: "ai-solutions", label: "Soluciones IA" },
  { slug: "full-package", label: "Paquete Completo VIP" },
  { slug: "consultation", label: "Consulta inicial" },
] as const;
export type ContactService = (typeof CONTACT_SERVICES)[number]["slug"];
export const CONTACT_SERVICE_SLUGS = CONTACT_SERVICES.map((s) => s.slug) as [ContactService, ...ContactService[]];

/** Premium AI subscription. */
export const PREMIUM_PRICE = { amount: 9.99, currency: "USD", period: "mes" } as const;
