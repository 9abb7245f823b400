/** The 10 provinces, in the order of the navigation, with their names in English (most keep theirs). */
export const PROVINCES = [
  { slug: "panama", label: "Panamá", labelEn: "Panama" },
  { slug: "panama-oeste", label: "Panamá Oeste", labelEn: "West Panama" },
  { slug: "chiriqui", label: "Chiriquí", labelEn: "Chiriquí" },
  { slug: "cocle", label: "Coclé", labelEn: "Coclé" },
  { slug: "colon", label: "Colón", labelEn: "Colón" },
  { slug: "herrera", label: "Herrera", labelEn: "Herrera" },
  { slug: "los-santos", label: "Los Santos", labelEn: "Los Santos" },
  { slug: "veraguas", label: "Veraguas", labelEn: "Veraguas" },
  { slug: "bocas-del-toro", label: "Bocas del Toro", labelEn: "Bocas del Toro" },
  { slug: "darien", label: "Darién", labelEn: "Darién" },
] as const;

export type ProvinceSlug = (typeof PROVINCES)[number]["slug"];
export const PROVINCE_SLUGS = PROVINCES.map((p) => p.slug) as [ProvinceSlug, ...ProvinceSlug[]];

export function provinceLabel(slug: string): string {
  return PROVINCES.find((p) => p.slug === slug)?.label ?? slug;
}

/** The province's name in the answer's language (the slug itself when unknown). */
export function provinceLabelIn(slug: string, lang: "es" | "en"): string {
  const p = PROVINCES.find((p) => p.slug === slug);
  return p ? (lang === "en" ? p.labelEn : p.label) : slug;
}

export function isProvince(value: string): value is ProvinceSlug {
  return (PROVINCE_SLUGS as readonly string[]).includes(value);
}

/** Public path of a province's restaurant listing. */
export function provincePath(slug: ProvinceSlug): string {
  return `/restaurantes-${slug}`;
}
