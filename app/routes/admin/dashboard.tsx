import { Icon } from "~/components/icons/icon";
import { Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/dashboard";
import { AdminShell, EmptyState, useCurrentInView } from "~/components/admin/admin-shell";
import { ConfirmStep } from "~/components/confirm-delete";
import { ListingCard, reviewPreview, type AdminListingItem } from "~/components/admin/listing-card";
import { useShowToast } from "~/components/toaster";
import { Button, buttonClass } from "~/components/ui/button";
import { categoryLabel } from "~/catalog/categories";
import { industryLabel } from "~/catalog/industries";
import { KIND_PLURALS, kindOfPlural, LISTING_KINDS, type ListingKind } from "~/catalog/listing-kinds";
import { planLabel } from "~/catalog/plans";
import { provinceLabel } from "~/catalog/provinces";
import { cn } from "~/lib/cn";
import { formatDate } from "~/lib/format";
import { seo } from "~/lib/meta";
import { listFilterSchema } from "~/schemas/admin";
import { waitingForReview, type WaitingForReview } from "~/server/models/review-queues.server";
import { requireAdmin } from "~/server/accounts/guards.server";
import { listAdminListings, type ListingRow } from "~/server/models/admin-listings.server";
import { handleListingAction } from "./listing-actions.server";
import { handleGoogleAction } from "./google-import.server";
import { GoogleImport } from "~/components/admin/google-import";
import { readForm } from "~/server/http/request.server";
import { ListFilter } from "~/components/admin/list-filter";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "Dashboard Admin", description: "Panel de administración.", path: "/admin", noindex: true });

const TABS = [...KIND_PLURALS, "google"] as const;
type Tab = (typeof TABS)[number];

/** A restaurant or a business as its admin card shows it. */
function adminItem(r: ListingRow): AdminListingItem {
  return {
    id: r.id,
    nombre: r.nombre,
    direccion: r.direccion,
    provinciaLabel: provinceLabel(r.provincia),
    etiqueta: "industria" in r ? industryLabel(r.industria) : categoryLabel(r.categoria),
    rating: r.rating,
    is_active: r.is_active,
    is_verified: r.is_verified,
    planLabel: planLabel(r.plan_type),
    planNote: planNote(r),
    planAlert: r.plan_payment_failed_at ? `Renovación fallida el ${formatDate(r.plan_payment_failed_at)}` : null,
    review: reviewPreview(r.customer_reviews),
  };
}

/** Where a paid plan comes from and when it renews or ends; nothing for a free one. */
function planNote(r: ListingRow): string | null {
  if (r.plan_source === "granted") return `${planLabel(r.plan_type)}: otorgado`;
  if (r.plan_source !== "stripe") return null;
  const when = r.plan_renews_at ? ` · ${r.plan_cancel_at_period_end ? "termina" : "renueva"} el ${formatDate(r.plan_renews_at)}` : "";
  return `${planLabel(r.plan_type)}: Stripe${when}`;
}

export async function loader({ request, url }: Route.LoaderArgs) {
  await requireAdmin(request);
  const rawTab = url.searchParams.get("tab");
  // Choosing the free plans tab goes to /admin/free-plans.
  if (rawTab === "planes" || rawTab === "free-plans") throw redirect("/admin/free-plans");
  const tab: Tab = (TABS as readonly string[]).includes(rawTab ?? "") ? (rawTab as Tab) : "restaurantes";
  const filter = listFilterSchema.parse({ q: url.searchParams.get("q"), provincia: url.searchParams.get("provincia") });
  const cursor = url.searchParams.get("cursor");
  let items: AdminListingItem[] = [];
  let nextCursor: string | null = null;
  let loadError: string | null = null;
  if (tab !== "google") {
    try {
      const res = await listAdminListings(kindOfPlural(tab), { ...filter, cursor });
      nextCursor = res.nextCursor;
      items = res.items.map(adminItem);
    } catch (e) {
      console.error("[admin] list:", e);
      loadError = `Error al cargar ${LISTING_KINDS[kindOfPlural(tab)].plural}. Inténtalo de nuevo.`;
    }
  }
  return { tab, filter, cursor: cursor ?? null, items, nextCursor, loadError, waiting: await waitingForReview() };
}

export async function action({ request, url }: Route.ActionArgs) {
  const current = await requireAdmin(request);
  const form = await readForm(request);
  if (String(form.get("intent") ?? "").startsWith("google-")) return handleGoogleAction(form, current);
  return handleListingAction(url, form, current);
}

function tabHref(tab: Tab | "planes", filter?: { q: string; provincia: string | null }) {
  if (tab === "planes") return "/admin/free-plans";
  const p = new URLSearchParams({ tab });
  if (filter?.q) p.set("q", filter.q);
  if (filter?.provincia) p.set("provincia", filter.provincia);
  return `/admin?${p}`;
}

