/**
 * Defaults of the approval dialog, inferred from one search result each time its dialog opens.
 * Browser-safe: the dialog computes them and the server re-checks the chosen values.
 */
import type { RestaurantCategory } from "~/catalog/categories";
import type { IndustrySlug } from "~/catalog/industries";
import type { ListingKind } from "~/catalog/listing-kinds";
import { placeCategory, placeIndustry } from "~/catalog/place-types";
import type { ProvinceSlug } from "~/catalog/provinces";

export type ImportKind = ListingKind;

/** Restaurant when a type names what it serves, or it is only a 'restaurant' / 'food' place with no industry. */
export function inferKind(types: readonly string[], primary?: string | null): ImportKind {
  if (placeCategory(types, primary) !== "otro") return "restaurant";
  if (placeIndustry(types, primary)) return "business";
  return types.some((t) => t === "restaurant" || t === "food" || t.startsWith("meal_")) ? "restaurant" : "business";
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

export function inferIndustry(types: readonly string[], primary?: string | null): IndustrySlug | null {
  return placeIndustry(types, primary);
}

export type ApprovalDefaults = { kind: ImportKind; provincia: ProvinceSlug; categoria: RestaurantCategory; industria: IndustrySlug };

/** Defaults: restaurant, 'otro', construccion and the searched province (else panama) when nothing is inferred. */
export function approvalDefaults(
  result: { address?: string | null; types: readonly string[]; primary_type?: string | null },
  searchedProvince: ProvinceSlug | null,
): ApprovalDefaults {
  const industria = inferIndustry(result.types, result.primary_type);
  // A business only when its types name an industry; otherwise the default, restaurant.
  const kind = inferKind(result.types, result.primary_type) === "restaurant" || !industria ? "restaurant" : "business";
  return {
    kind,
    provincia: inferProvince(result.address, searchedProvince ?? "panama"),
    categoria: placeCategory(result.types, result.primary_type),
    industria: industria ?? "construccion",
  };
}
