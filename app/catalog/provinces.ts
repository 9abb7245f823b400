/** The 10 provinces, in the order of the navigation. */
export const PROVINCES = [
  { slug: "panama", label: "Panamá" },
  { slug: "panama-oeste", label: "Panamá Oeste" },
  { slug: "chiriqui", label: "Chiriquí" },
  { slug: "cocle", label: "Coclé" },
  { slug: "colon", label: "Colón" },
  { slug: "herrera", label: "Herrera" },
  { slug: "los-santos", label: "Los Santos" },
  { slug: "veraguas", label: "Veraguas" },
  { slug: "bocas-del-toro", label: "Bocas del Toro" },
  { slug: "darien", label: "Darién" },
] as const;

export type ProvinceSlug = (typeof PROVINCES)[number]["slug"];
export const PROVINCE_SLUGS = PROVINCES.map((p) => p.slug) as [ProvinceSlug, ...ProvinceSlug[]];

export function provinceLabel(slug: string): string {
  return PROVINCES.find((p) => p.slug === slug)?.label ?? slug;
}

export function isProvince(value: string): value is ProvinceSlug {
  return (PROVINCE_SLUGS as readonly string[]).includes(value);
}

/** Public path of a province's restaurant listing. */
export function provincePath(slug: ProvinceSlug): string {
  return `/restaurantes-${slug}`;
}
