/**
 * Reads a question the way a person or an assistant writes it, in Spanish or in English: 'marisquería
 * en Bocas', 'abogado David', 'best coffee shop near Casco Viejo open now'. English words are first
 * read as their Spanish equivalents (the bilingual vocabulary, app/catalog/search-vocabulary.ts), so an
 * English question is the Spanish one. Then place names become a province filter (or, after 'cerca de'
 * / 'near', the point to order from), category and industry words become filters that still rank the
 * best fit first, kind words choose restaurants or businesses, 'abierto ahora' / 'open now' asks for
 * the places open, filler is set aside, and what is left is searched as text. English words are
 * matched after English stemming, Spanish words after Spanish stemming. One typo per word is forgiven
 * in the words the vocabulary knows (two in words of nine letters or more; the first letter must match).
 */
import { stemmer as englishStem } from "@orama/stemmers/english";
import { stemmer as spanishStem } from "@orama/stemmers/spanish";
import type { RestaurantCategory } from "~/catalog/categories";
import type { IndustrySlug } from "~/catalog/industries";
import type { ProvinceSlug } from "~/catalog/provinces";
import { PROVINCES } from "~/catalog/provinces";
import {
  CATEGORY_HINTS,
  CATEGORY_WORDS,
  ENGLISH_WORDS,
  FILLER_WORDS,
  FUNCTION_WORDS,
  INDUSTRY_WORDS,
  KIND_WORDS,
  NEAR_WORDS,
  OPEN_NOW_WORDS,
  PLACE_NAMES,
  RELATED_STEMS,
  SOFT_WORDS,
  TEXT_WORDS,
  TOWN_ALIASES,
  TRADE_WORDS,
} from "~/catalog/search-vocabulary";
import { TOWN_COORDINATES } from "~/catalog/towns";
import type { SearchLang } from "./query";

type SearchKindSlug = "restaurantes" | "negocios";

export type Filters = {
  tipo?: SearchKindSlug;
  provincia?: ProvinceSlug;
  categoria?: RestaurantCategory;
  industria?: IndustrySlug;
};

export type ParsedQuery = Filters & {
  /**
   * What every result must contain (full text, stemmed): words, a dish's words in a row ('ropa
   * vieja'), or alternatives of which any will do ('carne|parrilla').
   */
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
  fromText: { categoria: boolean; industria: boolean; provincia: boolean };
  /** The whole query, normalized: compared with entry names so that a name typed in full wins. */
  normalized: string;
  /** The language the words are in (Spanish unless English words outnumber Spanish ones). */
  lang: SearchLang;
  /** 'abierto ahora', 'open now'. */
  openNow: boolean;
  /** After 'cerca de' / 'near': the town or neighbourhood (a TOWN_COORDINATES key) to order from. */
  nearTown: string | null;
  /** The typed words that shaped the reading, and those set aside as filler. */
  used: string[];
  setAside: string[];
  /** For each term, the typed words it came from (an empty answer drops terms no entry has). */
  termWords: Record<string, string[]>;
  /** The typed words of places and of 'cerca de' / 'near' (a suggestion may leave them out). */
  placeTyped: string[];
  /** The term that says which trade of the industry is meant ('ferretería'): it is never dropped. */
  trade: string | null;
};

type Meaning =
  | { type: "place"; value: ProvinceSlug; town: string | null }
  | { type: "category"; value: RestaurantCategory }
  | { type: "industry"; value: IndustrySlug }
  | { type: "kind"; value: SearchKindSlug }
  | { type: "text"; value: string }
  | { type: "soft" }
  | { type: "stop" }
  | { type: "open" }
  | { type: "near" };

