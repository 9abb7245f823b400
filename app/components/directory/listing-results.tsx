import type { ReactNode } from "react";
import { pageAnchor } from "~/lib/listing-pages";
import type { NearPoint } from "~/lib/near-query";
import { PAGE_SIZE } from "~/schemas/directory-fields";
import type { CardData } from "./labels";
import { EmptyListing, ListingError, ListingGrid } from "./listing-layout";
import { LoadMore } from "./load-more";
import { NearMe, nearEmpty } from "./near-me";

type PageData = {
  items: CardData[];
  nextCursor: string | null;
  error: string | null;
  near: NearPoint | null;
  /** The page's `cerca` was outside Panama: listed as without it. */
  nearOutside: boolean;
  /** The place typed in «Cerca de» that the directory does not know: listed as without it. */
  unknownPlace?: string | null;
};

/** The cards in pages of PAGE_SIZE, each its own grid (full rows at 2 and 3 columns) that 'Cargar más' links to. */
function pagesOf(items: CardData[]): CardData[][] {
  const pages: CardData[][] = [];
  for (let i = 0; i < items.length; i += PAGE_SIZE) pages.push(items.slice(i, i + PAGE_SIZE));
  return pages;
}

/**
 * The list part of a directory page: 'near me', then the cards with 'Cargar más', the load error, or
 * what to do when nothing matches (a page sorted by distance says so). `idle`, when given, stands
 * instead of the list (a search page before any question); `summary` heads a list that has cards,
 * and `note` any answer (cards or none).
 */
export function ListingResults({
  page,
  empty,
  card,
  idle,
  summary,
  note,
  moreLabel,
}: {
  page: PageData;
  empty: { title: string; text: string; action?: ReactNode };
  card: (item: CardData) => ReactNode;
  idle?: ReactNode;
  summary?: ReactNode;
  note?: ReactNode;
  moreLabel?: string;
}) {
  const { items } = page;
  return (
    <>
      <NearMe near={page.near} outside={page.nearOutside} unknownPlace={page.unknownPlace} />
      {page.error ? (
        <ListingError message={page.error} />
      ) : idle ? (
        idle
      ) : items.length ? (
        <>
          {summary}
          {note}
          <div className="flex flex-col gap-6">
            {pagesOf(items).map((cards, i) => (
              <ListingGrid key={pageAnchor(i + 1)} id={pageAnchor(i + 1)}>
                {cards.map(card)}
              </ListingGrid>
            ))}
          </div>
          <LoadMore cursor={page.nextCursor} label={moreLabel} />
        </>
      ) : (
        <>
          {note}
          <EmptyListing {...(page.near ? { ...nearEmpty(page.near), action: empty.action } : empty)} />
        </>
      )}
    </>
  );
}
