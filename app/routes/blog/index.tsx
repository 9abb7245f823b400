import { Icon } from "~/components/icons/icon";
import { data, Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/index";
import { BlogCard, BlogCardSkeleton } from "~/components/blog/blog-card";
import { useShowToast } from "~/components/toaster";
import { Button, buttonClass } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { Input, Label } from "~/components/ui/input";
import { publicPageHeaders } from "~/lib/cache-headers";
import { cn } from "~/lib/cn";
import { seo } from "~/lib/meta";
import { blogListQuerySchema } from "~/schemas/blog";
import { listPublishedBlogs } from "~/server/models/blogs.server";

/** Public and cacheable, except a failed load, which must not be cached. */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) =>
  loaderHeaders.get("Cache-Control") ? { "Cache-Control": loaderHeaders.get("Cache-Control")! } : publicPageHeaders();

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const page = loaderData?.page ?? 1;
  return seo(matches, {
    title: page > 1 ? `Blog (página ${page})` : "Blog",
    description: "Artículos sobre marketing, IA, gastronomía, turismo y negocios en Panamá.",
    path: page > 1 ? `/blog?page=${page}` : "/blog",
    noindex: Boolean(loaderData?.q),
  });
};

export const links: Route.LinksFunction = () => [
  { rel: "alternate", type: "application/rss+xml", title: "Blog de Panama VIP IA", href: "/blog/rss.xml" },
];

export async function loader({ url }: Route.LoaderArgs) {
  const { q, page } = blogListQuerySchema.parse({ q: url.searchParams.get("q"), page: url.searchParams.get("page") ?? undefined });
  let result: Awaited<ReturnType<typeof listPublishedBlogs>>;
  try {
    result = await listPublishedBlogs({ q, page });
  } catch (error) {
    console.error("[blog] list:", error);
    return data(
      { items: [], total: 0, page: 1, pageCount: 1, perPage: 6, q, failed: true as const },
      { status: 503, headers: { "Cache-Control": "no-store" } },
    );
  }
  // A page past the last (an old link, articles deleted since) goes to the last page rather than
  // showing it under another page's address (docs/decisions/080).
  if (result.page !== page) throw redirect(blogListHref(q, result.page));
  return { ...result, q, failed: false as const };
}

/** The address of one page of the list, for a search or not; page 1 has no page parameter. */
function blogListHref(q: string, page: number): string {
  const next = new URLSearchParams();
  if (q) next.set("q", q);
  if (page > 1) next.set("page", String(page));
  const s = next.toString();
  return s ? `/blog?${s}` : "/blog";
}

const FAILED_TOAST = { type: "error" as const, title: "Error", description: "No se pudieron cargar los artículos" };

/** Page numbers with gaps: 1 … 4 5 6 … 12. */
function pageList(page: number, count: number): (number | "gap")[] {
  const pages = new Set([1, count, page - 1, page, page + 1].filter((p) => p >= 1 && p <= count));
  const sorted = [...pages].sort((a, b) => a - b);
  const out: (number | "gap")[] = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1]! > 1) out.push("gap");
    out.push(p);
  });
  return out;
}

