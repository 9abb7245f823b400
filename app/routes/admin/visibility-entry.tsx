/** /admin/visibilidad/:tipo/:id: one entry's visibility as its owner sees it, for the company. */
import { Link } from "react-router";
import type { Route } from "./+types/visibility-entry";
import { KIND_SINGULARS, kindOfSingular, LISTING_KINDS, type KindSingular } from "~/catalog/listing-kinds";
import { planLabel } from "~/catalog/plans";
import { AdminShell } from "~/components/admin/admin-shell";
import { Icon } from "~/components/icons/icon";
import { EntryVisibilityView, longDay, PeriodSwitch } from "~/components/owners/visibility-view";
import { Badge } from "~/components/ui/card";
import { errorPage, PAGE_NOT_FOUND } from "~/lib/error-page";
import { seo } from "~/lib/meta";
import { isUuid } from "~/lib/uuid";
import { requireAdmin } from "~/server/accounts/guards.server";
import { entryVisibilityPage } from "~/server/visibility/entry-view.server";

export const meta: Route.MetaFunction = ({ matches, params, loaderData: d }) =>
  seo(matches, {
    title: d ? `Visibilidad · ${d.nombre}` : "Visibilidad",
    description: "La visibilidad de una ficha.",
    path: `/admin/visibilidad/${params.tipo}/${params.id}`,
    noindex: true,
  });

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  if (!(KIND_SINGULARS as readonly string[]).includes(params.tipo) || !isUuid(params.id)) throw errorPage(404, PAGE_NOT_FOUND);
  const page = await entryVisibilityPage(kindOfSingular(params.tipo as KindSingular), params.id, request);
  if (!page) throw errorPage(404, PAGE_NOT_FOUND);
  return page;
}

export default function AdminEntryVisibility({ loaderData: d }: Route.ComponentProps) {
  const names = LISTING_KINDS[d.kind];
  return (
    <AdminShell
      title={d.nombre}
      intro={`Visibilidad del ${longDay(d.data.from)} al ${longDay(d.data.to)}, como la ve su propietario.`}
      actions={<PeriodSwitch period={d.data.period} base={`/admin/visibilidad/${names.singular}/${d.id}`} />}
    >
      <div className="mb-6 flex flex-wrap items-center gap-3">
        <Link
          to="/admin/visibilidad"
          className="inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-ocean-700 hover:underline"
        >
          <Icon name="arrow-left" aria-hidden className="size-4" /> Todo el directorio
        </Link>
        <Badge tone="ocean">{names.label}</Badge>
        <Badge tone={d.plan === "free_local" ? "slate" : "gold"}>Plan {planLabel(d.plan)}</Badge>
        <Link
          to={`${names.adminPath}/edit/${d.id}`}
          className="inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-ocean-700 hover:underline"
        >
          <Icon name="pencil" aria-hidden className="size-4" /> Editar la ficha
        </Link>
      </div>
      <EntryVisibilityView
        data={d.data}
        segmentLabel={d.segmentLabel}
        provinceLabel={d.provinceLabel}
        emptyHint="Aún no hay nada contado para esta ficha."
      />
    </AdminShell>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
