/**
 * /buscar?q=&tipo=&provincia=: the directory's one search engine (the same answer as
 * /api/v1/buscar for the same words and filters), 6 cards per 'Ver más resultados' step, with the
 * place box (`cerca_de`), its radius, «Abierto ahora» and the visitor's point. The page says how
 * the words were read, which ones were set aside, and on an empty answer the engine's suggestion.
 */
import { Icon } from "~/components/icons/icon";
import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/search";
import { categoryLabel } from "~/catalog/categories";
import { industryLabel } from "~/catalog/industries";
import { kindOfPlural, LISTING_KINDS } from "~/catalog/listing-kinds";
import { provinceLabel } from "~/catalog/provinces";
import { ListingCard } from "~/components/directory/listing-card";
import { DirectoryHero } from "~/components/directory/listing-layout";
import { ListingResults } from "~/components/directory/listing-results";
import { OpenNowField, PlaceField, RadiusField, useTidyGetSubmit } from "~/components/directory/near-filters";
import { buttonClass } from "~/components/ui/button";
import { Input, Label, Select } from "~/components/ui/input";
import { enginePages, engineFilters, filtersApply, listingPageData } from "./listing-page.server";
import { countPageView, lastPageShown, shownEntryOf } from "~/server/visibility/impressions.server";
import { directoryPageHeaders } from "./cache-headers";
import { seo } from "~/lib/meta";
import type { NearPoint } from "~/lib/near-query";
import { searchQuerySchema } from "~/schemas/directory";
import { pagesField } from "~/schemas/listing-pages";
import { SEARCH_MAX_LENGTH, SEARCH_TYPES } from "~/schemas/directory-fields";
import { nearPoint, pageQuery } from "~/server/directory/near-point.server";
import type { SearchReading } from "~/server/search/query";
import { CatalogOptions, ProvinceOptions } from "~/components/catalog-options";
import { invalidLinkPage } from "~/lib/error-page";

const SUGGESTIONS = ["ceviche", "café", "mariscos", "abogados", "surf", "spa", "construcción", "sancocho"];

const querySchema = searchQuerySchema.extend({ paginas: pagesField });

/** The page's empty answer: the engine's nearer question, as a link with the same filters. */
type Suggestion = { text: string; reason: string; label: string; href: string };

export async function loader({ request, url }: Route.LoaderArgs) {
  const { params, nearOutside } = pageQuery(url);
  const parsed = querySchema.safeParse(params);
  if (!parsed.success) throw invalidLinkPage(url, parsed.error.issues);
  const { q, tipo, provincia, cursor, paginas, ...filters } = parsed.data;
  const kind = tipo ? kindOfPlural(tipo) : undefined;
  const asked = Boolean(q || kind || provincia || filtersApply(filters));
  const base = {
    q,
    tipo: tipo ?? null,
    provincia: provincia ?? null,
    asked,
    paged: Boolean(cursor) || paginas > 1,
    filters: { place: filters.cerca_de ?? "", radiusKm: filters.radio ?? null, openNow: Boolean(filters.abierto) },
    point: filters.cerca_de ? null : (nearPoint(url, filters.cerca, filters.radio)?.point ?? null),
    near: null as NearPoint | null,
    unknownPlace: null as string | null,
    nearOutside,
    understood: [] as string[],
    setAside: [] as string[],
    suggestion: null as Suggestion | null,
  };
  // A page near a visitor's point or a place is theirs alone, and an open-now list changes by the
  // minute: kept out of search engines by header, not by meta.
  const headers = new Headers(directoryPageHeaders());
  if (filtersApply(filters) || nearOutside) headers.set("X-Robots-Tag", "noindex");
  return listingPageData(
    url,
    base,
    async () => {
      if (!asked) return { items: [], nextCursor: null };
      const { reading, suggestion, near, offset, total, ...page } = await enginePages(
        url,
        { text: q, kind, province: provincia, ...engineFilters(filters) },
        paginas,
        cursor,
      );
      const shown = { question: reading.used.join(" "), entries: page.items.map(shownEntryOf), firstPosition: offset + 1, total };
      countPageView(request, "buscar", lastPageShown(shown, paginas));
      return {
        ...page,
        // A place read from the words ('cerca de Boquete') is taken away by changing the words.
        near: near?.name && !filters.cerca_de ? { ...near, clearHref: null } : near,
        understood: understoodOf(reading, { kind, provincia, place: filters.cerca_de, openNow: filters.abierto }),
        setAside: reading.setAside,
        suggestion: suggestion ? suggestionLink(url, q, suggestion.text, suggestion.reason.es) : null,
      };
    },
    "No se pudo realizar la búsqueda",
    headers,
  );
}

/** What the engine read from the words beyond the form's own filters, as the page names it. */
function understoodOf(reading: SearchReading, asked: { kind?: string; provincia?: string; place?: string; openNow?: boolean }): string[] {
  const out: string[] = [];
  if (reading.category) out.push(categoryLabel(reading.category));
  else if (reading.industry) out.push(industryLabel(reading.industry));
  else if (reading.kind && !asked.kind) out.push(LISTING_KINDS[reading.kind].labelPlural);
  if (reading.province && !asked.provincia) out.push(`En ${provinceLabel(reading.province)}`);
  if (reading.openNow && !asked.openNow) out.push("Abierto ahora");
  if (reading.near?.name && !asked.place) out.push(`Cerca de ${reading.near.name}`);
  return out;
}

