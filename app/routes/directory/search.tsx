/**
 * /buscar?q=&tipo=&provincia=: accent- and case-insensitive Spanish search over restaurants and
 * businesses, ranked by relevance, 6 per page with "Cargar más". No uncapped count(*).
 */
import { Icon } from "~/components/icons/icon";
import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/search";
import { provinceLabel } from "~/catalog/provinces";
import { ListingCard } from "~/components/directory/listing-card";
import { DirectoryHero } from "~/components/directory/listing-layout";
import { ListingResults } from "~/components/directory/listing-results";
import { buttonClass } from "~/components/ui/button";
import { Input, Label, Select } from "~/components/ui/input";
import { listingPageData, loadPages } from "./listing-page.server";
import { directoryPageHeaders } from "./cache-headers";
import { formatInteger } from "~/lib/format";
import { seo } from "~/lib/meta";
import { decodeSearchCursor, searchQuerySchema } from "~/schemas/directory";
import { pagesField } from "~/schemas/listing-pages";
import { SEARCH_CANDIDATES, SEARCH_MAX_LENGTH, SEARCH_TYPES } from "~/schemas/directory-fields";
import { searchListings, type SearchResult } from "~/server/models/listings.server";
import { searchNearby } from "~/server/models/directory-search.server";
import { nearPoint, pageQuery } from "~/server/near-point.server";
import { CatalogOptions, ProvinceOptions } from "~/components/catalog-options";
import { invalidLinkPage } from "~/lib/error-page";

const SUGGESTIONS = ["ceviche", "café", "mariscos", "abogados", "surf", "spa", "construcción", "sancocho"];

const querySchema = searchQuerySchema.extend({ paginas: pagesField });

export async function loader({ url }: Route.LoaderArgs) {
  const { params, nearOutside } = pageQuery(url);
  const parsed = querySchema.safeParse(params);
  if (!parsed.success) throw invalidLinkPage(url, parsed.error.issues);
  const { q, tipo, provincia, cursor, paginas, cerca, radio } = parsed.data;
  const near = nearPoint(url, cerca, radio);
  const base = { q, tipo: tipo ?? null, provincia: provincia ?? null, paged: Boolean(cursor) || paginas > 1, near, nearOutside };
  // A page near a visitor's point is theirs alone: kept out of search engines by header, not by meta.
  const headers = new Headers(directoryPageHeaders());
  if (near || nearOutside) headers.set("X-Robots-Tag", "noindex");
  return listingPageData(
    base,
    async () => {
      const result = near
        ? await searchNearby({ q, tipo, provincia, near })
        : await loadPages(paginas, cursor, decodeSearchCursor, (after) =>
            searchListings({ q, provincia, cursor: after, kind: SEARCH_TYPES.find((t) => t.slug === tipo)?.kind }),
          );
      return { ...result, summary: q && result.items.length ? summaryOf(q, result) : null };
    },
    "No se pudo realizar la búsqueda",
    headers,
  );
}

/** The line above the cards, written here so that the page's script needs no number formatting. */
function summaryOf(q: string, { matched, capped }: SearchResult) {
  return capped
    ? `Más de ${formatInteger(SEARCH_CANDIDATES)} resultados para «${q}». Los más relevantes primero.`
    : `${formatInteger(matched)} resultado${matched === 1 ? "" : "s"} para «${q}».`;
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

function Suggestions() {
  return (
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
  );
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const searching = navigation.state !== "idle" && navigation.location?.pathname === "/buscar";
  const { q, tipo, provincia, near } = loaderData;
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
              <CatalogOptions items={SEARCH_TYPES} emptyLabel="Restaurantes y negocios" />
            </Select>
          </div>
          <div className="sm:col-span-2">
            <Label htmlFor="buscar-provincia">Provincia</Label>
            <Select id="buscar-provincia" name="provincia" defaultValue={provincia ?? ""}>
              <ProvinceOptions emptyLabel="Todas" />
            </Select>
          </div>
          {near && <input type="hidden" name="cerca" value={near.point} />}
          <button type="submit" className={buttonClass("primary", "md", "sm:col-span-2")} disabled={searching}>
            <Icon name={searching ? "loader-circle" : "search"} aria-hidden className={searching ? "size-4 animate-spin" : "size-4"} />
            {searching ? "Buscando..." : "Buscar"}
          </button>
        </Form>
      </DirectoryHero>
      <section className="mx-auto w-full max-w-6xl flex-1 px-4 py-10 sm:py-14">
        {/* The cards' names are h3: this heading keeps the outline whole (h1, h2, h3). */}
        <h2 className="sr-only">Resultados</h2>
        <ListingResults
          page={loaderData}
          idle={q || near ? null : <Suggestions />}
          summary={
            loaderData.summary && (
              <p className="mb-6 text-muted" aria-live="polite">
                {loaderData.summary}
              </p>
            )
          }
          moreLabel="Ver más resultados"
          card={(item) => <ListingCard key={`${item.kind}-${item.id}`} item={item} showProvince />}
          empty={{
            title: `Sin resultados para «${q}»`,
            text: `Prueba con otra palabra${provincia ? `, quita el filtro de ${provinceLabel(provincia)}` : ""} o revisa la ortografía.`,
            action: (
              <Link to="/buscar" className={buttonClass("outline", "md")}>
                Nueva búsqueda
              </Link>
            ),
          }}
        />
      </section>
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
