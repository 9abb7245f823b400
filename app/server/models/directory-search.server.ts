/**
 * The directory search of the machine interfaces (/api/v1/buscar and the MCP tools): free text read
 * into filters (lib/directory-query.ts), Spanish full text over the indexed document, name
 * similarity for typos, then a ranking by relevance and, among equally relevant entries, by plan
 * (max_local, starter_local, free_local).
 *
 * Each kind reads at most SEARCH_CANDIDATES rows before ranking, so a query costs the same at 1M
 * listings as at 100: with words, the first matches of the full-text index; with filters only, the
 * best-planned newest entries along the plan indexes of migration 0004. The cursor is an offset into
 * that ranked candidate list, tied to the query it was handed out for.
 */
import { sql, type SQL } from "drizzle-orm";
import type { RestaurantCategory } from "~/catalog/categories";
import type { IndustrySlug } from "~/catalog/industries";
import type { ProvinceSlug } from "~/catalog/provinces";
import { normalizeText, parseDirectoryQuery, type Filters, type ParsedQuery } from "~/lib/directory-query";
import type { ApiSearchParams } from "~/schemas/api-v1";
import { SEARCH_CANDIDATES, type ListingCard, type ListingKind } from "~/schemas/directory";
import { queryRows } from "../db.server";

export type DirectoryRow = ListingCard & { descripcion: string | null; promoted: boolean; score: number };

export type Interpretation = {
  provincia: string | null;
  industria: string | null;
  categoria: string | null;
  tipo: "restaurantes" | "negocios" | null;
  terminos: string[];
};

export type DirectorySearch = {
  rows: DirectoryRow[];
  nextCursor: string | null;
  interpretation: Interpretation;
  suggestion: { q: string; reason: string } | null;
};

/** Below this many full-text matches in all, entries whose name merely resembles the words join in. */
const NAME_FALLBACK_BELOW = 24;
/** Similarity of the whole query to a whole name above which it is that entry, whatever words it has. */
const NAME_MATCH = 0.8;

type Row = Omit<ListingCard, "rating"> & {
  rating: number | string | null;
  imported: boolean;
  descripcion: string | null;
  score: number | string;
  plan_rank: number;
};

const TABLE = { restaurant: "restaurants", business: "businesses" } as const;

const columns = (kind: ListingKind) =>
  sql.raw(`'${kind}'::text as kind, t.id, t.slug, t.nombre,
  ${kind === "restaurant" ? "t.categoria" : "t.industria"} as etiqueta, t.provincia, t.rating::float8 as rating, t.direccion,
  t.telefono, t.horario, t.especialidades, t.is_verified, t.is_active, t.plan_type, t.imagen, t.descripcion,
  (t.google_place_id is not null) as imported, listing_plan_rank(t.plan_type) as plan_rank, t.created_at`);

const doc = (kind: ListingKind) =>
  sql.raw(
    `listing_search_text(t.nombre, t.descripcion, t.direccion, t.especialidades, t.${kind === "restaurant" ? "categoria" : "industria"})`,
  );

function filtersOf(kind: ListingKind, f: Filters): SQL {
  const parts: SQL[] = [sql`t.is_active`];
  if (f.provincia) parts.push(sql`t.provincia = ${f.provincia}`);
  if (kind === "restaurant" && f.categoria) parts.push(sql`t.categoria = ${f.categoria}`);
  if (kind === "business" && f.industria) parts.push(sql`t.industria = ${f.industria}`);
  return sql.join(parts, sql` and `);
}

/** Which kinds a parsed query can return. */
function kindsOf(p: Filters): ListingKind[] {
  if (p.tipo === "restaurantes" || p.categoria) return ["restaurant"];
  if (p.tipo === "negocios" || p.industria) return ["business"];
  return ["restaurant", "business"];
}

