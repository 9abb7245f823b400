/**
 * Reads a free-text directory query the way a person or an assistant writes it: 'marisquería en
 * Bocas', 'abogado David', 'restorante chitre'. Place names become a province filter, category and
 * industry words become filters (and still rank the best fit first), kind words choose restaurants or
 * businesses, filler words go, and what is left is searched as text. A typo is forgiven in the words
 * it knows (one edit in words of five to eight letters, two in longer ones; the first letter must match).
 */
import type { RestaurantCategory } from "~/catalog/categories";
import type { IndustrySlug } from "~/catalog/industries";
import type { ProvinceSlug } from "~/catalog/provinces";
import { PROVINCES } from "~/catalog/provinces";
import {
  CATEGORY_HINTS,
  CATEGORY_WORDS,
  INDUSTRY_WORDS,
  KIND_WORDS,
  PLACE_NAMES,
  RELATED_STEMS,
  SOFT_WORDS,
  STOP_WORDS,
  TEXT_WORDS,
} from "~/catalog/search-vocabulary";

type SearchKindSlug = "restaurantes" | "negocios";

export type Filters = {
  tipo?: SearchKindSlug;
  provincia?: ProvinceSlug;
  categoria?: RestaurantCategory;
  industria?: IndustrySlug;
};

export type ParsedQuery = Filters & {
  /** What every result must contain (full text, stemmed): words, or a dish's words in a row ('ropa vieja'). */
  terms: string[];
  /** Words that rank an entry higher when its name or specialties have them. */
  boosts: string[];
  /** A category that dishes in the query point to ('ceviche' -> mariscos): a boost only. */
  hintCategory?: RestaurantCategory;
  /** General words beside others ('clases', 'taller'): they rank, and widen an answer with few results. */
  soft: string[];
  /** Dish words that must appear as words, not only as their stem ('cocadas' is not 'coco'). */
  exact: string[];
  /** Stems that rank an entry higher in its name or specialties (from the filter words). */
  boostStems: string[];
  /** The place words found (kept so that an empty answer can suggest the query without them). */
  placeWords: string[];
  /** Town names among them (not whole provinces): entries whose address has one rank first. */
  towns: string[];
  /** Which filters were read from the words (and may be dropped when they leave nothing). */
  fromText: { categoria: boolean; industria: boolean };
  /** The whole query, normalized: compared with entry names so that a name typed in full wins. */
  normalized: string;
};

type Meaning =
  | { type: "place"; value: ProvinceSlug }
  | { type: "category"; value: RestaurantCategory }
  | { type: "industry"; value: IndustrySlug }
  | { type: "kind"; value: SearchKindSlug }
  | { type: "text"; value: string }
  | { type: "soft" }
  | { type: "stop" };

