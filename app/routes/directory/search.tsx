/**
 * /buscar?q=&tipo=&provincia= (D4): accent- and case-insensitive Spanish search over restaurants
 * and businesses, ranked by relevance, 6 per page with "Cargar más". No uncapped count(*).
 */
import { Icon } from "~/components/icons/icon";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/search";
import { provinceLabel } from "~/catalog/provinces";
import { ListingCard } from "~/components/directory/listing-card";
import { DirectoryHero, EmptyListing, ListingError, ListingGrid } from "~/components/directory/listing-layout";
import { LoadMore, useLoadMore } from "~/components/directory/load-more";
import { NEAR_EMPTY, NearMe } from "~/components/directory/near-me";
import { buttonClass } from "~/components/ui/button";
import { Input, Label, Select } from "~/components/ui/input";
import { PRIVATE_NO_STORE } from "~/lib/cache-headers";
import { directoryPageHeaders } from "./cache-headers";
import { formatInteger } from "~/lib/format";
import { seo } from "~/lib/meta";
import { searchParamsObject, searchQuerySchema } from "~/schemas/directory";
import { SEARCH_CANDIDATES, SEARCH_MAX_LENGTH, SEARCH_TYPES } from "~/schemas/directory-fields";
import { searchListings, type SearchResult } from "~/server/models/listings.server";
import { searchNearby } from "~/server/models/directory-search.server";
import { nearPoint } from "~/server/near-point.server";
import { ProvinceOptions } from "~/components/province-options";
import { invalidLinkPage } from "~/lib/error-page";

const SUGGESTIONS = ["ceviche", "café", "mariscos", "abogados", "surf", "spa", "construcción", "sancocho"];
const SEARCH_ERROR = "No se pudo realizar la búsqueda";

