/**
 * The directory search of the machine interfaces (/api/v1/buscar and the MCP tools): free text read
 * into filters (server/search/reader.server.ts), Spanish full text over the indexed document, name
 * similarity for typos, then a ranking by relevance and, among equally relevant entries, by plan
 * (max_local, starter_local, free_local).
 *
 * Each kind reads at most CANDIDATES rows before ranking, so a query costs the same at 1M
 * listings as at 100: with words, the first matches of the full-text index; with filters only, the
 * best-planned newest entries along the plan indexes of migration 0004. The cursor is an offset into
 * that ranked candidate list, tied to the query it was handed out for.
 */
import { sql, type SQL } from "drizzle-orm";
import { FILLER_WORDS } from "~/catalog/search-vocabulary";
import { stemOf, termWords, type Filters, type ParsedQuery } from "~/server/search/reader.server";
import { LISTING_KIND_IDS, LISTING_KINDS, type ListingKind } from "~/catalog/listing-kinds";
import type { ListingCard } from "~/schemas/directory";
import { cachedAnswer } from "../machine/answer-cache.server";
import { queryRowsWithout } from "../platform/db.server";
import { cardColumns, toCard, type CardColumnsRow } from "./listings.server";
import { closedTodaySql, type PanamaToday, panamaTodayAt } from "./listing-closures.server";
import { nearSql, type Nearby, openNearSql } from "./listing-near.server";
import { openSpansOf } from "./listing-tables.server";

export type DirectoryRow = ListingCard & { descripcion: string | null; promoted: boolean; score: number };

const SPANISH_FILLER = new Set(FILLER_WORDS.es);

/** The terms as plain words, for name similarity. */
function textOf(p: ParsedQuery): string {
  return p.terms.map((t) => termWords(t).join(" ")).join(" ");
}

/**
 * Whether any active entry has the term, or a longer form of one of its words (as the any-word
 * fallback finds them: 'pizza' finds 'pizzería'): one probe of the full-text index, cached until data changes.
 */
export function termHasEntries(term: string): Promise<boolean> {
  return cachedAnswer(`termino:${term}`, async () => {
    for (const kind of LISTING_KIND_IDS) if (await kindHas(kind, anyWordQuery(termWords(term)))) return true;
    return false;
  });
}

/** Whether an active entry of the kind matches the tsquery: one bitmap of the full-text index. */
async function kindHas(kind: ListingKind, tsquery: string): Promise<boolean> {
  const rows = await indexedRows<{ found: number }>(
    sql`select 1 as found from ${sql.raw(LISTING_KINDS[kind].table)} t where t.is_active
      and to_tsvector('spanish'::regconfig, ${searchDoc(kind)}) @@ to_tsquery('spanish'::regconfig, ${tsquery}) limit 1`,
    true,
  );
  return rows.length > 0;
}

/**
 * The kinds none of whose active entries has every word of the query, whatever its filters: around a
 * point, the walk of such a kind would read every entry of the circle to find nothing ('bakery near
 * Las Tablas' among businesses). One probe of the full-text index per kind, cached until data changes.
 */
export async function kindsWithoutWords(p: ParsedQuery): Promise<ListingKind[]> {
  const words = allTermsQuery(p.terms);
  const absent: ListingKind[] = [];
  for (const kind of kindsOf(p)) {
    if (!(await cachedAnswer(`palabras:${kind}:${words}`, () => kindHas(kind, words)))) absent.push(kind);
  }
  return absent;
}

/** Below this many full-text matches in all, entries whose name merely resembles the words join in. */
const NAME_FALLBACK_BELOW = 24;
/**
 * Entries of each kind ranked per query: four pages of the largest `limite`. Scoring is most of a
 * query's cost, so this bounds it; an assistant wants the best ten, not the thousandth.
 */
export const CANDIDATES = 100;
/** Below this many results, a filter read from the words is also tried as a plain word. */
export const FEW_RESULTS = 5;
/** Similarity of the whole query to a whole name above which it is that entry, whatever words it has. */
const NAME_MATCH = 0.8;

