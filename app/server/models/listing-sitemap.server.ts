/**
 * What the sitemap lists of the directory: every active entry's slug and last change, in chunks along
 * the slug index, and the newest change of each listing page.
 */
import { sql } from "drizzle-orm";
import { LISTING_KIND_IDS, LISTING_KINDS, type ListingKind } from "~/catalog/listing-kinds";
import { queryRows } from "../platform/db.server";

export type SitemapListing = { kind: ListingKind; slug: string; updated_at: Date };

export type ListingLastChanges = { provinces: Map<string, Date>; industries: Map<string, Date> };

/**
 * The newest change (updated_at) among the active entries of each province and each industry
 * listing, for the sitemap's lastmod of the 20 listing pages. One grouped pass over each table: the
 * sitemap is read by crawlers, rarely, and cached by them.
 */
export async function listingLastChanges(): Promise<ListingLastChanges> {
  const rows = await queryRows<{ listing: keyof ListingLastChanges; key: string; at: string | Date }>(sql`
    select 'provinces' as listing, provincia as key, max(updated_at) as at from restaurants where is_active group by provincia
    union all
    select 'industries' as listing, industria as key, max(updated_at) as at from businesses where is_active group by industria`);
  const out: ListingLastChanges = { provinces: new Map(), industries: new Map() };
  for (const r of rows) out[r.listing].set(r.key, new Date(r.at));
  return out;
}

/** Whether more than `n` entries are active in all (a capped count: it reads at most n + 1 rows). */
export async function activeListingsExceed(n: number): Promise<boolean> {
  const [row] = await queryRows<{ c: number }>(sql`
    select count(*)::int as c from (
      (select 1 from restaurants where is_active limit ${n + 1})
      union all
      (select 1 from businesses where is_active limit ${n + 1})
    ) capped`);
  return Number(row?.c ?? 0) > n;
}

/**
 * Where each sitemap chunk of `size` active entries of one kind starts (the slug it comes after; null
 * for the first). Each step skips `size` rows along the slug index, so the cost grows with the
 * directory, not with the number of visitors: the sitemap is cached and crawlers read it rarely.
 */
export async function activeSlugChunkStarts(kind: ListingKind, size: number): Promise<(string | null)[]> {
  const table = sql.raw(LISTING_KINDS[kind].table);
  const starts: (string | null)[] = [];
  let after: string | null = null;
  for (;;) {
    const firstRows: { slug: string }[] = await queryRows<{ slug: string }>(sql`
      select slug from ${table} where is_active ${after ? sql`and slug > ${after}` : sql``} order by slug limit 1`);
    if (!firstRows.length) break;
    starts.push(after);
    const lastRows: { slug: string }[] = await queryRows<{ slug: string }>(sql`
      select slug from ${table} where is_active ${after ? sql`and slug > ${after}` : sql``}
      order by slug offset ${size - 1} limit 1`);
    if (!lastRows.length) break;
    after = lastRows[0]!.slug;
  }
  return starts;
}

/** One sitemap chunk: up to `size` active entries of one kind after the slug `after`, by slug. */
export async function activeListingSlugsAfter(kind: ListingKind, after: string | null, size: number): Promise<SitemapListing[]> {
  const table = sql.raw(LISTING_KINDS[kind].table);
  const rows = await queryRows<{ slug: string; updated_at: string | Date }>(sql`
    select slug, updated_at from ${table} where is_active ${after ? sql`and slug > ${after}` : sql``}
    order by slug limit ${size}`);
  return rows.map((r) => ({ kind, slug: r.slug, updated_at: new Date(r.updated_at) }));
}

/** Every active entry, for /sitemap.xml (streams in keyset batches so 1M rows never sit in one query). */
export async function* activeListingSlugs(batch = 5000): AsyncGenerator<SitemapListing[]> {
  for (const kind of LISTING_KIND_IDS) {
    const table = sql.raw(LISTING_KINDS[kind].table);
    let after: string | null = null;
    for (;;) {
      const rows: { slug: string; updated_at: string | Date }[] = await queryRows(sql`
        select slug, updated_at from ${table} where is_active ${after ? sql`and slug > ${after}` : sql``}
        order by slug limit ${batch}`);
      if (!rows.length) break;
      yield rows.map((r) => ({ kind, slug: r.slug, updated_at: new Date(r.updated_at) }));
      if (rows.length < batch) break;
      after = rows[rows.length - 1]!.slug;
    }
  }
}
