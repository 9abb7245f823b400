/**
 * The 10 restaurant pages /restaurantes-<province>: one module for all of them (route ids
 * `province-<slug>`); the province comes from the URL. Active entries newest first, 6 per page,
 * keyset "Cargar más", and a closing call to action. Open now, a place or the visitor's point list
 * through the search engine instead (nearest first around a place or point).
 */
import type { Route } from "./+types/province";
import { isProvince, PROVINCES, provinceLabel, provincePath, type ProvinceSlug } from "~/catalog/provinces";
import { ListingCard } from "~/components/directory/listing-card";
import { BookingCta } from "~/components/directory/booking-cta";
import { DirectoryHero } from "~/components/directory/listing-layout";
import { ListingResults } from "~/components/directory/listing-results";
import { ClearOpenLink, ListingFilters } from "~/components/directory/near-filters";
import {
  AFTER_PAGE_CURSOR,
  badCursorPage,
  countListing,
  enginePages,
  engineFilters,
  filtersApply,
  listingPageData,
  loadPages,
} from "./listing-page.server";
import { seo } from "~/lib/meta";
import { decodeCursor, provincePageQuerySchema } from "~/schemas/directory";
import { pagesField } from "~/schemas/listing-pages";
import { getEnv } from "~/server/platform/env.server";
import { nearPoint, pageQuery } from "~/server/directory/near-point.server";
import { breadcrumbJsonLd, provinceCrumbs } from "~/server/directory/json-ld.server";
import { listRestaurantsByProvince } from "~/server/models/listings.server";
import { errorPage, invalidLinkPage, PAGE_NOT_FOUND } from "~/lib/error-page";
import type { NearPoint } from "~/lib/near-query";

const querySchema = provincePageQuerySchema.extend({ paginas: pagesField });

function provinceFromPath(pathname: string): ProvinceSlug | null {
  const m = pathname.match(/^\/restaurantes-([a-z-]+)\/?$/);
  return m && isProvince(m[1]!) ? m[1] : null;
}

export async function loader({ request, url }: Route.LoaderArgs) {
  const province = provinceFromPath(url.pathname);
  if (!province) throw errorPage(404, PAGE_NOT_FOUND);
  const { params, nearOutside } = pageQuery(url);
  const query = querySchema.safeParse(params);
  if (!query.success) throw invalidLinkPage(url, query.error.issues);
  const { cursor, paginas, ...filters } = query.data;
  const filtered = filtersApply(filters);
  const keyset = cursor && !filtered ? decodeCursor(cursor) : undefined;
  if (keyset === null) throw badCursorPage(url);
  const env = getEnv();
  const base = {
    province,
    label: provinceLabel(province),
    jsonLd: [breadcrumbJsonLd(env.PUBLIC_URL, provinceCrumbs(province))],
    bookingUrl: env.BOOKING_URL,
    paged: Boolean(cursor) || paginas > 1,
    filtered,
    filters: { place: filters.cerca_de ?? "", radiusKm: filters.radio ?? null, openNow: Boolean(filters.abierto) },
    point: filters.cerca_de ? null : (nearPoint(url, filters.cerca, filters.radio)?.point ?? null),
    near: null as NearPoint | null,
    unknownPlace: null as string | null,
    nearOutside,
  };
  return listingPageData(
    url,
    base,
    async () => {
      if (filtered) {
        const page = await enginePages(url, { text: "", kind: "restaurant", province, ...engineFilters(filters) }, paginas, cursor);
        countListing(request, page.items, page.offset, paginas);
        return page;
      }
      const page = await loadPages(paginas, keyset, decodeCursor, (after) => listRestaurantsByProvince(province, after));
      countListing(request, page.items, keyset ? AFTER_PAGE_CURSOR : 0, paginas);
      return page;
    },
    "No se pudieron cargar los restaurantes",
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const meta: Route.MetaFunction = ({ matches, loaderData: d }) =>
  d
    ? seo(matches, {
        title: `Restaurantes en ${d.label}`,
        description: `Descubre los mejores restaurantes de ${d.label}, Panamá: comida tradicional, mariscos, cafés y más, con teléfono, horario y ubicación.`,
        path: provincePath(d.province),
        noindex: d.paged || d.filtered || d.nearOutside,
        markdown: true,
        jsonLd: d.jsonLd,
      })
    : [];

export default function ProvincePage({ loaderData }: Route.ComponentProps) {
  const { label, province, filters, point } = loaderData;
  return (
    <>
      <DirectoryHero
        eyebrow="Directorio de restaurantes"
        title={`Restaurantes en ${label}`}
        description={`Sabores de ${label} recomendados por la comunidad: encuentra dónde comer, llama o escribe por WhatsApp y llega con un toque.`}
        siblings={PROVINCES.map((p) => ({ to: provincePath(p.slug), label: p.label, current: p.slug === province }))}
      />
      <section className="mx-auto w-full max-w-6xl px-4 py-10 sm:py-14" aria-labelledby="lista-titulo">
        <h2 id="lista-titulo" className="sr-only">
          Restaurantes de {label}
        </h2>
        <div className="mb-6">
          <ListingFilters label={`Filtrar restaurantes de ${label}`} values={filters} point={point} />
        </div>
        <ListingResults
          page={loaderData}
          card={(item) => <ListingCard key={item.id} item={item} />}
          empty={
            filters.openNow
              ? {
                  title: "Ningún restaurante abierto en este momento",
                  text: `No encontramos restaurantes de ${label} abiertos ahora con estos filtros. Vuelve más tarde o quita «Abierto ahora».`,
                  action: <ClearOpenLink />,
                }
              : {
                  title: "Aún no hay restaurantes aquí",
                  text: `Todavía no tenemos restaurantes activos en ${label}. ¿Conoces uno que debería estar? Escríbenos.`,
                }
          }
        />
      </section>
      <BookingCta
        bookingUrl={loaderData.bookingUrl}
        title={`¿Tienes un restaurante en ${label}?`}
        text="Haz que más clientes te encuentren en Google y en los asistentes de IA. Agenda una reunión gratuita con nuestro equipo."
      />
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
