/**
 * The 10 restaurant pages /restaurantes-<province>: one module for all of them (route ids
 * `province-<slug>`); the province comes from the URL. Active entries newest first, 6 per page,
 * keyset "Cargar más", and a closing call to action.
 */
import type { Route } from "./+types/province";
import { isProvince, PROVINCES, provinceLabel, provincePath, type ProvinceSlug } from "~/catalog/provinces";
import { ListingCard } from "~/components/directory/listing-card";
import { BookingCta } from "~/components/directory/booking-cta";
import { DirectoryHero } from "~/components/directory/listing-layout";
import { ListingResults } from "~/components/directory/listing-results";
import { listingPageData, loadPages } from "./listing-page.server";
import { seo } from "~/lib/meta";
import { decodeCursor, listingQuerySchema } from "~/schemas/directory";
import { pagesField } from "~/schemas/listing-pages";
import { getEnv } from "~/server/env.server";
import { nearPoint, pageQuery } from "~/server/near-point.server";
import { breadcrumbJsonLd, provinceCrumbs } from "~/server/json-ld.server";
import { listNearby, listRestaurantsByProvince } from "~/server/models/listings.server";
import { errorPage, invalidLinkPage, PAGE_NOT_FOUND } from "~/lib/error-page";

const querySchema = listingQuerySchema.extend({ paginas: pagesField });

function provinceFromPath(pathname: string): ProvinceSlug | null {
  const m = pathname.match(/^\/restaurantes-([a-z-]+)\/?$/);
  return m && isProvince(m[1]!) ? m[1] : null;
}

export async function loader({ url }: Route.LoaderArgs) {
  const province = provinceFromPath(url.pathname);
  if (!province) throw errorPage(404, PAGE_NOT_FOUND);
  const { params, nearOutside } = pageQuery(url);
  const query = querySchema.safeParse(params);
  if (!query.success) throw invalidLinkPage(url, query.error.issues);
  const { cursor, paginas } = query.data;
  const env = getEnv();
  const base = {
    province,
    label: provinceLabel(province),
    jsonLd: [breadcrumbJsonLd(env.PUBLIC_URL, provinceCrumbs(province))],
    bookingUrl: env.BOOKING_URL,
    paged: Boolean(cursor) || paginas > 1,
    near: nearPoint(url, query.data.cerca, query.data.radio),
    nearOutside,
  };
  const near = base.near;
  return listingPageData(
    base,
    () =>
      near
        ? listNearby("restaurant", near, { provincia: province })
        : loadPages(paginas, cursor, decodeCursor, (after) => listRestaurantsByProvince(province, after)),
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
        noindex: d.paged || Boolean(d.near) || d.nearOutside,
        markdown: true,
        jsonLd: d.jsonLd,
      })
    : [];

export default function ProvincePage({ loaderData }: Route.ComponentProps) {
  const { label, province } = loaderData;
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
        <ListingResults
          page={loaderData}
          card={(item) => <ListingCard key={item.id} item={item} />}
          empty={{
            title: "Aún no hay restaurantes aquí",
            text: `Todavía no tenemos restaurantes activos en ${label}. ¿Conoces uno que debería estar? Escríbenos.`,
          }}
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
