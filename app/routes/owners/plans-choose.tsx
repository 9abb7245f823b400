import crypto from "node:crypto";
import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/plans-choose";
import { PlanPicker } from "~/components/owners/plan-picker";
import { PageHero, Section } from "~/components/marketing/section";
import { Button, buttonClass } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { LISTING_KINDS } from "~/catalog/listing-kinds";
import { isPaidPlan, planLabel } from "~/catalog/plans";
import { seo } from "~/lib/meta";
import { requireUser } from "~/server/accounts/guards.server";
import { availablePlans } from "~/server/billing/listing-plans.server";
import { chooserAction, planSectionPath } from "~/server/billing/listing-plan-pages.server";
import { listManagedListings } from "~/server/models/listing-managers.server";
import { liveListingSubscription } from "~/server/models/listing-subscriptions.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Contratar un plan Local AI",
    description: "Elige el negocio y el periodo.",
    path: "/mi-negocio/plan",
    noindex: true,
  });

export async function loader({ request, url }: Route.LoaderArgs) {
  const { user } = await requireUser(request);
  const asked = url.searchParams.get("plan");
  const managed = await listManagedListings(user.id);
  const listings = await Promise.all(
    managed.map(async (l) => {
      const ref = { kind: l.kind, listingId: l.id };
      return {
        value: `${l.kind}:${l.id}`,
        kindLabel: LISTING_KINDS[l.kind].label,
        nombre: l.nombre,
        planLabel: planLabel(l.plan_type),
        paid: Boolean(await liveListingSubscription(ref)),
        inReview: Boolean(l.review_status),
        section: planSectionPath(ref),
      };
    }),
  );
  return { plan: isPaidPlan(asked) ? asked : "starter_local", listings, available: availablePlans(), attempt: crypto.randomUUID() };
}

export async function action({ request }: Route.ActionArgs) {
  return chooserAction(request);
}

export default function ChoosePlan({ loaderData, actionData }: Route.ComponentProps) {
  const { plan, listings, available, attempt } = loaderData;
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  const choosable = listings.filter((l) => !l.paid && !l.inReview);
  const kept = actionData?.fields?.listing;
  return (
    <>
      <PageHero
        eyebrow="Planes Local AI"
        title={`Contratar ${planLabel(plan)}`}
        intro="Elige tu negocio y el periodo; pagas de forma segura con Stripe."
      />
      <Section>
        <div className="mx-auto max-w-3xl">
          {listings.length === 0 ? (
            <Card className="p-6">
              <h2 className="text-xl font-extrabold text-ocean-950">Aún no administras ningún negocio</h2>
              <p className="mt-2 text-muted">
                Para contratar un plan, primero reclama tu negocio en el directorio (busca su ficha y pulsa «¿Es tu negocio?») o añádelo si
                todavía no aparece. Cuando lo administres, vuelve aquí para contratar.
              </p>
              <div className="mt-5 flex flex-wrap gap-3">
                <Link to="/mi-negocio/nuevo" className={buttonClass("primary")}>
                  Añadir mi negocio
                </Link>
                <Link to="/buscar" className={buttonClass("outline")}>
                  Buscar mi negocio en el directorio
                </Link>
              </div>
            </Card>
          ) : (
            <Form method="post" className="grid gap-8">
              <input type="hidden" name="attempt" value={attempt} />
              {actionData?.error && (
                <p role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm font-semibold text-red-800">
                  {actionData.error}
                </p>
              )}
              <fieldset>
                <legend className="font-bold text-ocean-950">Negocio</legend>
                <ul className="mt-3 grid gap-3">
                  {listings.map((l) => {
                    const blocked = l.paid || l.inReview;
                    return (
                      <li key={l.value}>
                        <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-ocean-100 bg-white px-4 py-3 has-checked:border-ocean-500 has-checked:ring-2 has-checked:ring-ocean-200 has-disabled:cursor-not-allowed has-disabled:bg-slate-50">
                          <input
                            type="radio"
                            name="listing"
                            value={l.value}
                            disabled={blocked}
                            defaultChecked={kept ? kept === l.value : choosable.length === 1 && !blocked}
                            className="size-5 shrink-0 accent-ocean-700"
                          />
                          <span className="min-w-0">
                            <span className="block font-semibold break-words text-ocean-950">{l.nombre}</span>
                            <span className="block text-sm text-muted">
                              {l.kindLabel} · Plan actual: {l.planLabel}
                            </span>
                            {l.paid && (
                              <span className="block text-sm text-ocean-800">
                                Ya tiene un plan pagado.{" "}
                                <Link to={l.section} className="font-semibold underline">
                                  Ver su plan
                                </Link>
                              </span>
                            )}
                            {l.inReview && (
                              <span className="block text-sm text-ocean-800">En revisión: podrás contratar cuando lo aprobemos.</span>
                            )}
                          </span>
                        </label>
                      </li>
                    );
                  })}
                </ul>
              </fieldset>
              <div>
                <PlanPicker plan={plan} period="year" available={available} />
              </div>
              <div className="flex flex-wrap items-center gap-3">
                <Button type="submit" variant="accent" size="lg" disabled={sending || choosable.length === 0}>
                  {sending ? "Abriendo el pago…" : "Ir al pago"}
                </Button>
                <Link to="/local-ai-pricing" className={buttonClass("ghost")}>
                  Volver a los planes
                </Link>
              </div>
            </Form>
          )}
        </div>
      </Section>
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
