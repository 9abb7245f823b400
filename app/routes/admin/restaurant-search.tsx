import { Icon } from "~/components/icons/icon";
import { Link, useNavigation } from "react-router";
import type { Route } from "./+types/restaurant-search";
import { AdminShell, EmptyState } from "~/components/admin/admin-shell";
import { Button, buttonClass } from "~/components/ui/button";
import { Badge, Card } from "~/components/ui/card";
import { provinceLabel } from "~/catalog/provinces";
import { seo } from "~/lib/meta";
import { listFilterSchema } from "~/schemas/admin";
import { requireAdmin } from "~/server/accounts/guards.server";
import { searchRestaurants } from "~/server/models/admin-listings.server";
import { ListFilter } from "~/components/admin/list-filter";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Buscar restaurantes",
    description: "Buscar restaurantes para editar.",
    path: "/admin/restaurant/search",
    noindex: true,
  });

export async function loader({ request, url }: Route.LoaderArgs) {
  await requireAdmin(request);
  const filter = listFilterSchema.parse({ q: url.searchParams.get("q"), provincia: url.searchParams.get("provincia") });
  const searched = url.searchParams.has("q") || url.searchParams.has("provincia");
  const results = searched ? await searchRestaurants(filter) : [];
  return { filter, searched, results };
}

export default function RestaurantSearch({ loaderData }: Route.ComponentProps) {
  const { filter, searched, results } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "loading" && navigation.location?.pathname === "/admin/restaurant/search";
  return (
    <AdminShell
      title="Buscar restaurantes"
      intro="Busca por nombre o dirección (sin importar mayúsculas ni tildes) y filtra por provincia."
    >
      <ListFilter id="search" label="Nombre o dirección" placeholder="Ej.: marisquería, Casco Antiguo" filter={filter}>
        <Button type="submit" disabled={busy}>
          <Icon name="search" aria-hidden className="size-4" /> {busy ? "Buscando..." : "Buscar"}
        </Button>
      </ListFilter>

      <section aria-label="Resultados" aria-busy={busy} className="mt-6">
        {!searched ? (
          <EmptyState title="Escribe un nombre o una dirección para empezar." />
        ) : results.length === 0 ? (
          <EmptyState title="No se encontraron restaurantes.">Prueba con otro término o provincia.</EmptyState>
        ) : (
          <>
            <p className="mb-3 text-sm text-muted" aria-live="polite">
              {results.length === 1 ? "1 resultado" : `${results.length} resultados`}
              {results.length >= 50 ? " (se muestran los primeros 50; afina la búsqueda)" : ""}
            </p>
            <ul className="grid gap-3">
              {results.map((r) => (
                <li key={r.id}>
                  <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
                    <div className="min-w-0">
                      <p className="flex flex-wrap items-center gap-2 font-bold text-ocean-950">
                        <span className="wrap-anywhere">{r.nombre}</span>
                        {!r.is_active && <Badge tone="slate">Inactivo</Badge>}
                      </p>
                      <p className="mt-0.5 flex items-start gap-1.5 text-sm text-muted">
                        <Icon name="map-pin" aria-hidden className="mt-0.5 size-4 shrink-0" />
                        <span className="wrap-anywhere">
                          {r.direccion} · {provinceLabel(r.provincia)}
                        </span>
                      </p>
                    </div>
                    <Link to={`/admin/restaurant/edit/${r.id}`} className={buttonClass("outline", "md", "shrink-0")}>
                      <Icon name="pencil" aria-hidden className="size-4" /> Editar<span className="sr-only"> {r.nombre}</span>
                    </Link>
                  </Card>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
    </AdminShell>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