type Row = CardColumnsRow & {
  kind: ListingKind;
  descripcion: string | null;
  score: number | string;
  plan_rank: number;
  /** How many candidates the query ranked, whatever it returned. */
  total: number | string;
  /** How many entries had every word (or some, when those answer; or the filters), whatever the hour. */
  matched: number | string;
};

/** The text a search matches in an entry (alias `t`): the expression its full-text index is built on (migration 0001). */
const searchDoc = (kind: ListingKind, alias = "t") => {
  const a = sql.raw(alias);
  return sql`listing_search_text(${a}.nombre, ${a}.descripcion, ${a}.direccion, ${a}.especialidades, ${a}.${sql.raw(LISTING_KINDS[kind].etiquetaColumn)})`;
};

/**
 * 'Near me' and 'open now': a point and radius, the minute of the week in Panama, and today there (its
 * day and whether it is a holiday: a listing closed today is not open, decision 095), read at the same instant.
 */
export type Place = { near?: Nearby; openAt?: number; today?: PanamaToday };

const columns = (kind: ListingKind, place: Place) =>
  sql`${sql.raw(`'${kind}'::text`)} as kind, ${cardColumns(kind, "t", place.today)}, t.descripcion,
    listing_plan_rank(t.plan_type) as plan_rank, t.created_at,${place.openAt === undefined ? sql`` : sql` t.open_minutes,`}
    ${place.near ? nearSql(place.near).distance : sql`null::float8`} as distancia_km`;

function placeFilters(kind: ListingKind, place: Place): SQL[] {
  const parts: SQL[] = [];
  if (place.near) parts.push(nearSql(place.near).within);
  if (place.openAt !== undefined) {
    parts.push(sql`t.open_minutes @> ${place.openAt}::int`);
    parts.push(sql`not ${closedTodaySql(kind, "t", place.today ?? panamaTodayAt())}`);
  }
  return parts;
}

/**
 * 'Open now' is checked row by row (on the stored open minutes), so it is checked on a bounded number
 * of candidates (the first with the words, the best-planned, the nearest open): at night almost
 * nothing is open, and checking every entry with a common word or in a province would read tens of
 * thousands of rows at 1M.
 */
const OPEN_CANDIDATES = 300;
/** Open-period boxes met nearest first, around a point, before the kind's filters are applied to them. */
const OPEN_NEAR_CANDIDATES = 1000;

/**
 * The filters, and the words (a tsquery) when there are any. With a province the words are matched
 * against the entry's province-qualified lexemes ('chiriqui/cevich', migration 0009), which say the
 * province too: one short posting list instead of the word's and the province's long lists
 * intersected.
 */
function filtersOf(kind: ListingKind, f: Filters, place: Place = {}, words?: SQL): SQL {
  const parts: SQL[] = [sql`t.is_active`, ...placeFilters(kind, place)];
  const doc = sql`to_tsvector('spanish'::regconfig, ${searchDoc(kind)})`;
  // Around a point, the words and the circle are both conditions of one GiST walk (nearWords).
  if (words && f.provincia && !place.near) {
    parts.push(sql`listing_province_lexemes(t.provincia, ${doc}) @@ listing_province_query(${f.provincia}::text, ${words})`);
  } else {
    if (f.provincia) parts.push(sql`t.provincia = ${f.provincia}`);
    if (words) parts.push(sql`${doc} @@ ${words}`);
  }
  // A restaurant is filtered by its category, a business by its industry: the column of its label.
  const column = LISTING_KINDS[kind].etiquetaColumn;
  if (f[column]) parts.push(sql`t.${sql.raw(column)} = ${f[column]}`);
  return sql.join(parts, sql` and `);
}

/** Which kinds a parsed query can return. */
function kindsOf(p: Filters): ListingKind[] {
  if (p.tipo === "restaurantes" || p.categoria) return ["restaurant"];
  if (p.tipo === "negocios" || p.industria) return ["business"];
  return [...LISTING_KIND_IDS];
}