export default function BlogIndex({ loaderData }: Route.ComponentProps) {
  const { items, total, page, pageCount, q, failed } = loaderData;
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const loading = navigation.state === "loading" && navigation.location?.pathname === "/blog";
  const searching = loading && new URLSearchParams(navigation.location?.search).get("q") !== (params.get("q") ?? null);
  useShowToast(failed ? FAILED_TOAST : null, loaderData);

  const hrefFor = (p: number) => blogListHref(q, p);

  const empty = failed
    ? { title: "No se pudieron cargar los artículos", text: "Intenta de nuevo en unos minutos." }
    : q
      ? {
          title: "No se encontraron artículos",
          text: `No hay artículos que coincidan con «${q}». Prueba con otras palabras.`,
          action: (
            <Link to="/blog" className={buttonClass("outline")}>
              Ver todos los artículos
            </Link>
          ),
        }
      : { title: "Aún no hay artículos publicados", text: "Vuelve pronto: estamos preparando nuevas historias." };

  return (
    <div className="flex-1 bg-ocean-50/40">
      <section className="bg-gradient-to-br from-ocean-950 via-ocean-900 to-ocean-700 px-4 py-14 text-white sm:px-6 sm:py-20">
        <div className="mx-auto max-w-6xl">
          <p className="text-sm font-bold tracking-widest text-sun-300 uppercase">Blog</p>
          <h1 className="mt-2 text-3xl font-extrabold text-white sm:text-5xl">Historias y consejos para crecer en Panamá</h1>
          <p className="mt-4 max-w-2xl text-ocean-100">
            Marketing, inteligencia artificial, gastronomía y turismo contados por quienes los viven.
          </p>
          <Form method="get" action="/blog" role="search" className="mt-8 flex max-w-xl flex-col gap-3 sm:flex-row">
            <div className="relative flex-1">
              <Label htmlFor="blog-q" className="sr-only">
                Buscar artículos
              </Label>
              <Icon
                name="search"
                aria-hidden
                className="pointer-events-none absolute top-1/2 left-3.5 size-5 -translate-y-1/2 text-slate-500"
              />
              <Input
                id="blog-q"
                name="q"
                type="search"
                defaultValue={q}
                key={q}
                maxLength={100}
                placeholder="Buscar por título, resumen o categoría"
                className="pl-11"
              />
            </div>
            <Button type="submit" variant="accent" disabled={searching}>
              {searching ? (
                <Icon name="loader-circle" aria-hidden className="size-4 animate-spin" />
              ) : (
                <Icon name="search" aria-hidden className="size-4" />
              )}
              {searching ? "Buscando..." : "Buscar"}
            </Button>
          </Form>
        </div>
      </section>

      <section className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6" aria-live="polite" aria-busy={loading}>
        <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-muted">
            {q ? (
              <>
                {total === 1 ? "1 resultado" : `${total} resultados`} para <strong className="text-ink">«{q}»</strong>
              </>
            ) : (
              `${total === 1 ? "1 artículo publicado" : `${total} artículos publicados`}`
            )}
          </p>
          <div className="flex items-center gap-2">
            {q ? (
              <Link to="/blog" className={buttonClass("ghost", "compact")}>
                <Icon name="x" aria-hidden className="size-4" /> Limpiar búsqueda
              </Link>
            ) : null}
            <a href="/blog/rss.xml" className={buttonClass("ghost", "compact")}>
              <Icon name="rss" aria-hidden className="size-4 text-sun-600" /> RSS
            </a>
          </div>
        </div>

        {loading ? (
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {["a", "b", "c", "d", "e", "f"].map((k) => (
              <BlogCardSkeleton key={k} />
            ))}
            <span className="sr-only">Cargando artículos...</span>
          </div>
        ) : failed || items.length === 0 ? (
          <EmptyState className="mx-auto max-w-md" {...empty} />
        ) : (
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {items.map((b) => (
              <BlogCard key={b.id} blog={b} />
            ))}
          </div>
        )}

        {!loading && pageCount > 1 ? (
          <nav aria-label="Paginación" className="mt-10 flex flex-wrap items-center justify-center gap-2">
            {page > 1 ? (
              <Link to={hrefFor(page - 1)} className={buttonClass("outline", "compact")} aria-label="Página anterior">
                <Icon name="chevron-left" aria-hidden className="size-4" /> <span className="hidden sm:inline">Anterior</span>
              </Link>
            ) : null}
            {pageList(page, pageCount).map((p, i) =>
              p === "gap" ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: a gap has no identity but its place among the page numbers
                <span key={`gap-${i}`} className="px-1 text-muted" aria-hidden>
                  …
                </span>
              ) : (
                <Link
                  key={p}
                  to={hrefFor(p)}
                  aria-current={p === page ? "page" : undefined}
                  aria-label={`Página ${p}`}
                  className={cn(
                    "grid size-11 place-items-center rounded-full text-sm font-semibold",
                    p === page ? "bg-ocean-700 text-white" : "border border-ocean-200 bg-white text-ocean-800 hover:bg-ocean-50",
                  )}
                >
                  {p}
                </Link>
              ),
            )}
            {page < pageCount ? (
              <Link to={hrefFor(page + 1)} className={buttonClass("outline", "compact")} aria-label="Página siguiente">
                <span className="hidden sm:inline">Siguiente</span> <Icon name="chevron-right" aria-hidden className="size-4" />
              </Link>
            ) : null}
          </nav>
        ) : null}
      </section>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
