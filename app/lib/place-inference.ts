/**
 * Defaults of the approval dialog, inferred from one search result each time its dialog opens.
 * Browser-safe: the dialog computes them and the server re-checks the chosen values.
 */
import type { IndustrySlug } from "~/catalog/industries";
import type { ProvinceSlug } from "~/catalog/provinces";

export type ImportKind = "restaurant" | "business";

const RESTAURANT_TYPES = new Set([
  "restaurant",
  "food",
  "cafe",
  "bar",
  "bakery",
  "meal_takeaway",
  "meal_delivery",
  "coffee_shop",
  "fast_food_restaurant",
  "seafood_restaurant",
  "pizza_restaurant",
  "steak_house",
  "ice_cream_shop",
  "dessert_shop",
  "sandwich_shop",
  "brunch_restaurant",
  "breakfast_restaurant",
]);

export function inferKind(types: readonly string[]): ImportKind {
  return types.some((t) => RESTAURANT_TYPES.has(t) || t.endsWith("_restaurant")) ? "restaurant" : "business";
}

/** Words that name a province in an address, accents and case ignored; the longest match wins. */
const PROVINCE_WORDS: readonly (readonly [ProvinceSlug, readonly string[]])[] = [
  ["panama-oeste", ["panama oeste", "la chorrera", "arraijan", "capira", "chame", "san carlos"]],
  ["bocas-del-toro", ["bocas del toro", "changuinola", "almirante"]],
  ["los-santos", ["los santos", "las tablas", "pedasi", "tonosi", "guarare", "macaracas"]],
  ["chiriqui", ["chiriqui", "david", "boquete", "volcan", "bugaba", "puerto armuelles"]],
  ["veraguas", ["veraguas", "santiago", "sona", "santa fe"]],
  ["cocle", ["cocle", "penonome", "aguadulce", "anton", "el valle", "nata"]],
  ["colon", ["colon", "portobelo", "sabanitas"]],
  ["herrera", ["herrera", "chitre", "ocu", "parita", "pese"]],
  ["darien", ["darien", "la palma", "meteti", "yaviza"]],
  ["panama", ["panama"]],
];

function fold(text: string): string {
  return ` ${text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim()} `;
}

/**
 * The province named in a Google formatted address. Addresses end with the most specific part last
 * ('…, David, Provincia de Chiriquí, Panamá'), so the last comma-separated part that names a
 * province decides; the bare country 'Panamá' counts only when nothing else matched.
 */
export function inferProvince(address: string | null | undefined, fallback: ProvinceSlug): ProvinceSlug {
  if (!address) return fallback;
  const parts = address.split(",").map(fold);
  // The final part is normally the country: 'Panamá' there says nothing about the province.
  if (parts[parts.length - 1]?.trim() === "panama") parts.pop();
  for (let i = parts.length - 1; i >= 0; i--) {
    const part = parts[i] ?? "";
    for (const [slug, words] of PROVINCE_WORDS) {
      if (words.some((w) => part.includes(` ${w} `))) return slug;
    }
  }
  return fallback;
}

const INDUSTRY_TYPES: readonly (readonly [IndustrySlug, readonly string[]])[] = [
  ["construccion", ["general_contractor", "electrician", "plumber", "roofing_contractor", "hardware_store", "home_improvement_store"]],
  ["belleza", ["beauty_salon", "hair_salon", "hair_care", "nail_salon", "barber_shop", "spa", "beautician", "makeup_artist"]],
  ["abogados", ["lawyer", "legal_services", "notary_public"]],
  ["deportes", ["gym", "fitness_center", "sports_club", "sports_complex", "stadium", "sporting_goods_store", "yoga_studio"]],
  ["salud", ["hospital", "doctor", "dentist", "pharmacy", "drugstore", "physiotherapist", "medical_lab", "health", "dental_clinic"]],
  ["educacion", ["school", "primary_school", "secondary_school", "university", "preschool", "library", "educational_institution"]],
  ["tecnologia", ["electronics_store", "computer_store", "cell_phone_store", "telecommunications_service_provider"]],
  ["turismo", ["lodging", "hotel", "travel_agency", "tourist_attraction", "tour_agency", "campground", "resort_hotel", "hostel"]],
  [
    "servicios",
    [
      "car_repair",
      "car_wash",
      "laundry",
      "locksmith",
      "moving_company",
      "insurance_agency",
      "accounting",
      "real_estate_agency",
      "bank",
      "courier_service",
    ],
  ],
  [
    "tiendas",
    [
      "store",
      "clothing_store",
      "shoe_store",
      "shopping_mall",
      "supermarket",
      "grocery_store",
      "furniture_store",
      "jewelry_store",
      "book_store",
      "convenience_store",
      "department_store",
    ],
  ],
];

export function inferIndustry(types: readonly string[]): IndustrySlug | null {
  for (const [slug, known] of INDUSTRY_TYPES) {
    if (types.some((t) => known.includes(t))) return slug;
  }
  return null;
}

export type ApprovalDefaults = { kind: ImportKind; provincia: ProvinceSlug; industria: IndustrySlug };

/** Defaults: restaurant, construccion and the searched province (else panama) when nothing is inferred. */
export function approvalDefaults(
  result: { address?: string | null; types: readonly string[] },
  searchedProvince: ProvinceSlug | null,
): ApprovalDefaults {
  const industria = inferIndustry(result.types);
  // A business only when its types name an industry; otherwise the default, restaurant.
  const kind = inferKind(result.types) === "restaurant" || !industria ? "restaurant" : "business";
  return {
    kind,
    provincia: inferProvince(result.address, searchedProvince ?? "panama"),
    industria: industria ?? "construccion",
  };
}
