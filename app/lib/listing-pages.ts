/**
 * 'Cargar más' keeps the number of pages shown in the URL (`?paginas=2`): with JavaScript the
 * router replaces the URL and its loader answers every page so far, so Back, a reload and a shared
 * link show the same cards (and the router restores the scroll position over them); without it the
 * button is a link to that URL, which opens at the first new page (`#pagina-2`).
 */
export const PAGES_PARAM = "paginas";
/** Most pages one URL shows (120 cards); past them the list goes on from the last card's cursor. */
export const MAX_PAGES = 20;

/** The id of the grid holding page `n` of a list (1 the first). */
export const pageAnchor = (n: number) => `pagina-${n}`;

/** Where 'Cargar más' leads from `pathname` + `search`: one page more, and the id of that page's grid. */
export function loadMoreHref(pathname: string, search: string, nextCursor: string): { href: string; anchor: string | null } {
  const params = new URLSearchParams(search);
  const shown = Number(params.get(PAGES_PARAM)) || 1;
  if (shown < MAX_PAGES) {
    params.set(PAGES_PARAM, String(shown + 1));
    return { href: `${pathname}?${params}`, anchor: pageAnchor(shown + 1) };
  }
  params.delete(PAGES_PARAM);
  params.set("cursor", nextCursor);
  return { href: `${pathname}?${params}`, anchor: null };
}
