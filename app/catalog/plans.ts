/** Listing plan types. */
export const PLAN_TYPES = [
  { slug: "free_local", label: "Free Local" },
  { slug: "starter_local", label: "Starter Local" },
  { slug: "max_local", label: "Max Local" },
] as const;
export type PlanType = (typeof PLAN_TYPES)[number]["slug"];
export const PLAN_TYPE_SLUGS = PLAN_TYPES.map((p) => p.slug) as [PlanType, ...PlanType[]];
export const PAID_PLAN_TYPES: readonly PlanType[] = ["starter_local", "max_local"];

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
