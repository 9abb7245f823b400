import { Icon } from "~/components/icons/icon";
import { useEffect, useRef, useState } from "react";
import { Link, useFetcher, useLocation } from "react-router";
import { buttonClass } from "~/components/ui/button";

type PageData<T> = { items: T[]; nextCursor: string | null };

/**
 * Load-more: the page's server-rendered items plus the pages fetched with "Cargar más" (the same
 * route's loader with ?cursor=). Without JavaScript the button is a plain link to the next page.
 * The list starts over whenever the server data changes (new filter, action, navigation).
 */
export function useLoadMore<T extends { id: string }>(initial: PageData<T>) {
  const fetcher = useFetcher<PageData<T>>();
  const [items, setItems] = useState(initial.items);
  const [cursor, setCursor] = useState(initial.nextCursor);
  const [base, setBase] = useState(initial);
  const seen = useRef<unknown>(null);
  if (base !== initial) {
    setBase(initial);
    setItems(initial.items);
    setCursor(initial.nextCursor);
  }
  useEffect(() => {
    const d = fetcher.data;
    if (!d || seen.current === d || fetcher.state !== "idle") return;
    seen.current = d;
    setItems((prev) => {
      const have = new Set(prev.map((p) => p.id));
      return [...prev, ...d.items.filter((i) => !have.has(i.id))];
    });
    setCursor(d.nextCursor);
  }, [fetcher.data, fetcher.state]);
  return { items, cursor, fetcher };
}

export function LoadMore({
  cursor,
  fetcher,
  label = "Cargar más",
}: {
  cursor: string | null;
  fetcher: ReturnType<typeof useFetcher>;
  label?: string;
}) {
  const location = useLocation();
  if (!cursor) return null;
  const params = new URLSearchParams(location.search);
  params.set("cursor", cursor);
  const href = `${location.pathname}?${params.toString()}`;
  const loading = fetcher.state !== "idle";
  return (
    <div className="mt-10 flex justify-center">
      <Link
        to={href}
        rel="next"
        preventScrollReset
        onClick={(e) => {
          if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
          e.preventDefault();
          if (!loading) fetcher.load(href);
        }}
        aria-disabled={loading || undefined}
        className={buttonClass("outline", "lg", "min-w-48")}
      >
        {loading ? <Icon name="loader-circle" aria-hidden className="size-5 animate-spin" /> : null}
        {loading ? "Cargando..." : label}
      </Link>
      <span className="sr-only" aria-live="polite">
        {loading ? "Cargando más resultados" : ""}
      </span>
    </div>
  );
}