/** One term: a dish's words in a row ('ropa <-> vieja'), or alternatives ('( carne | parrilla )'). */
function termQuery(term: string): string {
  // Words, stemmed by the dictionary.
  const alternatives = term.split("|").map((a) => a.trim().split(" ").join(" <-> "));
  return alternatives.length > 1 ? `( ${alternatives.join(" | ")} )` : alternatives[0]!;
}

/** Every term: 'ropa <-> vieja & barata'. */
function allTermsQuery(terms: string[]): string {
  return terms.map(termQuery).join(" & ");
}

/** The words of the terms, without Spanish articles and prepositions (which rank nothing). */
function wordsOf(terms: string[]): string[] {
  return [...new Set(terms.flatMap(termWords))].filter((w) => !SPANISH_FILLER.has(w));
}

/** Any word, as a prefix ('laptop' finds 'laptops', 'mecánico' finds 'Mecánica'). */
function anyWordQuery(words: string[]): string {
  return words.map((w) => (w.length >= 4 ? `${w}:*` : w)).join(" | ");
}

/** The words any of which an entry may have, when few have them all: the terms' and the soft ones. */
function orWordsOf(p: ParsedQuery): string[] {
  return [...new Set([...wordsOf(p.terms), ...p.soft.flatMap((w) => w.split(" "))])];
}

/**
 * The fallbacks a query gets for each kind: entries with some of its words (or a longer form of
 * one), names that resemble them, a name typed in full.
 */
function fallbacksOf(p: ParsedQuery, place: Place): { some: boolean; similar: boolean; named: boolean } {
  const text = textOf(p);
  const orWords = orWordsOf(p);
  // Around a point the any-word read takes whole words: for one term (one word, or one trade's
  // alternatives) it would read what the first one did.
  const sameAsAll = Boolean(place.near) && p.terms.length === 1 && !p.soft.length;
  // Around a point the circle already narrows the answer; names resembling the words, or typed in
  // full, would be looked for across the whole circle (seconds for a wide one at 1M).
  return {
    some: Boolean(text) && orWords.length > 0 && (orWords.length > 1 || orWords.some((w) => w.length >= 4)) && !sameAsAll,
    similar: Boolean(text) && !place.near,
    named: p.normalized.includes(" ") && p.normalized !== text && !place.near,
  };
}

type QueryOptions = {
  /** Near a point without words: how many of each kind, nearest first (distance alone orders them). */
  nearest?: number;
  /** Return only the first `take` ranked rows (each with the count of all of them). */
  take?: number;
  /** Without the fallbacks, which run only when fewer than NAME_FALLBACK_BELOW entries have every word. */
  fallbacks?: boolean;
  /** Kinds known to have no entry with every word: around a point, their walk is not run. */
  withoutWords?: ListingKind[];
};