/**
 * The engine's suggestion as a link: /buscar with its words and this page's other filters (from the
 * first page). A suggestion with the same words relaxes a filter instead (nothing near the place or
 * point, else nothing open now), so its link leaves that filter out, as the API's does.
 */
function suggestionLink(url: URL, q: string, text: string, reason: string): Suggestion {
  const params = new URLSearchParams(url.search);
  const near = ["cerca", "cerca_de", "radio"];
  const withoutPlace = text === q && near.some((key) => params.get(key));
  const withoutOpen = text === q && !withoutPlace && Boolean(params.get("abierto"));
  for (const key of ["cursor", "paginas", ...(withoutPlace ? near : []), ...(withoutOpen ? ["abierto"] : [])]) params.delete(key);
  params.set("q", text);
  const without = withoutPlace ? "sin el lugar" : withoutOpen ? "sin «Abierto ahora»" : "";
  const label = text ? `Prueba con «${text}»${without ? ` ${without}` : ""}` : `Ver resultados ${without || "sin filtros"}`;
  return { text, reason, label, href: `/buscar?${params}` };
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const meta: Route.MetaFunction = ({ matches, loaderData: d }) =>
  seo(matches, {
    title: d?.q ? `Resultados para «${d.q}»` : "Buscar en el directorio",
    description: "Busca restaurantes y negocios de Panamá por nombre, especialidad, categoría o dirección.",
    path: "/buscar",
    noindex: Boolean(d?.asked),
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
  const onSubmit = useTidyGetSubmit();
  const { q, tipo, provincia, asked, filters, point, near, understood, setAside, suggestion } = loaderData;
  const formKey = `${q}|${tipo}|${provincia}|${filters.place}|${filters.radiusKm}|${filters.openNow}|${point}`;
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
          onSubmit={onSubmit}
          className="mt-8 grid grid-cols-12 items-end gap-3 rounded-card bg-white p-4 text-ink shadow-lift"
        >
          <div className="col-span-12 sm:col-span-6">
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
          <div className="col-span-6 sm:col-span-3">
            <Label htmlFor="buscar-tipo">Tipo</Label>
            <Select id="buscar-tipo" name="tipo" defaultValue={tipo ?? ""}>
              <CatalogOptions items={SEARCH_TYPES} emptyLabel="Todos" />
            </Select>
          </div>
          <div className="col-span-6 sm:col-span-3">
            <Label htmlFor="buscar-provincia">Provincia</Label>
            <Select id="buscar-provincia" name="provincia" defaultValue={provincia ?? ""}>
              <ProvinceOptions emptyLabel="Todas" />
            </Select>
          </div>
          <PlaceField id="buscar-cerca-de" value={filters.place} className="col-span-7 lg:col-span-5" />
          <RadiusField id="buscar-radio" value={filters.radiusKm} className="col-span-5 lg:col-span-2" />
          <OpenNowField id="buscar-abierto" checked={filters.openNow} className="col-span-6 lg:col-span-3" />
          {point ? <input type="hidden" name="cerca" value={point} /> : null}
          <button type="submit" className={buttonClass("primary", "md", "col-span-6 lg:col-span-2")} disabled={searching}>
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
          idle={asked ? null : <Suggestions />}
          note={
            setAside.length ? (
              <p className="-mt-3 mb-4 text-sm text-muted" data-testid="set-aside">
                No se tuvieron en cuenta: {setAside.join(", ")}
              </p>
            ) : null
          }
          summary={q ? <Summary q={q} understood={understood} nearest={Boolean(near)} /> : null}
          moreLabel="Ver más resultados"
          card={(item) => <ListingCard key={`${item.kind}-${item.id}`} item={item} showProvince />}
          empty={{
            title: q ? `Sin resultados para «${q}»` : "Sin resultados con estos filtros",
            text:
              suggestion?.reason ??
              (q
                ? `Prueba con otra palabra${provincia ? `, quita el filtro de ${provinceLabel(provincia)}` : ""} o revisa la ortografía.`
                : "Prueba con menos filtros o con otra provincia."),
            action: (
              <div className="flex flex-wrap justify-center gap-3">
                {suggestion ? (
                  <Link to={suggestion.href} className={buttonClass("primary", "md")}>
                    {suggestion.label}
                  </Link>
                ) : null}
                <Link to="/buscar" className={buttonClass("outline", "md")}>
                  Nueva búsqueda
                </Link>
              </div>
            ),
          }}
        />
      </section>
    </>
  );
}

/** The line above the cards, and what the engine understood from the words (a category, a province…). */
function Summary({ q, understood, nearest }: { q: string; understood: string[]; nearest: boolean }): ReactNode {
  return (
    <div className="mb-6" aria-live="polite">
      <p className="text-muted">{nearest ? `Resultados para «${q}».` : `Resultados para «${q}», los más relevantes primero.`}</p>
      {understood.length ? (
        <p className="mt-2 flex flex-wrap items-center gap-2 text-sm">
          <span className="text-muted">Entendimos:</span>
          {understood.map((u) => (
            <span key={u} className="rounded-full bg-ocean-50 px-3 py-1 font-semibold text-ocean-800 ring-1 ring-ocean-100">
              {u}
            </span>
          ))}
        </p>
      ) : null}
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
