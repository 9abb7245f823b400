/**
 * The 10 industries, in the order of the navigation: the label in Spanish and English, and
 * `one`/`oneEn`, what one business of the industry is called (the machine answers' one-line summary).
 */
export const INDUSTRIES = [
  { slug: "construccion", label: "Construcción", labelEn: "Construction", one: "Empresa de construcción", oneEn: "Construction business" },
  { slug: "belleza", label: "Belleza", labelEn: "Beauty", one: "Negocio de belleza", oneEn: "Beauty business" },
  { slug: "tiendas", label: "Tiendas", labelEn: "Shops", one: "Tienda", oneEn: "Shop" },
  { slug: "abogados", label: "Abogados", labelEn: "Lawyers", one: "Abogados", oneEn: "Law firm" },
  { slug: "deportes", label: "Deportes", labelEn: "Sports", one: "Negocio de deportes", oneEn: "Sports business" },
  { slug: "salud", label: "Salud", labelEn: "Health", one: "Servicio de salud", oneEn: "Health service" },
  { slug: "educacion", label: "Educación", labelEn: "Education", one: "Centro de educación", oneEn: "Education centre" },
  { slug: "tecnologia", label: "Tecnología", labelEn: "Technology", one: "Negocio de tecnología", oneEn: "Technology business" },
  { slug: "turismo", label: "Turismo", labelEn: "Tourism", one: "Negocio de turismo", oneEn: "Tourism business" },
  { slug: "servicios", label: "Servicios", labelEn: "Services", one: "Negocio de servicios", oneEn: "Services business" },
] as const;

export type IndustrySlug = (typeof INDUSTRIES)[number]["slug"];
export const INDUSTRY_SLUGS = INDUSTRIES.map((i) => i.slug) as [IndustrySlug, ...IndustrySlug[]];

export function industryLabel(slug: string): string {
  return INDUSTRIES.find((i) => i.slug === slug)?.label ?? slug;
}

/** The industry's label in the answer's language (the slug itself when unknown). */
export function industryLabelIn(slug: string, lang: "es" | "en"): string {
  const i = INDUSTRIES.find((i) => i.slug === slug);
  return i ? (lang === "en" ? i.labelEn : i.label) : slug;
}

/** What one business of the industry is called: «Abogados», "Law firm"; a business without one: «Negocio». */
export function industryOneIn(slug: string | null | undefined, lang: "es" | "en"): string {
  const i = INDUSTRIES.find((i) => i.slug === slug);
  if (!i) return lang === "en" ? "Business" : "Negocio";
  return lang === "en" ? i.oneEn : i.one;
}

export function isIndustry(value: string): value is IndustrySlug {
  return (INDUSTRY_SLUGS as readonly string[]).includes(value);
}

export function industryPath(slug: IndustrySlug): string {
  return `/negocios/${slug}`;
}
