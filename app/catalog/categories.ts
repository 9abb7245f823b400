/**
 * Restaurant categories: the label in Spanish and English, and `one`/`oneEn`, what one restaurant of
 * the category is called (the machine answers' one-line summary starts with it).
 */
export const RESTAURANT_CATEGORIES = [
  {
    slug: "comida-tradicional",
    label: "Comida tradicional",
    labelEn: "Traditional food",
    one: "Restaurante de comida tradicional",
    oneEn: "Traditional food restaurant",
  },
  { slug: "comida-rapida", label: "Comida rápida", labelEn: "Fast food", one: "Comida rápida", oneEn: "Fast food restaurant" },
  { slug: "mariscos", label: "Mariscos", labelEn: "Seafood", one: "Marisquería", oneEn: "Seafood restaurant" },
  { slug: "parrilla", label: "Parrilla", labelEn: "Grill", one: "Parrillada", oneEn: "Grill restaurant" },
  {
    slug: "internacional",
    label: "Internacional",
    labelEn: "International",
    one: "Restaurante internacional",
    oneEn: "International restaurant",
  },
  { slug: "vegetariano", label: "Vegetariano", labelEn: "Vegetarian", one: "Restaurante vegetariano", oneEn: "Vegetarian restaurant" },
  { slug: "postres", label: "Postres", labelEn: "Desserts", one: "Postres", oneEn: "Dessert shop" },
  { slug: "cafeteria", label: "Cafetería", labelEn: "Café", one: "Cafetería", oneEn: "Café" },
  { slug: "bar", label: "Bar", labelEn: "Bar", one: "Bar", oneEn: "Bar" },
  { slug: "otro", label: "Otro", labelEn: "Other", one: "Restaurante", oneEn: "Restaurant" },
] as const;

export type RestaurantCategory = (typeof RESTAURANT_CATEGORIES)[number]["slug"];
export const RESTAURANT_CATEGORY_SLUGS = RESTAURANT_CATEGORIES.map((c) => c.slug) as [RestaurantCategory, ...RestaurantCategory[]];

export function categoryLabel(slug: string | null | undefined): string {
  if (!slug) return "";
  return RESTAURANT_CATEGORIES.find((c) => c.slug === slug)?.label ?? slug;
}

/** The category's label in the answer's language (the slug itself when unknown, '' without one). */
export function categoryLabelIn(slug: string | null | undefined, lang: "es" | "en"): string {
  if (!slug) return "";
  const c = RESTAURANT_CATEGORIES.find((c) => c.slug === slug);
  return c ? (lang === "en" ? c.labelEn : c.label) : slug;
}

/** What one restaurant of the category is called: «Marisquería», "Seafood restaurant". */
export function categoryOneIn(slug: string | null | undefined, lang: "es" | "en"): string {
  const c = RESTAURANT_CATEGORIES.find((c) => c.slug === slug) ?? RESTAURANT_CATEGORIES.find((c) => c.slug === "otro")!;
  return lang === "en" ? c.oneEn : c.one;
}

/** Blog categories. */
export const BLOG_CATEGORIES = ["Gastronomía", "Tecnología", "Negocios", "Turismo", "IA", "Marketing", "Emprendimiento"] as const;
