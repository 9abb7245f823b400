/** Restaurant categories. */
export const RESTAURANT_CATEGORIES = [
  { slug: "comida-tradicional", label: "Comida tradicional" },
  { slug: "comida-rapida", label: "Comida rápida" },
  { slug: "mariscos", label: "Mariscos" },
  { slug: "parrilla", label: "Parrilla" },
  { slug: "internacional", label: "Internacional" },
  { slug: "vegetariano", label: "Vegetariano" },
  { slug: "postres", label: "Postres" },
  { slug: "cafeteria", label: "Cafetería" },
  { slug: "bar", label: "Bar" },
  { slug: "otro", label: "Otro" },
] as const;

export type RestaurantCategory = (typeof RESTAURANT_CATEGORIES)[number]["slug"];
export const RESTAURANT_CATEGORY_SLUGS = RESTAURANT_CATEGORIES.map((c) => c.slug) as [RestaurantCategory, ...RestaurantCategory[]];

export function categoryLabel(slug: string | null | undefined): string {
  if (!slug) return "";
  return RESTAURANT_CATEGORIES.find((c) => c.slug === slug)?.label ?? slug;
}

/** Blog categories. */
export const BLOG_CATEGORIES = ["Gastronomía", "Tecnología", "Negocios", "Turismo", "IA", "Marketing", "Emprendimiento"] as const;
