import { Icon } from "~/components/icons/icon";
import { Link, useLocation, useNavigate, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { loadMoreHref } from "~/lib/listing-pages";

/**
 * 'Cargar más': a link to the same list with one page more (`?paginas=`, see app/lib/listing-pages).
 * With JavaScript it replaces the current URL without moving the page, so the cards stay where they
 * are and Back from a card comes back to all of them; without it the link opens at the new page.
 */
export function LoadMore({ cursor, label = "Cargar más" }: { cursor: string | null; label?: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  if (!cursor) return null;
  const { href, anchor } = loadMoreHref(location.pathname, location.search, cursor);
  const target = navigation.location;
  const loading = navigation.state !== "idle" && `${target?.pathname}${target?.search}` === href;
  return (
    <div className="mt-10 flex justify-center">
      <Link
        to={anchor ? `${href}#${anchor}` : href}
        rel="next"
        onClick={(e) => {
          if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0) return;
          e.preventDefault();
          if (!loading) navigate(href, { replace: true, preventScrollReset: true });
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
