/**
 * /negocios/:industria: active businesses of an industry, newest first, 6 per page, with a province
 * filter applied on the server (load-more keeps the filter). Open now, a place or the visitor's point
 * list through the search engine instead (nearest first around a place or point). Admins also get
 * edit, Activar/Desactivar and delete controls on each card; every action is enforced here.
 */
import { lazy, Suspense } from "react";
import { data } from "react-router";
import type { Route } from "./+types/industry";
import { INDUSTRIES, industryLabel, industryPath, isIndustry } from "~/catalog/industries";
import { isProvince, provinceLabel } from "~/catalog/provinces";
import { ListingCard } from "~/components/directory/listing-card";
import { BookingCta } from "~/components/directory/booking-cta";
import { DirectoryHero } from "~/components/directory/listing-layout";
import { ListingResults } from "~/components/directory/listing-results";
import { ClearOpenLink, ListingFilters } from "~/components/directory/near-filters";
import { useShowToast } from "~/components/toaster";
import { buttonClass } from "~/components/ui/button";
import { Label, Select } from "~/components/ui/input";
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
import type { NearPoint } from "~/lib/near-query";
import { decodeCursor, industryPageQuerySchema, listingAdminActionSchema } from "~/schemas/directory";
import { pagesField } from "~/schemas/listing-pages";
import { getEnv } from "~/server/platform/env.server";
import { nearPoint, pageQuery } from "~/server/directory/near-point.server";
import { breadcrumbJsonLd, industryCrumbs } from "~/server/directory/json-ld.server";
import { submissionOf } from "~/server/http/forms.server";
import { getCurrentUser, requireAdmin } from "~/server/accounts/guards.server";
import { deleteListing, setListingActive } from "~/server/models/listing-admin.server";
import { listBusinessesByIndustry } from "~/server/models/listings.server";
import { readForm } from "~/server/http/request.server";
import { redirectWithToast } from "~/server/http/toast.server";
import { ProvinceOptions } from "~/components/catalog-options";
import { errorPage, invalidLinkPage } from "~/lib/error-page";
import { messageOf } from "~/lib/user-error";

const INDUSTRY_NOT_FOUND = {
  title: "Industria no encontrada",
  message: "No tenemos una sección de negocios con ese nombre.",
  action: { href: "/buscar?tipo=negocios", label: "Buscar negocios" },
};

const querySchema = industryPageQuerySchema.extend({ paginas: pagesField });

export async function loader({ request, params, url }: Route.LoaderArgs) {
  const industria = params.industria;
  if (!isIndustry(industria)) throw errorPage(404, INDUSTRY_NOT_FOUND);
  const { params: queryParams, nearOutside } = pageQuery(url);
  const query = querySchema.safeParse(queryParams);
  if (!query.success) throw invalidLinkPage(url, query.error.issues);
  const { cursor, paginas, provincia, ...filters } = query.data;
  const filtered = filtersApply(filters);
  const keyset = cursor && !filtered ? decodeCursor(cursor) : undefined;
  if (keyset === null) throw badCursorPage(url);
  const current = await getCurrentUser(request);
  const isAdmin = Boolean(current?.profile.is_admin);
  const base = {
    industria,
    label: industryLabel(industria),
    provincia: provincia ?? null,
    isAdmin,
    jsonLd: [breadcrumbJsonLd(getEnv().PUBLIC_URL, industryCrumbs(industria))],
    bookingUrl: getEnv().BOOKING_URL,
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
        const page = await enginePages(
          url,
          { text: "", kind: "business", industry: industria, province: provincia, ...engineFilters(filters) },
          paginas,
          cursor,
        );
        if (!isAdmin) countListing(request, page.items, page.offset, paginas);
        return page;
      }
      const page = await loadPages(paginas, keyset, decodeCursor, (after) =>
        listBusinessesByIndustry(industria, { provincia, cursor: after, includeInactive: isAdmin }),
      );
      // An admin's page lists inactive entries too, to manage them: not the directory's answer.
      if (!isAdmin) countListing(request, page.items, keyset ? AFTER_PAGE_CURSOR : 0, paginas);
      return page;
    },
    "No se pudieron cargar los negocios",
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export async function action({ request, params, url }: Route.ActionArgs) {
  const industria = params.industria;
  if (!isIndustry(industria)) throw data(null, { status: 404 });
  const current = await requireAdmin(request);
  const provincia = url.searchParams.get("provincia");
  const back = `${industryPath(industria)}${provincia && isProvince(provincia) ? `?provincia=${provincia}` : ""}`;
  const submission = submissionOf(await readForm(request), listingAdminActionSchema);
  if (submission.status !== "success") {
    const message = Object.values(submission.error ?? {}).find((e) => e?.length)?.[0] ?? "Solicitud no válida.";
    return data({ toast: { type: "error" as const, title: message } }, { status: 400 });
  }
  const actor = { id: current.user.id, email: current.user.email };
  const input = submission.value;
  if (input.intent === "toggle") {
    try {
      await setListingActive("business", input.id, input.active, actor);
    } catch (error) {
      return redirectWithToast(back, { type: "error", title: `Error al actualizar estado: ${messageOf(error, "directory toggle")}` });
    }
    return redirectWithToast(back, { type: "success", title: "Estado actualizado" });
  }
  try {
    await deleteListing("business", input.id, actor);
  } catch (error) {
    return redirectWithToast(back, { type: "error", title: `Error al eliminar negocio: ${messageOf(error, "directory delete")}` });
  }
  return redirectWithToast(back, { type: "success", title: "Negocio eliminado" });
}