/** The ranked candidates of one parsed query, best first (at most CANDIDATES per kind). */
export function directorySearchQuery(
  p: ParsedQuery,
  explicit: Filters,
  place: Place = {},
  { nearest = CANDIDATES, take, fallbacks = true, withoutWords = [] }: QueryOptions = {},
): SQL {
  const kinds = kindsOf(p);
  const text = textOf(p);
  const words = wordsOf(p.terms);
  const all = sql`to_tsquery('spanish'::regconfig, ${allTermsQuery(p.terms)})`;
  const orWords = orWordsOf(p);
  const fallback = fallbacksOf(p, place);
  const any = sql`to_tsquery('spanish'::regconfig, ${anyWordQuery(orWords)})`;
  const anyWhole = sql`to_tsquery('spanish'::regconfig, ${orWords.join(" | ")})`;
  const ctes: SQL[] = [];
  // The fallbacks read a hundred candidates whatever the hour, then keep those open: 'open now'
  // checked row by row over every entry with a common word's prefix would cost seconds at 1M.
  const { openAt, ...anytime } = place;
  // Candidates carry the card's `closed_today` (a special closure or a holiday it closes on).
  const openAfter = (alias: string) =>
    openAt === undefined ? sql`true` : sql`${sql.raw(alias)}.open_minutes @> ${openAt}::int and not ${sql.raw(alias)}.closed_today`;
  // With 'open now', the candidates of each kind whatever the hour (a_): how many entries have every
  // word tells a closed hour from words that match nothing.
  const anyHour: string[] = [];
  for (const kind of kinds) {
    const table = sql.raw(LISTING_KINDS[kind].table);
    const f = sql.raw(`f_${kind}`);
    const exact = sql.join(
      p.exact.map((stem) => sql` and (${searchDoc(kind)} ~ ${`\\m${stem}`}) is true`),
      sql``,
    );
    if (place.near && text) {
      // Nearest first among the entries with every word: one walk of the point-and-words GiST index
      // (migration 0014), which stops at the page however common the words, and prunes the
      // branches without them however rare. 'Open now' is then checked on the nearest hundred.
      const nearest_ = sql`select ${columns(kind, place)}, true as all_terms from ${table} t
        where ${withoutWords.includes(kind) ? sql`false` : sql`${filtersOf(kind, p, anytime, all)} ${exact}`}
        order by ${nearSql(place.near).knn} limit ${openAt === undefined ? Math.min(nearest, CANDIDATES) : CANDIDATES}`;
      if (openAt === undefined) ctes.push(sql`${f} as materialized (select * from (${nearest_}) x order by x.distancia_km)`);
      else {
        ctes.push(sql`${sql.raw(`a_${kind}`)} as materialized (${nearest_})`);
        ctes.push(sql`${f} as materialized (select * from ${sql.raw(`a_${kind}`)} x where ${openAfter("x")} order by x.distancia_km)`);
        anyHour.push(`a_${kind}`);
      }
      continue;
    }
    if (place.near) {
      // Nearest first along a GiST index (KNN): the point index, or with 'open now' the index of the
      // open-period boxes, which meets only the entries open at that minute (at night, none); the
      // nearest OPEN_NEAR_CANDIDATES of them are then matched against the filters.
      const open = openAt === undefined ? null : openNearSql(place.near, openAt);
      // The entry behind each box is read in the box's order (OFFSET 0 keeps the join from being
      // flattened, so the planner cannot trade the walk for a scan of the whole radius).
      const from = open
        ? sql`(select h.listing_id, ${open.knn} as knn from ${openSpansOf(kind)} h where ${open.overlaps} order by ${open.knn}
            limit ${OPEN_NEAR_CANDIDATES}) h cross join lateral (select * from ${table} t
            where t.id = h.listing_id and ${filtersOf(kind, p, anytime)}
              and not ${closedTodaySql(kind, "t", place.today ?? panamaTodayAt())} offset 0) t`
        : sql`${table} t where ${filtersOf(kind, p, anytime)}`;
      // Ordered by the boxes' own distance column, the walk streams: it stops at the page.
      ctes.push(sql`${f} as materialized (select * from (select ${columns(kind, place)}, true as all_terms
        from ${from} order by ${open ? sql`h.knn` : nearSql(place.near).knn} limit ${Math.min(nearest, CANDIDATES)}) x
        order by x.distancia_km)`);
      continue;
    }
    // With words: the entries that have all of them. Filters only: every entry is equally relevant,
    // so the best plans (then the newest) come first, along the plan indexes.
    const candidates = sql`select ${columns(kind, place)}, true as all_terms from ${table} t
      where ${filtersOf(kind, p, anytime, text ? all : undefined)} ${
        text ? exact : sql`order by listing_plan_rank(t.plan_type) desc, t.created_at desc nulls last, t.id desc nulls last`
      }
      limit ${openAt === undefined ? CANDIDATES : OPEN_CANDIDATES}`;
    if (openAt === undefined) ctes.push(sql`${f} as materialized (${candidates})`);
    else {
      ctes.push(sql`${sql.raw(`a_${kind}`)} as materialized (${candidates})`);
      ctes.push(sql`${f} as materialized (select * from ${sql.raw(`a_${kind}`)} y where ${openAfter("y")} limit ${CANDIDATES})`);
      anyHour.push(`a_${kind}`);
    }
  }
  // The fallbacks below run only when the entries with every word are few (an InitPlan: PostgreSQL
  // skips their scans entirely otherwise).
  const found = sql.raw(kinds.map((k) => `(select count(*) from ${anyHour.includes(`a_${k}`) ? "a" : "f"}_${k})`).join(" + "));
  const few = sql`(${found}) < ${NAME_FALLBACK_BELOW}`;
  const extra: string[] = [];
  for (const kind of fallbacks ? kinds : []) {
    const table = sql.raw(LISTING_KINDS[kind].table);
    if (fallback.some) {
      // No entry has every word (or few, when some words are general ones): those with some of them, or with a longer form of one ('taller
      // mecánico' finds a 'Taller', 'laptop' finds 'laptops'), ranked below by how many they have.
      extra.push(`o_${kind}`);
      // Around a point, whole words (a prefix would not prune the GiST walk), nearest first.
      const some = sql`select ${columns(kind, place)}, false as all_terms from ${table} t
        where ${filtersOf(kind, p, anytime, place.near ? anyWhole : any)} and (${found}) < ${p.soft.length ? FEW_RESULTS : 1}
        ${place.near ? sql`order by ${nearSql(place.near).knn}` : sql``} limit 100`;
      if (openAt === undefined) ctes.push(sql`${sql.raw(`o_${kind}`)} as materialized (${some})`);
      else {
        ctes.push(sql`${sql.raw(`ao_${kind}`)} as materialized (${some})`);
        ctes.push(sql`${sql.raw(`o_${kind}`)} as materialized (select * from ${sql.raw(`ao_${kind}`)} y where ${openAfter("y")})`);
        anyHour.push(`ao_${kind}`);
      }
    }
  }
  // Entries with a longer form of the words ('pizza' -> 'Pizzería') say that they are no typo.
  const withSome = extra.map((o) => `(select count(*) from ${anyHour.includes(`a${o}`) ? `a${o}` : o})`);
  const fewWithSome = withSome.length ? sql`(${found}) + ${sql.raw(withSome.join(" + "))} < ${NAME_FALLBACK_BELOW}` : few;
  for (const kind of fallbacks ? kinds : []) {
    const table = sql.raw(LISTING_KINDS[kind].table);
    if (fallback.similar) {
      // Names that resemble the words (typos, words typed in part).
      extra.push(`n_${kind}`);
      ctes.push(sql`${sql.raw(`n_${kind}`)} as materialized (select * from (select ${columns(kind, place)}, false as all_terms from ${table} t
        where ${filtersOf(kind, p, anytime)} and ${fewWithSome} and ${text} <% immutable_unaccent(lower(t.nombre)) limit 100) y where ${openAfter("y")})`);
    }
    if (fallback.named) {
      // A name typed in full that contains a place or category word ('Bocas Grill' in Panamá), under
      // the caller's own filters only: entries with every word, then the name's similarity to them.
      extra.push(`x_${kind}`);
      ctes.push(sql`${sql.raw(`x_${kind}`)} as materialized (select * from (select ${columns(kind, place)}, true as all_terms
        from ${table} t where ${filtersOf(kind, explicit, place, sql`plainto_tsquery('spanish'::regconfig, ${p.normalized})`)} and ${few}
          limit 100) x
        where similarity(${p.normalized}, immutable_unaccent(lower(x.nombre))) >= ${NAME_MATCH})`);
    }
  }
  const union = sql.raw(
    kinds
      .flatMap((k) => [`f_${k}`, ...extra.filter((e) => e.endsWith(`_${k}`))])
      .map((cte) => `select * from ${cte}`)
      .join(" union all "),
  );
  // Each candidate's name, name + specialties and address, unaccented once (c2) for every score part.
  const name = sql`c2.n_name`;
  const own = sql`c2.n_own`;
  const address = sql`c2.n_address`;
  const points: SQL[] = [];
  if (text) {
    points.push(sql`case when word_similarity(${text}, ${name}) >= 0.4 then 2 * word_similarity(${text}, ${name}) else 0 end`);
    points.push(sql`case when ${name} like ${`%${text}%`} then 1 else 0 end`);
    points.push(sql`case when c2.all_terms then 1 else 0 end`);
    // Each word found as a word of the name or specialties ('cocadas', not the 'coco' it stems to).
    for (const term of words) {
      if (term.length >= 3) points.push(sql`case when ${own} ~ ${`\\m${stemOf(term)}`} then 1 else 0 end`);
    }
  }
  if (p.normalized) points.push(sql`case when similarity(${p.normalized}, ${name}) >= ${NAME_MATCH} then 2 else 0 end`);
  // A filter word ranks first the entries whose name or specialties say it ('dentista' -> 'Odontología').
  if (p.boostStems.length) {
    points.push(sql`case when ${own} ~ ${`\\m(${p.boostStems.join("|")})`} then 1 else 0 end`);
  }
  // The entry whose name says the very word asked ('marisquería' -> 'Marisquería El Cangrejo Azul').
  const named = [...new Set(p.boosts.filter((b) => !b.includes(" ") && b.length >= 4).map(stemOf))];
  if (named.length) points.push(sql`case when ${name} ~ ${`\\m(${named.join("|")})`} then 1 else 0 end`);
  if (p.hintCategory) points.push(sql`case when c2.kind = 'restaurant' and c2.etiqueta = ${p.hintCategory} then 0.5 else 0 end`);
  // A town named in the query ranks its own entries above the rest of its province.
  for (const town of p.towns) points.push(sql`case when ${address} like ${`%${town}%`} then 1 else 0 end`);
  // Entries with every word, or with some of them when those are the answer, whatever the hour.
  const matched = sql.raw(
    kinds
      .map(
        (k) =>
          (anyHour.includes(`ao_${k}`) ? `(select count(*) from ao_${k}) + ` : "") +
          `(select count(*) from ${anyHour.includes(`a_${k}`) ? "a" : "f"}_${k})`,
      )
      .join(" + "),
  );
  // The answer comes with one row even when nothing is left: it carries how many entries had every
  // word whatever the hour (`matched`), and its other columns are then null.
  const order = sql`${place.near ? sql`c.distancia_km asc,` : sql``} floor(c.score * 2) desc, c.plan_rank desc, c.score desc, c.rating desc nulls last, c.created_at desc nulls last, c.id desc`;
  return sql`
    with ${sql.join(ctes, sql`, `)},
    c0 as (${union}),
    c1 as (select distinct on (c0.id) c0.* from c0 order by c0.id, c0.all_terms desc),
    c2 as materialized (select c1.*, immutable_unaccent(lower(c1.nombre)) as n_name,
      immutable_unaccent(lower(c1.nombre || ' ' || array_to_string(c1.especialidades, ' '))) as n_own,
      immutable_unaccent(lower(c1.direccion)) as n_address from c1),
    c as (select c2.*, (${points.length ? sql.join(points, sql` + `) : sql`0`})::real as score from c2)
    , ranked as (select c.*, count(*) over () as total, row_number() over (order by ${order}) as place_in_answer from c
      order by ${order} ${take === undefined ? sql`` : sql`limit ${take}`})
    select r.*, m.matched from (select ${matched} as matched) m left join ranked r on true order by r.place_in_answer`;
}