/** The ranked candidates of one parsed query, best first (at most SEARCH_CANDIDATES per kind). */
export function directorySearchQuery(p: ParsedQuery, explicit: Filters): SQL {
  const kinds = kindsOf(p);
  const text = p.terms.join(" ");
  const tsq = sql`plainto_tsquery('spanish'::regconfig, ${text})`;
  const ctes: SQL[] = [];
  for (const kind of kinds) {
    const table = sql.raw(TABLE[kind]);
    if (text) {
      ctes.push(sql`${sql.raw(`f_${kind}`)} as materialized (select ${columns(kind)} from ${table} t
        where ${filtersOf(kind, p)} and to_tsvector('spanish'::regconfig, ${doc(kind)}) @@ ${tsq}
        limit ${SEARCH_CANDIDATES})`);
    } else {
      // Filters only: every entry is equally relevant, so the best plans (then the newest) come first.
      ctes.push(sql`${sql.raw(`f_${kind}`)} as materialized (select ${columns(kind)} from ${table} t
        where ${filtersOf(kind, p)}
        order by listing_plan_rank(t.plan_type) desc, t.created_at desc nulls last, t.id desc nulls last
        limit ${SEARCH_CANDIDATES})`);
    }
  }
  const fullTextCount = sql.raw(kinds.map((k) => `(select count(*) from f_${k})`).join(" + "));
  const extra: string[] = [];
  for (const kind of kinds) {
    // Names that resemble the words (typos, words typed in part), when full text found few entries.
    if (text) {
      extra.push(`n_${kind}`);
      ctes.push(sql`${sql.raw(`n_${kind}`)} as materialized (select ${columns(kind)} from ${sql.raw(TABLE[kind])} t
        where ${filtersOf(kind, p)} and (${fullTextCount}) < ${NAME_FALLBACK_BELOW} and ${text} <% immutable_unaccent(lower(t.nombre))
        limit 100)`);
    }
    // A name typed in full that contains a place or category word ('Bocas Grill' in Panamá) is found
    // under the caller's own filters only.
    if (p.normalized && p.normalized !== text) {
      extra.push(`x_${kind}`);
      ctes.push(sql`${sql.raw(`x_${kind}`)} as materialized (select * from (select ${columns(kind)} from ${sql.raw(TABLE[kind])} t
        where ${filtersOf(kind, explicit)} and ${p.normalized} % immutable_unaccent(lower(t.nombre)) limit 100) x
        where similarity(${p.normalized}, immutable_unaccent(lower(x.nombre))) >= ${NAME_MATCH})`);
    }
  }
  const union = sql.raw(
    kinds
      .flatMap((k) => [`f_${k}`, ...extra.filter((e) => e.endsWith(`_${k}`))])
      .map((cte) => `select * from ${cte}`)
      .join(" union "),
  );
  const name = sql`immutable_unaccent(lower(c0.nombre))`;
  const specialties = sql`immutable_unaccent(lower(c0.nombre || ' ' || array_to_string(c0.especialidades, ' ')))`;
  // A filter word ranks first the entries whose name or specialties share its stem ('dentista' -> 'dent…').
  const boosts = p.boosts.map(
    (b) => sql` + case when ${specialties} like ${`%${b.length <= 8 ? b.slice(0, 4) : b.slice(0, -4)}%`} then 1 else 0 end`,
  );
  return sql`
    with ${sql.join(ctes, sql`, `)},
    c0 as (${union}),
    c as (select c0.*, (
        ${text ? sql`case when word_similarity(${text}, ${name}) >= 0.4 then 2 * word_similarity(${text}, ${name}) else 0 end` : sql`0`}
        + ${p.normalized ? sql`case when similarity(${p.normalized}, ${name}) >= ${NAME_MATCH} then 2 else 0 end` : sql`0`}
        + ${text ? sql`case when ${name} like ${`%${text}%`} then 1 else 0 end` : sql`0`}
        ${sql.join(boosts, sql``)}
        + ${p.hintCategory ? sql`case when c0.kind = 'restaurant' and c0.etiqueta = ${p.hintCategory} then 0.5 else 0 end` : sql`0`}
      )::real as score from c0)
    select c.* from c
    order by floor(c.score * 2) desc, c.plan_rank desc, c.score desc, c.rating desc nulls last, c.created_at desc, c.id desc`;
}

