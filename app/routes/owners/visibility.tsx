/**
 * /mi-negocio/:tipo/:id/visibilidad: how often the directory's answers showed the manager's listing
 * in the last 30 or 90 days, and what people did next (decision 100). Anyone who does not manage the
 * listing learns nothing of it (requireManager, before it is read), the same answer as for an id
 * that names no listing.
 */
import { Link } from "react-router";
import type { Route } from "./+types/visibility";
import { KIND_SINGULARS, kindOfSingular, LISTING_KINDS, type KindSingular, type ListingKind } from "~/catalog/listing-kinds";
import { Icon } from "~/components/icons/icon";
import { EntryVisibilityView, longDay, PeriodSwitch } from "~/components/owners/visibility-view";
import { buttonClass } from "~/components/ui/button";
import { entryPath } from "~/lib/entry-path";
import { errorPage, PAGE_NOT_FOUND } from "~/lib/error-page";
import { seo } from "~/lib/meta";
import { isUuid } from "~/lib/uuid";
import { requireUser } from "~/server/accounts/guards.server";
import { redirectWithToast } from "~/server/http/toast.server";
import { LISTING_GONE } from "~/server/models/listing-admin.server";
import { OWNER_MESSAGES, requireManager } from "~/server/owners/guards.server";
import { entryVisibilityPage } from "~/server/visibility/entry-view.server";

export const meta: Route.MetaFunction = ({ matches, params, loaderData: d }) =>
  seo(matches, {
    title: d ? `Visibilidad · ${d.nombre}` : "Visibilidad",
    description: "Cuántas veces el directorio mostró tu negocio y qué hicieron después.",
    path: `/mi-negocio/${params.tipo}/${params.id}/visibilidad`,
    noindex: true,
  });

/** The kind the path names (any other word is a 404) and the manager; an id that cannot be a listing's names none. */
async function managerOf(request: Request, params: { tipo: string; id: string }): Promise<ListingKind> {
  if (!(KIND_SINGULARS as readonly string[]).includes(params.tipo)) throw errorPage(404, PAGE_NOT_FOUND);
  const kind = kindOfSingular(params.tipo as KindSingular);
  if (!isUuid(params.id)) {
    await requireUser(request);
    throw await redirectWithToast("/mi-negocio", { type: "error", title: OWNER_MESSAGES.notManager });
  }
  await requireManager(request, kind, params.id);
  return kind;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const kind = await managerOf(request, params);
  const page = await entryVisibilityPage(kind, params.id, request);
  if (!page) throw await redirectWithToast("/mi-negocio", { type: "error", title: LISTING_GONE });
  return page;
}

export default function OwnerVisibilityPage({ loaderData: d }: Route.ComponentProps) {
  const base = `/mi-negocio/${LISTING_KINDS[d.kind].singular}/${d.id}`;
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-10 sm:px-6 sm:py-12">
      <Link to={base} className="inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-ocean-700 hover:underline">
        <Icon name="arrow-left" aria-hidden className="size-4" /> {d.nombre}
      </Link>
      <div className="mt-2 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-extrabold">Visibilidad</h1>
          <p className="mt-1 max-w-2xl text-muted">
            Cuántas veces el directorio mostró <span className="font-semibold text-ink wrap-anywhere">{d.nombre}</span> a personas y
            asistentes de IA, del {longDay(d.data.from)} al {longDay(d.data.to)}, y qué hicieron después. Contamos sin guardar quién
            preguntó.
          </p>
        </div>
        <PeriodSwitch period={d.data.period} base={`${base}/visibilidad`} />
      </div>
      <div className="mt-6">
        <EntryVisibilityView
          data={d.data}
          segmentLabel={d.segmentLabel}
          provinceLabel={d.provinceLabel}
          emptyHint={
            d.live ? (
              <>
                Una ficha completa y al día (horario, especialidades, WhatsApp) sale en más respuestas.{" "}
                <Link to={base} className="font-semibold text-ocean-700 underline">
                  Revisa tu ficha
                </Link>
                .
              </>
            ) : (
              "Tu ficha aún no está publicada: cuando lo esté, aquí verás cada vez que aparezca."
            )
          }
        />
      </div>
      {d.live ? (
        <p className="mt-6">
          <Link to={entryPath(d.kind, d.slug)} className={buttonClass("outline", "md")}>
            <Icon name="eye" aria-hidden className="size-4" /> Ver mi ficha
          </Link>
        </p>
      ) : null}
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