/** Lower case, no accents (ñ -> n), only letters, digits and single spaces. */
export function normalizeText(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

let dictionary: { phrases: Map<string, Meaning>; longest: number; fuzzy: string[] } | null = null;

function buildDictionary() {
  const phrases = new Map<string, Meaning>();
  const add = (phrase: string, meaning: Meaning) => {
    if (!phrases.has(phrase)) phrases.set(phrase, meaning);
  };
  // Order matters where a phrase could mean two things: dishes first ('ropa vieja' is not a shop),
  // categories and industries before the province that shares a word.
  for (const [w, value] of Object.entries(TEXT_WORDS)) add(w, { type: "text", value });
  for (const [value, words] of Object.entries(CATEGORY_WORDS))
    for (const w of words) add(w, { type: "category", value: value as RestaurantCategory });
  for (const [value, words] of Object.entries(INDUSTRY_WORDS))
    for (const w of words) add(w, { type: "industry", value: value as IndustrySlug });
  for (const [value, words] of Object.entries(PLACE_NAMES)) for (const w of words) add(w, { type: "place", value: value as ProvinceSlug });
  for (const [value, words] of Object.entries(KIND_WORDS)) for (const w of words) add(w, { type: "kind", value: value as SearchKindSlug });
  for (const w of SOFT_WORDS) add(w, { type: "soft" });
  for (const w of STOP_WORDS) add(w, { type: "stop" });
  let longest = 1;
  for (const k of phrases.keys()) longest = Math.max(longest, k.split(" ").length);
  const fuzzy = [...phrases.keys()].filter((k) => !k.includes(" ") && k.length >= 5 && phrases.get(k)!.type !== "stop");
  return { phrases, longest, fuzzy };
}

/** Optimal string alignment distance between a and b, or max + 1 once it is certainly above max. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prev2[j - 2]! + 1);
      cur.push(d);
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
    prev2 = prev;
    prev = cur;
  }
  return prev[b.length]!;
}

/** One slip of the keyboard: one edit in words of 5-8 letters, two in longer ones ('restorante'). */
function closeEnough(word: string, known: string): boolean {
  const max = Math.min(word.length, known.length) >= 9 ? 2 : 1;
  return word[0] === known[0] && editDistance(word, known, max) <= max;
}

/** What a word means and the vocabulary word it was read as (the word itself, a plural, a typo's fix). */
function lookupWord(word: string, dict: NonNullable<typeof dictionary>): { meaning: Meaning; key: string } | undefined {
  const exact = dict.phrases.get(word);
  if (exact) return { meaning: exact, key: word };
  if (word.length < 5) return undefined;
  // A plural or singular the list does not spell out.
  for (const variant of [word.replace(/es$/, ""), word.replace(/s$/, ""), `${word}s`, `${word}es`]) {
    const m = dict.phrases.get(variant);
    if (m && m.type !== "stop") return { meaning: m, key: variant };
  }
  const close = dict.fuzzy.find((k) => closeEnough(word, k));
  return close ? { meaning: dict.phrases.get(close)!, key: close } : undefined;
}

const PROVINCE_NAMES = new Set(PROVINCES.map((p) => normalizeText(p.label)));

/** A crude Spanish stem for prefix matching: the word without its plural and last vowel. */
export function stemOf(word: string): string {
  const w = word.split(" ")[0]!;
  if (w.length <= 4) return w;
  const singular = w.replace(/(?<=[^aeiou])es$/, "").replace(/s$/, "");
  return singular.length > 5 ? singular.replace(/[aeiou]$/, "") : singular;
}

/** Splits `q` into filters, required words and boosts. Explicit filters win over words in the text. */
export function parseDirectoryQuery(q: string, explicit: Filters = {}): ParsedQuery {
  dictionary ??= buildDictionary();
  const dict = dictionary;
  const normalized = normalizeText(q);
  const words = normalized ? normalized.split(" ") : [];
  const out: ParsedQuery = {
    ...explicit,
    terms: [],
    soft: [],
    exact: [],
    boosts: [],
    boostStems: [],
    placeWords: [],
    towns: [],
    fromText: { categoria: false, industria: false },
    normalized,
  };
  let textKind: SearchKindSlug | undefined;
  let textProvince: ProvinceSlug | undefined;
  let textCategory: RestaurantCategory | undefined;
  let textIndustry: IndustrySlug | undefined;
  const categoryPhrases: string[] = [];
  const softWords: string[] = [];
  const industryPhrases: string[] = [];

  for (let i = 0; i < words.length; ) {
    let meaning: Meaning | undefined;
    let span = 1;
    for (let n = Math.min(dict.longest, words.length - i); n >= 2; n--) {
      const m = dict.phrases.get(words.slice(i, i + n).join(" "));
      if (m) {
        meaning = m;
        span = n;
        break;
      }
    }
    const word = words[i]!;
    let phrase = words.slice(i, i + span).join(" ");
    if (!meaning) {
      const found = lookupWord(word, dict);
      meaning = found?.meaning;
      if (found) phrase = found.key;
    }
    i += span;
    if (!meaning) {
      if (word.length > 1 || /\d/.test(word)) out.terms.push(word);
      const hint = CATEGORY_HINTS[word];
      if (hint) out.hintCategory ??= hint;
      continue;
    }
    switch (meaning.type) {
      case "stop":
        break;
      case "soft":
        softWords.push(phrase);
        break;
      case "text":
        out.terms.push(meaning.value);
        if (!meaning.value.includes(" ")) out.exact.push(stemOf(meaning.value));
        out.hintCategory ??= CATEGORY_HINTS[meaning.value];
        break;
      case "kind":
        textKind ??= meaning.value;
        break;
      case "place":
        textProvince ??= meaning.value;
        out.placeWords.push(phrase);
        if (!PROVINCE_NAMES.has(phrase)) out.towns.push(phrase);
        break;
      case "category":
        textCategory ??= meaning.value;
        categoryPhrases.push(phrase);
        break;
      case "industry":
        textIndustry ??= meaning.value;
        industryPhrases.push(phrase);
        break;
    }
  }

  out.provincia ??= textProvince;
  // A category or industry read from the text applies when it fits the kind asked for.
  const kind = explicit.tipo ?? (explicit.categoria ? "restaurantes" : explicit.industria ? "negocios" : undefined);
  if (!explicit.categoria && !explicit.industria) {
    if (textCategory && kind !== "negocios" && !(textIndustry && textKind === "negocios")) out.categoria = textCategory;
    else if (textIndustry && kind !== "restaurantes" && textKind !== "restaurantes") out.industria = textIndustry;
  }
  out.fromText = { categoria: !explicit.categoria && Boolean(out.categoria), industria: !explicit.industria && Boolean(out.industria) };
  // Words that became a filter rank the best fit first; the others must be found as text.
  for (const p of categoryPhrases) (out.categoria ? out.boosts : out.terms).push(...(out.categoria ? [p] : p.split(" ")));
  for (const p of industryPhrases) (out.industria ? out.boosts : out.terms).push(...(out.industria ? [p] : p.split(" ")));
  // A general word alone is the search ('talleres'); beside others it only ranks.
  if (!out.terms.length && !out.boosts.length && !out.categoria && !out.industria && !out.provincia) out.terms.push(...softWords);
  else {
    out.boosts.push(...softWords);
    out.soft.push(...softWords);
  }
  out.boostStems = [...new Set(out.boosts.flatMap((b) => RELATED_STEMS[b] ?? [stemOf(b)]))];
  out.tipo = explicit.tipo ?? (out.categoria ? "restaurantes" : out.industria ? "negocios" : textKind);
  return out;
}