/** Lower case, no accents (ñ -> n), only letters, digits and single spaces; "men's" is "mens". */
export function normalizeText(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/['’]s\b/g, "s")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

/** A typed word and its normalized form (normalizing may not split or join words: it works per word). */
type Token = { typed: string; word: string };

function tokensOf(text: string): Token[] {
  const out: Token[] = [];
  for (const typed of text.replace(/['’]s\b/g, "s").match(/[\p{L}\p{N}]+/gu) ?? []) {
    for (const word of normalizeText(typed).split(" ")) if (word) out.push({ typed, word });
  }
  return out;
}

type Dictionary = {
  /** Spanish phrases (and place names) and their meaning. */
  es: Map<string, Meaning>;
  /** The same single words by their Spanish stem. */
  esStems: Map<string, Meaning>;
  /** English phrases: their Spanish reading. */
  en: Map<string, string>;
  /** English phrases by their words' English stems. */
  enStems: Map<string, string>;
  longest: number;
  /** Known single words, for typo correction, and every word of every phrase (not corrected). */
  fuzzy: string[];
  known: Set<string>;
};

let dictionary: Dictionary | null = null;

const stemPhrase = (phrase: string, stem: (w: string) => string) => phrase.split(" ").map(stem).join(" ");

function buildDictionary(): Dictionary {
  const es = new Map<string, Meaning>();
  const add = (phrase: string, meaning: Meaning) => {
    if (!es.has(phrase)) es.set(phrase, meaning);
  };
  const townOf = (phrase: string): string | null => {
    if (TOWN_ALIASES[phrase]) return TOWN_ALIASES[phrase]!;
    return Object.keys(TOWN_COORDINATES).find((k) => normalizeText(k) === phrase) ?? null;
  };
  // Order matters where a phrase could mean two things: intents and dishes first ('ropa vieja' is not
  // a shop), categories and industries before the province that shares a word.
  for (const w of OPEN_NOW_WORDS.es) add(w, { type: "open" });
  for (const w of NEAR_WORDS.es) add(w, { type: "near" });
  for (const [w, value] of Object.entries(TEXT_WORDS)) add(w, { type: "text", value });
  for (const [value, words] of Object.entries(CATEGORY_WORDS))
    for (const w of words) add(w, { type: "category", value: value as RestaurantCategory });
  for (const [value, words] of Object.entries(INDUSTRY_WORDS))
    for (const w of words) add(w, { type: "industry", value: value as IndustrySlug });
  for (const [value, words] of Object.entries(PLACE_NAMES))
    for (const w of words) add(w, { type: "place", value: value as ProvinceSlug, town: townOf(w) });
  for (const [name, town] of Object.entries(TOWN_COORDINATES)) {
    const w = normalizeText(name);
    add(w, { type: "place", value: town.provincia, town: name });
  }
  for (const [value, words] of Object.entries(KIND_WORDS)) for (const w of words) add(w, { type: "kind", value: value as SearchKindSlug });
  for (const w of SOFT_WORDS) add(w, { type: "soft" });
  for (const w of FILLER_WORDS.es) add(w, { type: "stop" });

  const esStems = new Map<string, Meaning>();
  for (const [k, m] of es) {
    if (!k.includes(" ") && k.length >= 4 && m.type !== "stop" && m.type !== "near") {
      const s = spanishStem(k);
      if (!esStems.has(s)) esStems.set(s, m);
    }
  }
  const en = new Map<string, string>();
  const enStems = new Map<string, string>();
  const setEn = (phrase: string, reading: string) => {
    if (!en.has(phrase)) en.set(phrase, reading);
    const s = stemPhrase(phrase, englishStem);
    if (!enStems.has(s)) enStems.set(s, reading);
  };
  for (const w of OPEN_NOW_WORDS.en) setEn(w, "abierto ahora");
  for (const w of NEAR_WORDS.en) setEn(w, "cerca de");
  for (const [k, v] of Object.entries(ENGLISH_WORDS)) setEn(k, v);

  let longest = 1;
  for (const k of [...es.keys(), ...en.keys()]) longest = Math.max(longest, k.split(" ").length);
  const known = new Set<string>();
  for (const k of [...es.keys(), ...en.keys(), ...Object.values(ENGLISH_WORDS).flatMap((v) => v.split("|"))])
    for (const w of k.split(" ")) known.add(w);
  for (const w of FILLER_WORDS.en) known.add(w);
  const stops = new Set([...FILLER_WORDS.es, ...FILLER_WORDS.en]);
  const fuzzy = [...known].filter((w) => w.length >= 5 && !stops.has(w));
  return { es, esStems, en, enStems, longest, fuzzy, known };
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

/** Whether the vocabulary knows a word as it is, or as a plural, or by its stem. */
function isKnown(word: string, dict: Dictionary): boolean {
  if (dict.known.has(word) || /\d/.test(word) || word.length < 5) return true;
  if (dict.esStems.has(spanishStem(word)) || dict.enStems.has(englishStem(word))) return true;
  return [word.replace(/es$/, ""), word.replace(/s$/, "")].some((v) => dict.known.has(v));
}

/** A word the vocabulary does not know, corrected to the closest one it does (or itself). */
function corrected(word: string, dict: Dictionary): string {
  if (isKnown(word, dict)) return word;
  let best: string | null = null;
  let bestDistance = 3;
  for (const k of dict.fuzzy) {
    if (!closeEnough(word, k)) continue;
    const d = editDistance(word, k, 2);
    if (d < bestDistance) {
      best = k;
      bestDistance = d;
    }
  }
  return best ?? word;
}

const FUNCTION = new Set(FUNCTION_WORDS);
/** Whether a set-aside word is worth naming (not an article or a preposition). */
const named = (typed: string) => !FUNCTION.has(normalizeText(typed));

/** A Spanish-reading token: the words it stands for, from which typed words, in which language. */
type Read = { words: string[]; typed: string[]; lang: SearchLang | null; alternatives?: string };

/**
 * First pass: English phrases become their Spanish reading, filler of either language is set
 * aside; Spanish words pass through. Longest phrase first, exact before stemmed.
 */
function translate(tokens: Token[], dict: Dictionary, setAside: string[]): Read[] {
  const out: Read[] = [];
  const words = tokens.map((t) => corrected(t.word, dict));
  const stems = words.map((w) => englishStem(w));
  const enFiller = new Set(FILLER_WORDS.en);
  for (let i = 0; i < words.length; ) {
    let matched = false;
    for (let n = Math.min(dict.longest, words.length - i); n >= 1 && !matched; n--) {
      const phrase = words.slice(i, i + n).join(" ");
      const typed = tokens.slice(i, i + n).map((t) => t.typed);
      // A Spanish phrase as long is read as Spanish ('bar', 'spa', 'pizza' are both).
      const spanish = dict.es.get(phrase);
      if (spanish) {
        // Place names, dishes and words English shares ('bar', 'a') say nothing of the language.
        const shared =
          spanish.type === "place" ||
          spanish.type === "text" ||
          enFiller.has(phrase) ||
          dict.en.has(phrase) ||
          dict.enStems.has(stemPhrase(phrase, englishStem));
        out.push({ words: words.slice(i, i + n), typed, lang: shared ? null : "es" });
        i += n;
        matched = true;
        break;
      }
      const reading = dict.en.get(phrase) ?? dict.enStems.get(stems.slice(i, i + n).join(" "));
      if (reading !== undefined) {
        const shared = reading === phrase || dict.es.has(phrase);
        out.push(
          reading.includes("|")
            ? { words: [], typed, lang: shared ? null : "en", alternatives: reading }
            : { words: reading.split(" "), typed, lang: shared ? null : "en" },
        );
        i += n;
        matched = true;
        break;
      }
      if (n === 1 && enFiller.has(phrase)) {
        // English filler that is not also a Spanish word ('the', 'best', 'where').
        setAside.push(...typed.filter(named));
        out.push({ words: [], typed: [], lang: "en" });
        i += 1;
        matched = true;
      }
    }
    if (!matched) {
      out.push({ words: [words[i]!], typed: [tokens[i]!.typed], lang: null });
      i += 1;
    }
  }
  return out;
}

/** What a single Spanish word means: itself, a plural the list does not spell out, or its stem. */
function lookupWord(word: string, dict: Dictionary): { meaning: Meaning; key: string } | undefined {
  const exact = dict.es.get(word);
  if (exact) return { meaning: exact, key: word };
  if (word.length < 4) return undefined;
  for (const variant of [word.replace(/es$/, ""), word.replace(/s$/, ""), `${word}s`, `${word}es`]) {
    const m = dict.es.get(variant);
    if (m && m.type !== "stop") return { meaning: m, key: variant };
  }
  if (word.length < 5) return undefined;
  const m = dict.esStems.get(spanishStem(word));
  return m ? { meaning: m, key: word } : undefined;
}

/** The slug a category or industry phrase stands for. */
function lookupMeaning(phrase: string, dict: Dictionary): string {
  const m = lookupWord(phrase, dict)?.meaning ?? dict.es.get(phrase);
  return m && "value" in m ? String(m.value) : phrase;
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
  const setAside: string[] = [];
  const used: string[] = [];
  const reads = translate(tokensOf(q), dict, setAside);
  const out: ParsedQuery = {
    ...explicit,
    terms: [],
    soft: [],
    exact: [],
    boosts: [],
    boostStems: [],
    placeWords: [],
    towns: [],
    fromText: { categoria: false, industria: false, provincia: false },
    normalized,
    lang: "es",
    openNow: false,
    nearTown: null,
    used,
    setAside,
    termWords: {},
    placeTyped: [],
    trade: null,
  };
  const votes = { es: 0, en: 0 };
  let textKind: SearchKindSlug | undefined;
  let textProvince: ProvinceSlug | undefined;
  let textCategory: RestaurantCategory | undefined;
  let textIndustry: IndustrySlug | undefined;
  const categoryPhrases: string[] = [];
  const softWords: string[] = [];
  const industryPhrases: string[] = [];
  const industryTyped: string[] = [];
  let nearNext = false;
  const addTerm = (term: string, typed: string[]) => {
    out.terms.push(term);
    out.termWords[term] = [...(out.termWords[term] ?? []), ...typed];
  };

  // The Spanish words in order, each knowing the read it came from.
  const words: { word: string; read: Read }[] = [];
  for (const r of reads) {
    if (r.lang) votes[r.lang]++;
    if (r.alternatives) {
      addTerm(r.alternatives, r.typed);
      used.push(...r.typed);
      continue;
    }
    for (const word of r.words) words.push({ word, read: r });
  }
  const spent = new Set<Read>();
  for (let i = 0; i < words.length; ) {
    let meaning: Meaning | undefined;
    let span = 1;
    for (let n = Math.min(dict.longest, words.length - i); n >= 2; n--) {
      const m = dict.es.get(
        words
          .slice(i, i + n)
          .map((w) => w.word)
          .join(" "),
      );
      if (m) {
        meaning = m;
        span = n;
        break;
      }
    }
    const { word } = words[i]!;
    const reads = [...new Set(words.slice(i, i + span).map((w) => w.read))];
    const typed = reads.filter((r) => !spent.has(r)).flatMap((r) => r.typed);
    for (const r of reads) spent.add(r);
    let phrase = words
      .slice(i, i + span)
      .map((w) => w.word)
      .join(" ");
    if (!meaning) {
      const found = lookupWord(word, dict);
      meaning = found?.meaning;
      if (found) phrase = found.key;
    }
    i += span;
    if (!meaning) {
      if (word.length > 1 || /\d/.test(word)) {
        addTerm(word, typed);
        used.push(...typed);
      } else setAside.push(...typed);
      const hint = CATEGORY_HINTS[word];
      if (hint) out.hintCategory ??= hint;
      continue;
    }
    if (meaning.type === "stop") {
      setAside.push(...typed.filter(named));
      continue;
    }
    if (meaning.type === "near") {
      nearNext = true;
      used.push(...typed);
      out.placeTyped.push(...typed);
      continue;
    }
    used.push(...typed);
    const near = nearNext;
    nearNext = false;
    switch (meaning.type) {
      case "open":
        out.openNow = true;
        break;
      case "soft":
        softWords.push(phrase);
        break;
      case "text":
        addTerm(meaning.value, typed);
        if (!meaning.value.includes(" ")) out.exact.push(stemOf(meaning.value));
        out.hintCategory ??= CATEGORY_HINTS[meaning.value];
        break;
      case "kind":
        textKind ??= meaning.value;
        break;
      case "place":
        out.placeTyped.push(...typed);
        if (near && meaning.town && !out.nearTown) {
          out.nearTown = meaning.town;
          break;
        }
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
        industryTyped.push(...typed);
        break;
    }
  }

  out.lang = votes.en > votes.es ? "en" : "es";
  out.provincia = explicit.provincia ?? textProvince;
  out.fromText.provincia = !explicit.provincia && Boolean(textProvince);
  // Two different trades in one question ('escuela de surf', 'construction lawyer') make neither a
  // filter: the entries with the words of both come first.
  const trades = new Set([
    ...categoryPhrases.map((p) => `c:${lookupMeaning(p, dict)}`),
    ...industryPhrases.map((p) => `i:${lookupMeaning(p, dict)}`),
  ]);
  if (trades.size > 1 && !explicit.categoria && !explicit.industria) {
    const phrases = [...categoryPhrases, ...industryPhrases];
    addTerm(phrases.join("|"), phrases);
    out.boosts.push(...phrases);
    categoryPhrases.length = 0;
    industryPhrases.length = 0;
    textCategory = undefined;
    textIndustry = undefined;
  }
  // A category or industry read from the text applies when it fits the kind asked for.
  const kind = explicit.tipo ?? (explicit.categoria ? "restaurantes" : explicit.industria ? "negocios" : undefined);
  if (!explicit.categoria && !explicit.industria) {
    if (textCategory && kind !== "negocios" && !(textIndustry && textKind === "negocios")) out.categoria = textCategory;
    else if (textIndustry && kind !== "restaurantes" && textKind !== "restaurantes") out.industria = textIndustry;
  }
  out.fromText.categoria = !explicit.categoria && Boolean(out.categoria);
  out.fromText.industria = !explicit.industria && Boolean(out.industria);
  // Words that became a filter rank the best fit first; the others must be found as text.
  for (const p of categoryPhrases) {
    if (out.categoria) out.boosts.push(p);
    else for (const w of p.split(" ")) addTerm(w, [w]);
  }
  for (const p of industryPhrases) {
    if (out.industria) out.boosts.push(p);
    else for (const w of p.split(" ")) addTerm(w, [w]);
  }
  // Every industry word names one trade of it ('ferretería'): an entry must be of that trade.
  if (out.fromText.industria && industryPhrases.length && industryPhrases.every((p) => TRADE_WORDS[p])) {
    out.trade = [...new Set(industryPhrases.flatMap((p) => TRADE_WORDS[p]!))].join("|");
    addTerm(out.trade, industryTyped);
  }
  // A general word alone is the search ('talleres'); beside others it only ranks.
  if (!out.terms.length && !out.boosts.length && !out.categoria && !out.industria && !out.provincia && !out.nearTown) {
    for (const w of softWords) addTerm(w, [w]);
  } else {
    out.boosts.push(...softWords);
    out.soft.push(...softWords);
  }
  out.boostStems = [...new Set(out.boosts.flatMap((b) => RELATED_STEMS[b] ?? [stemOf(b)]))];
  out.tipo = explicit.tipo ?? (out.categoria ? "restaurantes" : out.industria ? "negocios" : textKind);
  return out;
}

/** The words of a term, alternatives and phrases split ('tours en lancha|paseo' -> tours, en, lancha, paseo). */
export function termWords(term: string): string[] {
  return term.split(/[| ]/).filter(Boolean);
}

/** A town or neighbourhood by the name a person types ('Casco Viejo', 'boquete'): its TOWN_COORDINATES key. */
export function townNamed(name: string): string | null {
  dictionary ??= buildDictionary();
  const key = normalizeText(name);
  const m = dictionary.es.get(key) ?? dictionary.es.get(normalizeText(dictionary.en.get(key) ?? ""));
  return m?.type === "place" ? m.town : null;
}
