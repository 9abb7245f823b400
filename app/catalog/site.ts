/** Company identity and contact channels, used by the header, footer and contact page. */
export const SITE = {
  name: "Panama VIP IA",
  legalName: "Panama VIP IA Marketing",
  tagline: "Marketing con IA y storytelling para negocios de Panamá",
  phone: "+507 6000-0000",
  phoneHref: "tel:+50760000000",
  whatsapp: "50760000000",
  email: "info@panamavipia.com",
  city: "Ciudad de Panamá",
  country: "PA",
  hours: "Lunes a viernes, 8:00 a. m. - 6:00 p. m. Fines de semana con cita previa.",
  defaultAuthor: "Panama VIP IA",
} as const;

/** The company's scheduling page, when BOOKING_URL does not name another. */
export const DEFAULT_BOOKING_URL = "https://calendly.com/panamavipia/consulta";

/** The few configuration values the browser may see (the root loader's `publicEnv`). Nothing secret. */
export type PublicEnv = { PUBLIC_URL: string; BOOKING_URL: string; CHAT_WIDGET_SRC: string | null };

export function whatsappLink(message?: string): string {
  const base = `https://wa.me/${SITE.whatsapp}`;
  return message ? `${base}?text=${encodeURIComponent(message)}` : base;
}

/** The pages behind the premium gate: the shell shows a waiting state while going to one. */
export const PREMIUM_PAGE_PATHS = { roger: "/ai-solutions/roger", amy: "/ai-solutions/amy" } as const;

/** The privacy policy and the terms of use (footer, sign-up, contact form, premium checkout). */
export const LEGAL_PATHS = { privacy: "/privacidad", terms: "/terminos" } as const;