export default function AdminDashboard({ loaderData, actionData }: Route.ComponentProps) {
  const { tab, filter, items, nextCursor, cursor, loadError } = loaderData;
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location?.pathname === "/admin";
  useShowToast(
    (actionData && "toast" in actionData ? actionData.toast : null) ?? (loadError ? { type: "error", title: loadError } : null),
    actionData ?? loadError,
  );
  const confirm = actionData && "confirm" in actionData ? actionData.confirm : null;
  const kind: ListingKind = tab === "google" ? "restaurant" : kindOfPlural(tab);
  const sections = useCurrentInView(tab);
  const tabs = [
    { id: "restaurantes" as const, label: "Restaurantes", icon: "utensils-crossed" as const },
    { id: "negocios" as const, label: "Negocios", icon: "building-2" as const },
    { id: "planes" as const, label: "Planes gratuitos", icon: "gift" as const },
    { id: "google" as const, label: "Búsqueda Google", icon: "search-check" as const },
  ];
  const nextHref = nextCursor
    ? `/admin?${new URLSearchParams({ tab, ...(filter.q ? { q: filter.q } : {}), ...(filter.provincia ? { provincia: filter.provincia } : {}), cursor: nextCursor })}`
    : null;

  return (
    <AdminShell
      title="Dashboard Admin"
      intro="Cura el directorio: activa, edita o elimina restaurantes y negocios, y gestiona planes y miembros."
      actions={
        <>
          <Link to="/admin/restaurant/new" className={buttonClass("primary")}>
            <Icon name="plus" aria-hidden className="size-4" /> Nuevo restaurante
          </Link>
          <Link to="/admin/business/new" className={buttonClass("outline")}>
            <Icon name="plus" aria-hidden className="size-4" /> Nuevo negocio
          </Link>
        </>
      }
    >
      <WaitingNotice waiting={loaderData.waiting} />
      <nav ref={sections} aria-label="Secciones del panel" className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
        <ul className="flex min-w-max gap-2 border-b border-ocean-100 sm:min-w-0">
          {tabs.map(({ id, label, icon }) => {
            const active = id === tab;
            return (
              <li key={id}>
                <Link
                  to={tabHref(id)}
                  aria-current={active ? "page" : undefined}
                  className={cn(
                    "-mb-px inline-flex min-h-11 items-center gap-2 border-b-2 px-3 text-sm font-semibold transition-colors",
                    active ? "border-sun-500 text-ocean-950" : "border-transparent text-muted hover:text-ocean-800",
                  )}
                >
                  <Icon name={icon} aria-hidden className="size-4" /> {label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      {tab === "google" ? (
        <GoogleImport initial={actionData && "google" in actionData ? actionData.google : null} />
      ) : (
        <>
          {confirm && (
            <div className="mt-6">
              <ConfirmStep
                hidden={{ intent: "delete", kind: confirm.kind, id: confirm.id }}
                title={`¿Eliminar ${LISTING_KINDS[confirm.kind].singular}?`}
                description={`Se eliminará «${confirm.nombre}» de forma permanente. Esta acción no se puede deshacer.`}
                cancelTo={tabHref(tab, filter)}
              />
            </div>
          )}
          <ListFilter
            id="admin"
            label="Buscar por nombre o dirección"
            placeholder="Ej.: fonda, Bella Vista"
            filter={filter}
            keep={{ tab }}
            className="mt-6"
          >
            <div className="flex gap-2">
              <Button type="submit" className="flex-1 sm:flex-none">
                <Icon name="search" aria-hidden className="size-4" /> Filtrar
              </Button>
              {(filter.q || filter.provincia) && (
                <Link to={tabHref(tab)} className={buttonClass("ghost")}>
                  Limpiar
                </Link>
              )}
            </div>
          </ListFilter>
          {tab === "restaurantes" && (
            <p className="mt-3 text-sm">
              <Link to="/admin/restaurant/search" className="font-semibold text-ocean-700 underline-offset-4 hover:underline">
                Buscar restaurantes para editar
              </Link>
            </p>
          )}

          <section aria-labelledby="lista-titulo" aria-busy={loading} className={cn("mt-6 transition-opacity", loading && "opacity-60")}>
            {/* The cards' names are h3: this heading keeps the outline whole. */}
            <h2 id="lista-titulo" className="sr-only">
              {LISTING_KINDS[kind].labelPlural}
            </h2>
            {items.length === 0 ? (
              <EmptyState title={`No hay ${LISTING_KINDS[kind].plural} que coincidan.`}>
                {filter.q || filter.provincia
                  ? "Prueba con otro término o provincia."
                  : "Agrega la primera entrada con el botón de arriba."}
              </EmptyState>
            ) : (
              <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
                {items.map((item) => (
                  <li key={item.id} className="flex">
                    <div className="flex w-full">
                      <ListingCard kind={kind} item={item} />
                    </div>
                  </li>
                ))}
              </ul>
            )}
            <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
              {cursor ? (
                <Link to={tabHref(tab, filter)} className={buttonClass("ghost")}>
                  Volver a la primera página
                </Link>
              ) : (
                <span />
              )}
              {nextHref && (
                <Link to={nextHref} className={buttonClass("outline")}>
                  Siguiente página <Icon name="chevron-right" aria-hidden className="size-4" />
                </Link>
              )}
            </div>
          </section>
        </>
      )}
    </AdminShell>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";

/** What waits in the review queues, with a link to each: nothing is decided without an admin. */
function WaitingNotice({ waiting }: { waiting: WaitingForReview }) {
  if (!waiting.requests && !waiting.changes) return null;
  const links = [
    waiting.requests
      ? { to: "/admin/solicitudes", text: `${waiting.requests} ${waiting.requests === 1 ? "solicitud" : "solicitudes"}` }
      : null,
    waiting.changes
      ? { to: "/admin/cambios", text: `${waiting.changes} ${waiting.changes === 1 ? "cambio de un dueño" : "cambios de dueños"}` }
      : null,
  ].filter((l) => l !== null);
  return (
    <p
      role="status"
      className="mb-6 flex flex-wrap items-center gap-x-2 gap-y-1 rounded-xl border border-sun-300 bg-sun-100 px-4 py-3 text-sm text-ocean-950"
    >
      <Icon name="badge-check" aria-hidden className="size-4 shrink-0 text-ocean-700" />
      <span className="font-semibold">Por revisar:</span>
      {links.map((l, i) => (
        <span key={l.to}>
          {i > 0 ? "y " : ""}
          <Link to={l.to} className="font-semibold text-ocean-700 underline underline-offset-2 hover:text-ocean-900">
            {l.text}
          </Link>
        </span>
      ))}
    </p>
  );
}
