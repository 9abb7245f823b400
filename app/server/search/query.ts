/**
 * The one search's neutral question and answer. Every way in (the /buscar page, the listing pages
 * filtered by place or open now, /api/v1/buscar, the MCP tools) turns its own parameters into a
 * SearchQuery and renders a SearchOutcome; none of them ranks or reads words itself.
 */
import type { RestaurantCategory } from "~/catalog/categories";
import type { IndustrySlug } from "~/catalog/industries";
import type { ProvinceSlug } from "~/catalog/provinces";
import type { ListingKind } from "~/catalog/listing-kinds";
import type { ListingCard } from "~/schemas/directory";

export type SearchLang = "es" | "en";

export type SearchQuery = {
  /** The words as the person or the assistant typed them (may be empty: filters only). */
  text: string;
  kind?: ListingKind;
  province?: ProvinceSlug;
  industry?: IndustrySlug;
  category?: RestaurantCategory;
  /** A point (the visitor's location): nearest first within radiusKm. */
  near?: { lat: number; lng: number };
  /** A town or neighbourhood by name ('Boquete', 'Casco Viejo'), when there is no point. */
  nearPlace?: string;
  /** Around `near` or `nearPlace`; DEFAULT_RADIUS_KM without it. */
  radiusKm?: number;
  openNow?: boolean;
  /** Results per page. */
  limit: number;
  /** A nextCursor handed out for the same question. */
  cursor?: string;
  /** The answer's language when the asker says it (idioma, Accept-Language); otherwise read from the words. */
  lang?: SearchLang;
};

export type SearchHit = ListingCard & { descripcion: string | null; promoted: boolean; score: number };

/** How the words were read: what became a filter, what was searched, what was set aside. */
export type SearchReading = {
  province: ProvinceSlug | null;
  industry: IndustrySlug | null;
  category: RestaurantCategory | null;
  kind: ListingKind | null;
  /** Words every result contains (stemmed full text). */
  terms: string[];
  /** The typed words that shaped the answer (filters, terms, intents, places), as typed. */
  used: string[];
  /** Typed words that were set aside: filler ('best', 'recomiéndame') and words no entry has. */
  setAside: string[];
  /** Open now, asked by parameter or by words ('open now', 'abierto ahora'). */
  openNow: boolean;
  /** The point results are ordered from, with its place name when it came from one. */
  near: { name: string | null; lat: number; lng: number; radiusKm: number } | null;
  /** A `nearPlace` (or 'cerca de X' in the words) that names no known town or neighbourhood. */
  unknownPlace: string | null;
};

export type SearchSuggestion = {
  /** The question to ask instead (words, with the same explicit filters). */
  text: string;
  reason: Record<SearchLang, string>;
};

export type SearchOutcome = {
  hits: SearchHit[];
  nextCursor: string | null;
  /** How many results come before `hits` (the cursor's offset): the first hit is at position offset + 1. */
  offset: number;
  /** How many results the question has in all (what the pages of hits are taken from). */
  total: number;
  /** The language of the question (the asked one, or the one the words are in). */
  lang: SearchLang;
  reading: SearchReading;
  /** On an empty answer: the nearest useful question that has results, or null. */
  suggestion: SearchSuggestion | null;
};
