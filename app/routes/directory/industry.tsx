/**
 * /negocios/:industria: active businesses of an industry, newest first, 6 per page, with a province
 * filter applied on the server (load-more keeps the filter). Admins also get edit, Activar/Desactivar
 * and delete controls on each card; every action is enforced here.
 */
import { lazy, Suspense } from "react";
import { data, Form } from "react-router";
import type { Route } from "./+types/industry";
import { INDUSTRIES, industryLabel, industryPath, isIndustry } from "~/catalog/industries";
import { isProvince, provinceLabel } from "~/catalog/provinces";
import { ListingCard } from "~/components/directory/listing-card";
import { BookingCta } from "~/components/directory/booking-cta";
import { DirectoryHero } from "~/components/directory/listing-layout";
import { ListingResults } from "~/components/directory/listing-results";
import { useShowToast } from "~/components/toaster";
import { buttonClass } from "~/components/ui/button";
import { Label, Select } from "~/components/ui/input";
import { listingPageData, loadPages } from "./listing-page.server";
import { seo } from "~/lib/meta";
import { decodeCursor, industryQuerySchema, listingAdminActionSchema } from "~/schemas/directory";
import { pagesField } from "~/schemas/listing-pages";
import { getEnv } from "~/server/env.server";
import { nearPoint, pageQuery } from "~/server/near-point.server";
import { breadcrumbJsonLd, industryCrumbs } from "~/server/json-ld.server";
import { submissionOf } from "~/server/forms.server";
import { getCurrentUser, requireAdmin } from "~/server/guards.server";
import { deleteListing, setListingActive } from "~/server/models/listing-admin.server";
import { listBusinessesByIndustry, listNearby } from "~/server/models/listings.server";
import { readForm } from "~/server/request.server";
import { redirectWithToast } from "~/server/toast.server";
import { ProvinceOptions } from "~/components/catalog-options";
import { errorPage, invalidLinkPage } from "~/lib/error-page";
import { messageOf } from "~/lib/user-error";

const INDUSTRY_NOT_FOUND = {
  title: "Industria no encontrada",
  message: "No tenemos una sección de negocios con ese nombre.",
  action: { href: "/buscar?tipo=negocios", label: "Buscar negocios" },
};

const querySchema = industryQuerySchema.extend({ paginas: pagesField });

export async function loader({ request, params, url }: Route.LoaderArgs) {
  const industria = params.industria;
  if (!isIndustry(industria)) throw errorPage(404, INDUSTRY_NOT_FOUND);
  const { params: queryParams, nearOutside } = pageQuery(url);
  const query = querySchema.safeParse(queryParams);
  if (!query.success) throw invalidLinkPage(url, query.error.issues);
  const { cursor, paginas } = query.data;
  const current = await getCurrentUser(request);
  const isAdmin = Boolean(current?.profile.is_admin);
  const base = {
    industria,
    label: industryLabel(industria),
    provincia: query.data.provincia ?? null,
    isAdmin,
    jsonLd: [breadcrumbJsonLd(getEnv().PUBLIC_URL, industryCrumbs(industria))],
    bookingUrl: getEnv().BOOKING_URL,
    paged: Boolean(cursor) || paginas > 1,
    near: nearPoint(url, query.data.cerca, query.data.radio),
    nearOutside,
  };
  const near = base.near;
  return listingPageData(
    base,
    () =>
      near
        ? listNearby("business", near, { industria, provincia: query.data.provincia })
        : loadPages(paginas, cursor, decodeCursor, (after) =>
            listBusinessesByIndustry(industria, { provincia: query.data.provincia, cursor: after, includeInactive: isAdmin }),
          ),
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
        noindex: d.paged || Boolean(d.provincia) || Boolean(d.near) || d.nearOutside,
        markdown: true,
        jsonLd: d.jsonLd,
      })
    : [];

// Only admins see these controls: loaded when an admin's page needs them, not by every visitor.
const AdminControls = lazy(() => import("~/components/directory/admin-controls"));

export default function IndustryPage({ loaderData, actionData }: Route.ComponentProps) {
  useShowToast(actionData?.toast, actionData);
  const { label, industria, provincia, isAdmin } = loaderData;
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
        <div className="mb-8 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <h2 id="lista-titulo" className="text-2xl font-extrabold">
            {provincia ? `${label} en ${provinceLabel(provincia)}` : `${label} en todo Panamá`}
          </h2>
          <Form method="get" preventScrollReset className="flex items-end gap-2 [&>div]:flex-1 sm:[&>div]:flex-none">
            <div>
              <Label htmlFor="filtro-provincia">Provincia</Label>
              <Select
                id="filtro-provincia"
                name="provincia"
                defaultValue={provincia ?? ""}
                key={provincia ?? ""}
                className="w-full sm:w-56"
              >
                <ProvinceOptions />
              </Select>
            </div>
            <button type="submit" className={buttonClass("primary", "md")}>
              Filtrar
            </button>
          </Form>
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
          empty={{
            title: "No hay negocios con este filtro",
            text: provincia
              ? `Aún no tenemos negocios de ${label.toLowerCase()} en ${provinceLabel(provincia)}.`
              : `Aún no tenemos negocios de ${label.toLowerCase()}.`,
            action: provincia ? (
              <a href={industryPath(industria)} className={buttonClass("outline", "md")}>
                Ver todas las provincias
              </a>
            ) : undefined,
          }}
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