export async function loader({ url }: Route.LoaderArgs) {
  const parsed = searchQuerySchema.safeParse(searchParamsObject(url));
  if (!parsed.success) throw invalidLinkPage(url, parsed.error.issues);
  const { q, tipo, provincia, cursor, cerca, radio } = parsed.data;
  const near = nearPoint(url, cerca, radio);
  const base = { q, tipo: tipo ?? null, provincia: provincia ?? null, paged: Boolean(cursor), near };
  let result: SearchResult;
  try {
    result = near
      ? await searchNearby({ q, tipo, provincia, near })
      : await searchListings({ q, provincia, cursor, kind: SEARCH_TYPES.find((t) => t.slug === tipo)?.kind });
  } catch (error) {
    console.error("[directorio] error en la búsqueda:", error);
    return data(
      { ...base, items: [], nextCursor: null, matched: 0, capped: false, error: SEARCH_ERROR },
      { status: 503, headers: { "Cache-Control": PRIVATE_NO_STORE } },
    );
  }
  // A page near a visitor's point is theirs alone: kept out of search engines by header, not by meta.
  const headers = new Headers(directoryPageHeaders());
  if (near) headers.set("X-Robots-Tag", "noindex");
  return data({ ...base, ...result, error: null as string | null }, { headers });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const meta: Route.MetaFunction = ({ matches, loaderData: d }) =>
  seo(matches, {
    title: d?.q ? `Resultados para «${d.q}»` : "Buscar en el directorio",
    description: "Busca restaurantes y negocios de Panamá por nombre, especialidad, categoría o dirección.",
    path: "/buscar",
    noindex: Boolean(d?.q),
  });

function Summary({ q, matched, capped, shown }: { q: string; matched: number; capped: boolean; shown: number }) {
  if (!q || !shown) return null;
  const text = capped
    ? `Más de ${formatInteger(SEARCH_CANDIDATES)} resultados para «${q}». Los más relevantes primero.`
    : `${formatInteger(matched)} ${matched === 1 ? "resultado" : "resultados"} para «${q}».`;
  return (
    <p className="mb-6 text-muted" aria-live="polite">
      {text}
    </p>
  );
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { items, cursor, fetcher } = useLoadMore(loaderData);
  const navigation = useNavigation();
  const searching = navigation.state !== "idle" && navigation.location?.pathname === "/buscar";
  const { q, tipo, provincia } = loaderData;
  const { near } = loaderData;
  const formKey = `${q}|${tipo}|${provincia}`;
  return (
    <>
      <DirectoryHero
        eyebrow="Directorio"
        title="Buscar restaurantes y negocios"
        description="Escribe lo que necesitas: un plato, un servicio, un nombre o un lugar. No importan las tildes ni las mayúsculas."
      >
        <Form
          method="get"
          action="/buscar"
          role="search"
          key={formKey}
          className="mt-8 grid gap-3 rounded-card bg-white p-4 text-ink shadow-lift sm:grid-cols-12 sm:items-end"
        >
          <div className="sm:col-span-5">
            <Label htmlFor="buscar-q">¿Qué buscas?</Label>
            <Input
              id="buscar-q"
              name="q"
              type="search"
              defaultValue={q}
              maxLength={SEARCH_MAX_LENGTH}
              placeholder="Ej.: ceviche, café, abogados"
              autoComplete="off"
            />
          </div>
          <div className="sm:col-span-3">
            <Label htmlFor="buscar-tipo">Tipo</Label>
            <Select id="buscar-tipo" name="tipo" defaultValue={tipo ?? ""}>
              <option value="">Restaurantes y negocios</option>
              {SEARCH_TYPES.map((t) => (
                <option key={t.slug} value={t.slug}>
                  {t.label}
                </option>
              ))}
            </Select>
          </div>
          <div className="sm:col-span-2">
            <Label htmlFor="buscar-provincia">Provincia</Label>
            <Select id="buscar-provincia" name="provincia" defaultValue={provincia ?? ""}>
              <ProvinceOptions emptyLabel="Todas" />
            </Select>
          </div>
          {near ? <input type="hidden" name="cerca" value={near.point} /> : null}
          <button type="submit" className={buttonClass("primary", "md", "sm:col-span-2")} disabled={searching}>
            {searching ? (
              <Icon name="loader-circle" aria-hidden className="size-4 animate-spin" />
            ) : (
              <Icon name="search" aria-hidden className="size-4" />
            )}
            {searching ? "Buscando..." : "Buscar"}
          </button>
        </Form>
      </DirectoryHero>
      <section className="mx-auto w-full max-w-6xl flex-1 px-4 py-10 sm:py-14" aria-label="Resultados">
        <NearMe near={near} />
        {loaderData.error ? (
          <ListingError message={loaderData.error} />
        ) : !q && !near ? (
          <div>
            <h2 className="text-xl font-extrabold">Búsquedas populares</h2>
            <ul className="mt-4 flex flex-wrap gap-2">
              {SUGGESTIONS.map((s) => (
                <li key={s}>
                  <Link
                    to={`/buscar?q=${encodeURIComponent(s)}`}
                    className="inline-flex min-h-11 items-center rounded-full bg-ocean-50 px-4 text-sm font-semibold text-ocean-800 ring-1 ring-ocean-100 hover:bg-ocean-100"
                  >
                    {s}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ) : items.length ? (
          <>
            <Summary q={q} matched={loaderData.matched} capped={loaderData.capped} shown={items.length} />
            <ListingGrid>
              {items.map((item) => (
                <ListingCard key={`${item.kind}-${item.id}`} item={item} showProvince />
              ))}
            </ListingGrid>
            <LoadMore cursor={cursor} fetcher={fetcher} label="Ver más resultados" />
          </>
        ) : (
          <EmptyListing
            title={near ? NEAR_EMPTY.title : `Sin resultados para «${q}»`}
            text={`Prueba con otra palabra${provincia ? `, quita el filtro de ${provinceLabel(provincia)}` : ""} o revisa la ortografía.`}
            action={
              <Link to="/buscar" className={buttonClass("outline", "md")}>
                Nueva búsqueda
              </Link>
            }
          />
        )}
      </section>
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
