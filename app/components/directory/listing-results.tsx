import type { ReactNode } from "react";
import type { NearPoint } from "~/lib/near-query";
import type { CardData } from "./labels";
import { EmptyListing, ListingError, ListingGrid } from "./listing-layout";
import { LoadMore, useLoadMore } from "./load-more";
import { NEAR_EMPTY, NearMe } from "./near-me";

type PageData = { items: CardData[]; nextCursor: string | null; error: string | null; near: NearPoint | null };

/**
 * The list part of a directory page: 'near me', then the cards with 'Cargar más', the load error, or
 * what to do when nothing matches (a page sorted by distance says so). `idle`, when given, stands
 * instead of the list (a search page before any question); `summary` heads a list that has cards.
 */
export function ListingResults({
  page,
  empty,
  card,
  idle,
  summary,
  moreLabel,
}: {
  page: PageData;
  empty: { title: string; text: string; action?: ReactNode };
  card: (item: CardData) => ReactNode;
  idle?: ReactNode;
  summary?: ReactNode;
  moreLabel?: string;
}) {
  const { items, cursor, fetcher } = useLoadMore(page);
  return (
    <>
      <NearMe near={page.near} />
      {page.error ? (
        <ListingError message={page.error} />
      ) : idle ? (
        idle
      ) : items.length ? (
        <>
          {summary}
          <ListingGrid>{items.map(card)}</ListingGrid>
          <LoadMore cursor={cursor} fetcher={fetcher} label={moreLabel} />
        </>
      ) : (
        <EmptyListing {...(page.near ? { ...NEAR_EMPTY, action: empty.action } : empty)} />
      )}
    </>
  );
}