function toRow(r: Row): DirectoryRow {
  return { ...toCard(r.kind, r), descripcion: r.descripcion, promoted: Number(r.plan_rank) > 0, score: Number(r.score) };
}

// ---------------------------------------------------------------- search

/**
 * Runs a search statement with sequential scans off, and with words also plain index scans: its
 * full-text and trigram predicates sit under a LIMIT, and when the planner overestimates how many
 * rows match a word it reads the table (or walks a btree) until the LIMIT is reached, which for a
 * rare word means parsing every document (seconds at 1M listings). Their GIN indexes, through
 * bitmap scans, are always the right path; a query of filters only walks its plan index.
 */
async function indexedRows<T>(query: SQL, withWords: boolean, nearest = false): Promise<T[]> {
  return queryRowsWithout<T>(
    withWords
      ? ["enable_seqscan", "enable_indexscan"]
      : // The walk outward from the point (KNN, with the words when there are any) stops at the page;
        // a bitmap reads the whole radius.
        nearest
        ? ["enable_seqscan", "enable_bitmapscan"]
        : ["enable_seqscan"],
    query,
  );
}

/**
 * Nearest first, a page needs only the nearest few of each kind: twice as many as the pages so far,
 * because the walk orders by degrees and the answer by kilometres (they differ by about 1 %).
 */