function toRow(r: Row): DirectoryRow {
  return {
    kind: r.kind,
    id: r.id,
    slug: r.slug,
    nombre: r.nombre,
    etiqueta: r.etiqueta,
    provincia: r.provincia,
    // Ratings of entries imported from Google are not shown publicly.
    rating: r.imported || r.rating == null ? null : Number(r.rating),
    direccion: r.direccion,
    telefono: r.telefono,
    horario: r.horario,
    especialidades: (r.especialidades ?? []).slice(0, 8),
    is_verified: r.is_verified,
    is_active: r.is_active,
    plan_type: r.plan_type,
    imagen: r.imagen,
    descripcion: r.descripcion,
    promoted: Number(r.plan_rank) > 0,
    score: Number(r.score),
  };
}

// ---------------------------------------------------------------- cursor

function queryKey(params: ApiSearchParams): string {
  const text = [params.q && normalizeText(params.q), params.tipo, params.provincia, params.industria, params.categoria].join("|");
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619) >>> 0;
  return h.toString(36);
}

function encodeOffset(offset: number, key: string): string {
  return Buffer.from(`v1|${offset}|${key}`).toString("base64url");
}

function decodeOffset(cursor: string, key: string): number | null {
  if (!/^[A-Za-z0-9_-]{1,60}$/.test(cursor)) return null;
  const m = /^v1\|(\d{1,4})\|([a-z0-9]{1,8})$/.exec(Buffer.from(cursor, "base64url").toString("utf8"));
  if (!m || m[2] !== key) return null;
  const offset = Number(m[1]);
  return offset > 0 && offset < 2 * SEARCH_CANDIDATES ? offset : null;
}

// ---------------------------------------------------------------- search

async function ranked(p: ParsedQuery, explicit: Filters): Promise<Row[]> {
  return queryRows<Row>(directorySearchQuery(p, explicit));
}

function explicitOf(params: ApiSearchParams): Filters {
  return {
    tipo: params.tipo,
    provincia: params.provincia as ProvinceSlug | undefined,
    industria: params.industria as IndustrySlug | undefined,
    categoria: params.categoria as RestaurantCategory | undefined,
  };
}

/** A nearby query with results, for an empty answer: without the place, then with fewer words. */
async function suggest(params: ApiSearchParams, p: ParsedQuery): Promise<{ q: string; reason: string } | null> {
  const explicit = explicitOf(params);
  if (p.placeWords.length && !params.provincia) {
    const withoutPlace = normalizeText(params.q)
      .split(" ")
      .filter((w) => !p.placeWords.some((pw) => pw.split(" ").includes(w)) && !["en", "de", "del", "cerca"].includes(w))
      .join(" ");
    if (withoutPlace) {
      const relaxed = parseDirectoryQuery(withoutPlace, explicit);
      if ((await ranked(relaxed, explicit)).length)
        return { q: withoutPlace, reason: "Sin resultados en esa provincia; hay resultados en otras." };
    }
  }
  if (p.terms.length > 1) {
    for (const term of p.terms) {
      const relaxed = { ...p, terms: [term], normalized: term };
      if ((await ranked(relaxed, explicit)).length) {
        const rest = normalizeText(params.q)
          .split(" ")
          .filter((w) => !p.terms.includes(w) || w === term)
          .join(" ");
        return { q: rest, reason: `Ningún resultado contiene todas las palabras; prueba solo con «${term}».` };
      }
    }
  }
  return null;
}

/** Search for the API and MCP; "bad-cursor" when the cursor was not handed out for this query. */
export async function searchDirectoryRows(params: ApiSearchParams): Promise<DirectorySearch | "bad-cursor"> {
  const key = queryKey(params);
  let offset = 0;
  if (params.cursor) {
    const decoded = decodeOffset(params.cursor, key);
    if (decoded === null) return "bad-cursor";
    offset = decoded;
  }
  const explicit = explicitOf(params);
  const parsed = parseDirectoryQuery(params.q, explicit);
  const interpretation: Interpretation = {
    provincia: parsed.provincia ?? null,
    industria: parsed.industria ?? null,
    categoria: parsed.categoria ?? null,
    tipo: parsed.tipo ?? null,
    terminos: parsed.terms,
  };
  const all = await ranked(parsed, explicit);
  const page = all.slice(offset, offset + params.limite);
  const next = offset + params.limite < all.length ? encodeOffset(offset + params.limite, key) : null;
  const suggestion = all.length === 0 ? await suggest(params, parsed) : null;
  return { rows: page.map(toRow), nextCursor: next, interpretation, suggestion };
}
