/**
 * First-time questions for the directory benchmark: what people and assistants ask, in English and
 * in Spanish, in the phrasings assistants pass on ('where can I find a hardware store in Chitre',
 * 'recomiéndame un buen restaurante de mariscos en Bocas'), about what the seeder generates (its
 * name prefixes, dishes, skills, categories and industries, in towns it places listings in).
 *
 * Every question is distinct (phrasing × what × place, in a fixed shuffled order), and each is
 * handed out once: the answer cache keys on the words, so a question never asked before costs the
 * whole search, as a new visitor's would. Nothing is appended to the words, so each one still means
 * what a person would mean by it.
 */

export type Lang = "en" | "es";
export type Question = { q: string; lang: Lang };

/** The issue's own examples, asked first. */
const EN_EXAMPLES = [
  "lawyer in Panama City",
  "coffee shop in Boquete",
  "best pizza open now",
  "dentist near David",
  "where can I find a hardware store in Chitre",
];
const ES_EXAMPLES = [
  "recomiéndame un buen restaurante de mariscos en Bocas",
  "abogado en David",
  "pizza abierta ahora",
  "ferretería Chitré",
  "café en Boquete",
];

/** English: the word, and its article ('' for plurals and mass nouns). */
const EN_WHATS: [string, string][] = [
  ["lawyer", "a"],
  ["attorney", "an"],
  ["law firm", "a"],
  ["accountant", "an"],
  ["dentist", "a"],
  ["orthodontist", "an"],
  ["hair salon", "a"],
  ["beauty salon", "a"],
  ["barber", "a"],
  ["gym", "a"],
  ["hardware store", "a"],
  ["construction company", "a"],
  ["coffee shop", "a"],
  ["cafe", "a"],
  ["seafood restaurant", "a"],
  ["seafood", ""],
  ["ceviche", ""],
  ["pizza", ""],
  ["pizzeria", "a"],
  ["bakery", "a"],
  ["steakhouse", "a"],
  ["grill", "a"],
  ["bistro", "a"],
  ["bar", "a"],
  ["desserts", ""],
  ["vegetarian restaurant", "a"],
  ["fast food", ""],
  ["traditional Panamanian food", ""],
  ["surf lessons", ""],
  ["surf school", "a"],
  ["boat tours", ""],
  ["English classes", ""],
  ["phone repair", ""],
  ["solar panels", ""],
  ["massage", "a"],
  ["physical therapy", ""],
  ["physiotherapist", "a"],
  ["movers", ""],
  ["web design", ""],
  ["pest control", ""],
  ["handicrafts", ""],
  ["clinic", "a"],
  ["tour agency", "a"],
  ["mechanic", "a"],
  ["lobster", ""],
  ["octopus", ""],
  ["empanadas", ""],
  ["corvina", ""],
];
const EN_PLACES = [
  "Panama City",
  "Boquete",
  "David",
  "Chitre",
  "Bocas",
  "Bocas town",
  "Las Tablas",
  "Pedasi",
  "Colon",
  "Santiago",
  "Penonome",
  "Coronado",
  "El Valle",
  "Casco Viejo",
  "Volcan",
  "La Chorrera",
  "Portobelo",
  "Santa Catalina",
  "Bella Vista",
  "El Cangrejo",
  "Costa del Este",
  "Aguadulce",
  "the Darien",
  "Playa Venao",
  "Changuinola",
  "Arraijan",
];
const a = (art: string, w: string) => (art ? `${art} ${w}` : w);
const EN_TEMPLATES: ((w: string, art: string, p: string) => string)[] = [
  (w, _, p) => `${w} in ${p}`,
  (w, _, p) => `${w} near ${p}`,
  (w, _, p) => `best ${w} in ${p}`,
  (w, art, p) => `where can I find ${a(art, w)} in ${p}`,
  (w, _, p) => `${w} ${p}`,
  (w, _, p) => `good ${w} in ${p} open now`,
  (w, _, p) => `${w} open now near ${p}`,
  (w, art, p) => `can you recommend ${a(art, w)} in ${p}?`,
  (w, art, p) => `I need ${a(art, w)} near ${p}`,
  (w, _, p) => `top rated ${w} in ${p}`,
  (w, _, p) => `any ${w} around ${p}?`,
];