export const meta: Route.MetaFunction = ({ matches, loaderData: d }) =>
  d
    ? seo(matches, {
        title: d.provincia ? `${d.label} en ${provinceLabel(d.provincia)}` : `Negocios de ${d.label} en Panamá`,
        description: `Directorio de negocios de ${d.label.toLowerCase()} en Panamá${d.provincia ? ` (${provinceLabel(d.provincia)})` : ""}: teléfonos, horarios, ubicación y especialidades.`,
        path: industryPath(d.industria),
        noindex: d.paged || Boolean(d.provincia) || d.filtered || d.nearOutside,
        markdown: true,
        jsonLd: d.jsonLd,
      })
    : [];

// Only admins see these controls: loaded when an admin's page needs them, not by every visitor.
const AdminControls = lazy(() => import("~/components/directory/admin-controls"));

export default function IndustryPage({ loaderData, actionData }: Route.ComponentProps) {
  useShowToast(actionData?.toast, actionData);
  const { label, industria, provincia, isAdmin, filters, point } = loaderData;
  const action = `${industryPath(industria)}${provincia ? `?provincia=${provincia}` : ""}`;
  return (
    <>
      <DirectoryHero
        eyebrow="Directorio de negocios"
        title={`Negocios de ${label}`}
        description={`Empresas y profesionales de ${label.toLowerCase()} en todo Panamá. Filtra por provincia y contacta directo por teléfono o WhatsApp.`}
        siblings={INDUSTRIES.map((i) => ({ to: industryPath(i.slug), label: i.label, current: i.slug === industria }))}
      />
      <section className="mx-auto w-full max-w-6xl px-4 py-10 sm:py-14" aria-labelledby="lista-titulo">
        <h2 id="lista-titulo" className="mb-4 text-2xl font-extrabold">
          {provincia ? `${label} en ${provinceLabel(provincia)}` : `${label} en todo Panamá`}
        </h2>
        <div className="mb-6">
          <ListingFilters label={`Filtrar negocios de ${label.toLowerCase()}`} values={filters} point={point}>
            <div className="col-span-2 lg:w-60">
              <Label htmlFor="filtro-provincia">Provincia</Label>
              <Select id="filtro-provincia" name="provincia" defaultValue={provincia ?? ""} key={provincia ?? ""}>
                <ProvinceOptions />
              </Select>
            </div>
          </ListingFilters>
        </div>
        <ListingResults
          page={loaderData}
          card={(item) => (
            <ListingCard key={item.id} item={item} showProvince={!provincia}>
              {isAdmin ? (
                <Suspense fallback={null}>
                  <AdminControls item={item} action={action} />
                </Suspense>
              ) : null}
            </ListingCard>
          )}
          empty={
            filters.openNow
              ? {
                  title: "Ningún negocio abierto en este momento",
                  text: `No encontramos negocios de ${label.toLowerCase()}${provincia ? ` en ${provinceLabel(provincia)}` : ""} abiertos ahora con estos filtros. Vuelve más tarde o quita «Abierto ahora».`,
                  action: <ClearOpenLink />,
                }
              : {
                  title: "No hay negocios con este filtro",
                  text: provincia
                    ? `Aún no tenemos negocios de ${label.toLowerCase()} en ${provinceLabel(provincia)}.`
                    : `Aún no tenemos negocios de ${label.toLowerCase()}.`,
                  action: provincia ? (
                    <a href={industryPath(industria)} className={buttonClass("outline", "md")}>
                      Ver todas las provincias
                    </a>
                  ) : undefined,
                }
          }
        />
      </section>
      <BookingCta
        bookingUrl={loaderData.bookingUrl}
        title="¿Quieres que tu negocio aparezca aquí?"
        text="Te ayudamos a destacar en el directorio, en Google y en los asistentes de IA. Agenda una reunión con nuestro equipo."
      />
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