export function nearestNeeded(offset: number, limite: number): number {
  return 2 * (offset + limite) + 1;
}

/**
 * The ranked candidates, the first `take` of them (all without it), and how many there are: a page
 * needs only the rows up to its end, not every candidate's columns.
 */
export async function ranked(
  p: ParsedQuery,
  explicit: Filters,
  place: Place,
  nearest?: number,
  take?: number,
): Promise<{ rows: DirectoryRow[]; total: number; matched: number }> {
  const withoutWords = place.near && p.terms.length ? await kindsWithoutWords(p) : [];
  const run = async (fallbacks: boolean) => {
    const query = directorySearchQuery(p, explicit, place, { nearest, take, fallbacks, withoutWords });
    const all = await indexedRows<Row>(query, p.terms.length > 0 && !place.near, Boolean(place.near));
    const rows = all.filter((r) => r.id !== null);
    return { rows: rows.map(toRow), total: rows.length ? Number(rows[0]!.total) : 0, matched: Number(all[0]?.matched ?? 0) };
  };
  // A query without fallbacks (nearest first without words, or one word around a point) is one
  // statement. Most others have enough entries with every word, and then no fallback would run: the
  // statement without them is a third of the planning; otherwise the whole statement follows.
  if (!Object.values(fallbacksOf(p, place)).some(Boolean)) return run(false);
  const quick = await run(false);
  // Around a point only the any-word fallback runs, and only when the words found (almost) nothing.
  // Entries with every word that are closed now are no reason for fallbacks either.
  if (place.near) return quick.matched >= (p.soft.length ? FEW_RESULTS : 1) ? quick : run(true);
  return quick.matched >= NAME_FALLBACK_BELOW ? quick : run(true);
}

/**
 * Whether a query would find anything: one entry with its words (or with any of them, or a longer
 * form of one), or any entry under its filters. Cheaper than ranking, for suggestions.
 */
export async function hasAnswer(p: ParsedQuery): Promise<boolean> {
  const words = wordsOf(p.terms);
  // Many questions relax to the same one ('pizza en Bocas', 'pizza David': 'pizza'), and a common
  // word's probe reads its whole posting list: kept as the answers are, until public data changes.
  const key = JSON.stringify([words, p.tipo, p.provincia, p.categoria, p.industria]);
  return cachedAnswer(`existe:${key}`, () => anyMatch(p, words));
}

async function anyMatch(p: ParsedQuery, words: string[]): Promise<boolean> {
  for (const kind of kindsOf(p)) {
    const match = words.length ? sql`to_tsquery('spanish'::regconfig, ${anyWordQuery(words)})` : undefined;
    const rows = await indexedRows<{ found: number }>(
      sql`select 1 as found from ${sql.raw(LISTING_KINDS[kind].table)} t where ${filtersOf(kind, p, {}, match)} limit 1`,
      words.length > 0,
    );
    if (rows.length) return true;
  }
  return false;
}
