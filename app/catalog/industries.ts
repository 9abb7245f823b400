/** The 10 industries, in the order of the navigation. */
export const INDUSTRIES = [
  { slug: "construccion", label: "Construcción" },
  { slug: "belleza", label: "Belleza" },
  { slug: "tiendas", label: "Tiendas" },
  { slug: "abogados", label: "Abogados" },
  { slug: "deportes", label: "Deportes" },
  { slug: "salud", label: "Salud" },
  { slug: "educacion", label: "Educación" },
  { slug: "tecnologia", label: "Tecnología" },
  { slug: "turismo", label: "Turismo" },
  { slug: "servicios", label: "Servicios" },
] as const;

export type IndustrySlug = (typeof INDUSTRIES)[number]["slug"];
export const INDUSTRY_SLUGS = INDUSTRIES.map((i) => i.slug) as [IndustrySlug, ...IndustrySlug[]];

export function industryLabel(slug: string): string {
  return INDUSTRIES.find((i) => i.slug === slug)?.label ?? slug;
}

export function isIndustry(value: string): value is IndustrySlug {
  return (INDUSTRY_SLUGS as readonly string[]).includes(value);
}

export function industryPath(slug: IndustrySlug): string {
  return `/negocios/${slug}`;
}