type Gender = "m" | "f" | "mp" | "fp";
/** Spanish: the word, its gender and number, and whether it is asked for without an article ('busco pizza'). */
const ES_WHATS: [string, Gender, "mass"?][] = [
  ["abogado", "m"],
  ["bufete de abogados", "m"],
  ["contador", "m"],
  ["dentista", "m"],
  ["ortodoncista", "m"],
  ["clínica dental", "f"],
  ["peluquería", "f"],
  ["salón de belleza", "m"],
  ["barbería", "f"],
  ["gimnasio", "m"],
  ["ferretería", "f"],
  ["constructora", "f"],
  ["café", "m"],
  ["cafetería", "f"],
  ["restaurante de mariscos", "m"],
  ["marisquería", "f"],
  ["mariscos", "mp"],
  ["cevichería", "f"],
  ["ceviche", "m", "mass"],
  ["pizza", "f", "mass"],
  ["pizzería", "f"],
  ["panadería", "f"],
  ["parrillada", "f"],
  ["asadero", "m"],
  ["bistró", "m"],
  ["bar", "m"],
  ["postres", "mp"],
  ["comida típica", "f", "mass"],
  ["sancocho", "m", "mass"],
  ["clases de surf", "fp"],
  ["tours en lancha", "mp"],
  ["clases de inglés", "fp"],
  ["reparación de celulares", "f", "mass"],
  ["paneles solares", "mp"],
  ["masajes", "mp"],
  ["fisioterapeuta", "m"],
  ["empresa de mudanzas", "f"],
  ["diseño web", "m", "mass"],
  ["fumigación", "f", "mass"],
  ["artesanías", "fp"],
  ["clínica", "f"],
  ["agencia de turismo", "f"],
  ["taller mecánico", "m"],
  ["langosta", "f", "mass"],
  ["pulpo", "m", "mass"],
  ["empanadas", "fp"],
  ["corvina", "f", "mass"],
  ["fonda", "f"],
];
const ES_PLACES = [
  "Panamá",
  "la ciudad",
  "Ciudad de Panamá",
  "Boquete",
  "David",
  "Chitré",
  "Bocas",
  "Bocas del Toro",
  "Las Tablas",
  "Pedasí",
  "Colón",
  "Santiago",
  "Penonomé",
  "Coronado",
  "El Valle",
  "Casco Viejo",
  "Volcán",
  "La Chorrera",
  "Portobelo",
  "Santa Catalina",
  "Bella Vista",
  "El Cangrejo",
  "Costa del Este",
  "Aguadulce",
  "Darién",
  "Chiriquí",
];
const ART: Record<Gender, string> = { m: "un", f: "una", mp: "", fp: "" };
const GOOD: Record<Gender, string> = { m: "un buen", f: "una buena", mp: "buenos", fp: "buenas" };
const BEST: Record<Gender, string> = { m: "el mejor", f: "la mejor", mp: "los mejores", fp: "las mejores" };
const OPEN: Record<Gender, string> = { m: "abierto", f: "abierta", mp: "abiertos", fp: "abiertas" };
const ES_TEMPLATES: ((w: string, g: Gender, p: string, art: string) => string)[] = [
  (w, _, p) => `${w} en ${p}`,
  (w, _, p) => `${w} ${p}`,
  (w, g, p) => `recomiéndame ${GOOD[g]} ${w} en ${p}`,
  (w, _, p, art) => `busco ${a(art, w)} en ${p}`,
  (w, _, p, art) => `¿dónde hay ${a(art, w)} en ${p}?`,
  (w, _, p) => `${w} cerca de ${p}`,
  (w, g, p) => `${w} ${OPEN[g]} ahora en ${p}`,
  (w, g, p) => `${BEST[g]} ${w} de ${p}`,
  (w, _, p, art) => `necesito ${a(art, w)} en ${p}`,
  (w, g, p) => `${w} en ${p} ${OPEN[g]} ya`,
  (w, _, p) => `${p} ${w}`,
];

/** A small seeded PRNG (mulberry32): the same order on every run, so before and after ask alike. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffled<T>(items: T[], seed: number): T[] {
  const out = [...items];
  const next = rng(seed);
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** How the answer cache could fold two spellings together (case, accents, spaces): compared folded. */
const fold = (q: string) =>
  q
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();

/** The language's questions, less those in `exclude` (folded), which it then adds its own to. */
function pool(lang: Lang, seed: number, exclude: Set<string>): string[] {
  const all =
    lang === "en"
      ? EN_TEMPLATES.flatMap((t) => EN_WHATS.flatMap(([w, art]) => EN_PLACES.map((p) => t(w, art, p))))
      : ES_TEMPLATES.flatMap((t) => ES_WHATS.flatMap(([w, g, mass]) => ES_PLACES.map((p) => t(w, g, p, mass ? "" : ART[g]))));
  const examples = lang === "en" ? EN_EXAMPLES : ES_EXAMPLES;
  const out: string[] = [];
  for (const q of [...examples, ...shuffled(all, seed)]) {
    const key = fold(q);
    if (exclude.has(key)) continue;
    exclude.add(key);
    out.push(q);
  }
  return out;
}

/**
 * Hands out questions never asked before, `englishShare` of them in English (spread evenly), so
 * that no two calls in a run return the same words. `exclude`: questions the run asks elsewhere.
 * When a language's list runs out (only with very long rows) it starts over and counts the repeats.
 */
export function firstTimeQuestions(englishShare: number, exclude: Iterable<string> = []) {
  const skip = new Set([...exclude].map(fold));
  // One set for both: 'ceviche Boquete' is the same words in either language, asked once.
  const en = pool("en", 31, skip);
  const lists = { en, es: pool("es", 131, skip) };
  const used = { en: 0, es: 0 };
  let asked = 0;
  let repeated = 0;
  return {
    sizes: { en: lists.en.length, es: lists.es.length },
    next(): Question {
      const i = asked++;
      const lang: Lang = Math.floor((i + 1) * englishShare) > Math.floor(i * englishShare) ? "en" : "es";
      const list = lists[lang];
      const n = used[lang]++;
      if (n >= list.length) repeated++;
      return { q: list[n % list.length]!, lang };
    },
    get repeated() {
      return repeated;
    },
    get asked() {
      return asked;
    },
  };
}
