/** /mi-negocio: the listings the signed-in person runs, and the ways to add one. */
import { Link } from "react-router";
import type { Route } from "./+types/mine";
import { LISTING_KINDS } from "~/catalog/listing-kinds";
import { planLabel } from "~/catalog/plans";
import { provinceLabel } from "~/catalog/provinces";
import { Icon } from "~/components/icons/icon";
import { buttonClass } from "~/components/ui/button";
import { Badge, Card } from "~/components/ui/card";
import { entryPath } from "~/lib/entry-path";
import { seo } from "~/lib/meta";
import { requireUser } from "~/server/accounts/guards.server";
import { formatDate } from "~/lib/format";
import { listOpenClaimsOf, type MyOpenClaim } from "~/server/models/listing-claims.server";
import { listManagedListings, type ManagedListing } from "~/server/models/listing-managers.server";
import { receivesReports } from "~/server/models/visibility-monthly.server";
import { ReportSubscription } from "~/components/owners/report-subscription";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "Mi negocio", description: "Los negocios que administras en el directorio.", path: "/mi-negocio", noindex: true });

export async function loader({ request }: Route.LoaderArgs) {
  const { user } = await requireUser(request, "Inicia sesión para ver tus negocios.");
  const [listings, claims] = await Promise.all([listManagedListings(user.id), listOpenClaimsOf(user.id)]);
  return { listings, claims, receivesReports: listings.length ? await receivesReports(user.id) : null };
}

/** Published, waiting for review, refused, or taken down by an admin. */
function statusOf(l: ManagedListing): { label: string; tone: "green" | "sun" | "red" | "slate" } {
  if (l.review_status === "pending") return { label: "Pendiente de revisión", tone: "sun" };
  if (l.review_status === "refused") return { label: "Rechazado", tone: "red" };
  return l.is_active ? { label: "Publicado", tone: "green" } : { label: "No publicado", tone: "slate" };
}

export default function Mine({ loaderData }: Route.ComponentProps) {
  const { listings, claims, receivesReports } = loaderData;
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-extrabold">Mi negocio</h1>
      <p className="mt-1 text-muted">Mantén al día la ficha de tu negocio en el directorio: horario, contacto, ubicación y más.</p>

      {listings.length ? (
        <ul className="mt-8 grid gap-4">
          {listings.map((l) => {
            const status = statusOf(l);
            const published = l.is_active && !l.review_status;
            return (
              <li key={`${l.kind}:${l.id}`}>
                <Card className="flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:justify-between">
                  <div className="min-w-0">
                    <p className="text-xs font-bold uppercase tracking-wider text-ocean-600">
                      {LISTING_KINDS[l.kind].label} · {provinceLabel(l.provincia)}
                    </p>
                    <h2 className="mt-1 text-xl font-extrabold wrap-anywhere">
                      {published ? (
                        <Link to={entryPath(l.kind, l.slug)} className="hover:underline">
                          {l.nombre}
                        </Link>
                      ) : (
                        l.nombre
                      )}
                    </h2>
                    <div className="mt-2 flex flex-wrap gap-2">
                      <Badge tone={status.tone}>{status.label}</Badge>
                      <Badge tone="ocean">Plan {planLabel(l.plan_type)}</Badge>
                    </div>
                  </div>
                  <div className="flex flex-col gap-2 sm:flex-row">
                    {published ? (
                      <Link to={entryPath(l.kind, l.slug)} className={buttonClass("outline")}>
                        <Icon name="eye" aria-hidden className="size-4" /> Ver ficha<span className="sr-only"> de {l.nombre}</span>
                      </Link>
                    ) : null}
                    <Link to={`/mi-negocio/${LISTING_KINDS[l.kind].singular}/${l.id}/visibilidad`} className={buttonClass("outline")}>
                      <Icon name="search-check" aria-hidden className="size-4" /> Visibilidad<span className="sr-only"> de {l.nombre}</span>
                    </Link>
                    <Link to={`/mi-negocio/${LISTING_KINDS[l.kind].singular}/${l.id}`} className={buttonClass("primary")}>
                      <Icon name="pencil" aria-hidden className="size-4" /> Editar<span className="sr-only"> {l.nombre}</span>
                    </Link>
                  </div>
                </Card>
              </li>
            );
          })}
        </ul>
      ) : (
        <Card className="mt-8 p-6">
          <h2 className="text-lg font-bold">Aún no administras ningún negocio</h2>
          <p className="mt-1 text-muted">Reclama tu ficha si ya está en el directorio, o añade tu negocio si todavía no aparece.</p>
        </Card>
      )}

      {claims.length ? <OpenClaims claims={claims} /> : null}

      {receivesReports === null ? null : <ReportSubscription receives={receivesReports} />}

      <div className="mt-8 grid gap-4 sm:grid-cols-2">
        <Card className="p-6">
          <h2 className="flex items-center gap-2 text-lg font-bold">
            <Icon name="search" aria-hidden className="size-5 text-ocean-600" /> ¿Tu negocio ya está en el directorio?
          </h2>
          <p className="mt-2 text-muted">Búscalo, abre su ficha y pulsa «¿Es tu negocio?» para reclamarla.</p>
          <Link to="/buscar" className={buttonClass("outline", "md", "mt-4")}>
            Buscar mi negocio
          </Link>
        </Card>
        <Card className="p-6">
          <h2 className="flex items-center gap-2 text-lg font-bold">
            <Icon name="plus" aria-hidden className="size-5 text-ocean-600" /> ¿No aparece?
          </h2>
          <p className="mt-2 text-muted">Envíanos sus datos: lo publicamos cuando nuestro equipo lo revise.</p>
          <Link to="/mi-negocio/nuevo" className={buttonClass("outline", "md", "mt-4")}>
            Añadir mi negocio
          </Link>
        </Card>
      </div>
    </div>
  );
}

/** Claims still waiting: a link mailed to the business's domain, or the team's review. */
function OpenClaims({ claims }: { claims: MyOpenClaim[] }) {
  return (
    <section aria-labelledby="solicitudes-en-curso" className="mt-8">
      <h2 id="solicitudes-en-curso" className="text-xl font-extrabold">
        Solicitudes en curso
      </h2>
      <ul className="mt-4 grid gap-3">
        {claims.map((c) => (
          <li key={c.id}>
            <Card className="flex flex-col gap-3 p-5 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className="text-xs font-bold uppercase tracking-wider text-ocean-600">{LISTING_KINDS[c.kind].label}</p>
                <h3 className="mt-1 text-lg font-bold wrap-anywhere">{c.nombre}</h3>
                <p className="mt-1 text-sm text-muted">
                  {c.method === "domain"
                    ? `Te enviamos un enlace a ${c.email}: ábrelo con esta cuenta iniciada para confirmar que administras el negocio.`
                    : `La enviaste el ${formatDate(c.created_at)}; nuestro equipo la revisará y te escribiremos por email.`}
                </p>
              </div>
              <Link to={`/reclamar/${LISTING_KINDS[c.kind].singular}/${c.slug}`} className={buttonClass("outline", "md", "shrink-0")}>
                Ver solicitud<span className="sr-only"> de {c.nombre}</span>
              </Link>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
