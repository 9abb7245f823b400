import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/plans-listing";
import { PaymentAwaiting } from "~/components/billing/payment-awaiting";
import { PlanPicker } from "~/components/owners/plan-picker";
import { PageHero, Section } from "~/components/marketing/section";
import { Button, buttonClass } from "~/components/ui/button";
import { Badge, Card } from "~/components/ui/card";
import { LISTING_KINDS } from "~/catalog/listing-kinds";
import { isPaidPlan, periodLabel, planLabel } from "~/catalog/plans";
import { formatDate } from "~/lib/format";
import { seo } from "~/lib/meta";
import { listingRefOf, planSectionAction, planSectionLoader } from "~/server/billing/listing-plan-pages.server";

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  seo(matches, {
    title: loaderData ? `Plan de ${loaderData.listing.nombre}` : "Plan del negocio",
    description: "El plan Local AI de tu negocio.",
    path: "/mi-negocio",
    noindex: true,
  });

export async function loader({ request, params }: Route.LoaderArgs) {
  return planSectionLoader(request, listingRefOf(params));
}

export async function action({ request, params }: Route.ActionArgs) {
  return planSectionAction(request, listingRefOf(params));
}

const CONFIRMATIONS = {
  confirmed: { tone: "ok", text: "Pago confirmado: tu plan ya está activo." },
  unpaid: { tone: "info", text: "El pago no se completó. Puedes intentarlo de nuevo cuando quieras." },
  failed: { tone: "error", text: "El pago no se pudo completar. No se hizo ningún cargo por este plan." },
  unknown: { tone: "error", text: "No encontramos ese pago para este negocio." },
} as const;

export default function ListingPlan({ loaderData, actionData }: Route.ComponentProps) {
  const { kind, listing, subscription, available, attempt, payment, confirmation } = loaderData;
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  const paid = isPaidPlan(listing.plan_type);
  // A paid plan the team granted: buying replaces it, so the picker starts at it.
  const granted = listing.plan_source === "granted" && isPaidPlan(listing.plan_type) ? listing.plan_type : null;
  // Stripe has not confirmed the payment yet, or could not be asked: the page asks again by itself.
  const awaiting = confirmation === "pending" || confirmation === "unverified";
  const notice = confirmation && !awaiting ? CONFIRMATIONS[confirmation] : payment === "cancelado" ? CONFIRMATIONS.unpaid : null;
  const entryPath = `/${LISTING_KINDS[kind].singular}/${listing.slug}`;
  return (
    <>
      <PageHero
        eyebrow="Mi negocio"
        title={`Plan de ${listing.nombre}`}
        intro="Tu plan Local AI: qué tienes, cuándo renueva y cómo gestionarlo."
      />
      <Section>
        <div className="mx-auto grid max-w-3xl gap-6">
          {awaiting && (
            <PaymentAwaiting
              unverified={confirmation === "unverified"}
              whileChecking="tu plan aparecerá aquí en cuanto se confirme."
              onceConfirmed="activaremos el plan en cuanto lo confirme."
            />
          )}
          {notice && (
            <p
              role="status"
              className={
                notice.tone === "ok"
                  ? "rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-3 font-semibold text-emerald-900"
                  : notice.tone === "error"
                    ? "rounded-xl border border-red-200 bg-red-50 px-4 py-3 font-semibold text-red-800"
                    : "rounded-xl border border-ocean-200 bg-ocean-50 px-4 py-3 font-semibold text-ocean-900"
              }
            >
              {notice.text}
            </p>
          )}
          {actionData?.error && (
            <p role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm font-semibold text-red-800">
              {actionData.error}
            </p>
          )}

          <Card className="p-6" aria-labelledby="plan-actual">
            <h2 id="plan-actual" className="text-xl font-extrabold text-ocean-950">
              Plan actual
            </h2>
            <p className="mt-3 flex flex-wrap items-center gap-2">
              <span className="text-2xl font-extrabold text-ocean-900" data-testid="plan-actual">
                {planLabel(listing.plan_type)}
              </span>
              {listing.plan_source === "stripe" && <Badge tone="green">Pagado con Stripe</Badge>}
              {listing.plan_source === "granted" && <Badge tone="sun">Otorgado por Panama VIP IA</Badge>}
            </p>
            {subscription && listing.plan_source === "stripe" && (
              <p className="mt-2 text-sm text-muted">Periodo: {periodLabel(subscription.period)}</p>
            )}
            {listing.renews_at && (
              <p className="mt-2 text-ocean-950">
                {listing.cancel_at_period_end
                  ? `Cancelado: el plan sigue activo hasta el ${formatDate(listing.renews_at)}; después pasa a Free Local.`
                  : `Se renueva el ${formatDate(listing.renews_at)}.`}
              </p>
            )}
            {listing.payment_failed_at && (
              <p role="alert" className="mt-4 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm font-semibold text-red-800">
                No se pudo cobrar la renovación del plan (intento del {formatDate(listing.payment_failed_at)}). Stripe lo reintentará;
                actualiza tu método de pago en «Gestionar facturación» para no perder el plan.
              </p>
            )}
            {!paid && (
              <p className="mt-2 text-muted">
                Tu negocio aparece en el directorio sin costo. Con un plan pagado, los asistentes de IA lo recomiendan y aparece antes en
                las búsquedas.
              </p>
            )}
            <p className="mt-4 text-sm">
              <Link to={entryPath} className="font-semibold text-ocean-700 underline-offset-4 hover:underline">
                Ver la ficha como la ven los clientes
              </Link>
            </p>
          </Card>

          {subscription ? (
            <Card className="p-6">
              <h2 className="text-xl font-extrabold text-ocean-950">Facturación</h2>
              {subscription.paidByMe ? (
                <Form method="post" className="mt-4">
                  <input type="hidden" name="intent" value="portal" />
                  <p className="text-muted">Facturas, método de pago, cambio de periodo o cancelación, en el portal seguro de Stripe.</p>
                  <Button type="submit" className="mt-4" disabled={sending}>
                    Gestionar facturación
                  </Button>
                </Form>
              ) : (
                <p className="mt-3 text-muted">
                  Este plan lo contrató otra persona que administra el negocio; ella gestiona su facturación.
                </p>
              )}
            </Card>
          ) : listing.in_review ? (
            <Card className="p-6">
              <p className="text-muted">Tu negocio aún está en revisión: podrás contratar un plan cuando lo aprobemos.</p>
            </Card>
          ) : (
            <Card className="p-6">
              <h2 className="text-xl font-extrabold text-ocean-950">{paid ? "Contratar con Stripe" : "Mejorar el plan"}</h2>
              {granted && (
                <p className="mt-2 text-sm text-muted">
                  Si contratas ahora, el plan que pagues reemplaza a {planLabel(granted)}, otorgado por Panama VIP IA: elige{" "}
                  {planLabel(granted)} para conservar lo que tienes.
                </p>
              )}
              <Form method="post" className="mt-4">
                <input type="hidden" name="intent" value="checkout" />
                <input type="hidden" name="attempt" value={attempt} />
                <PlanPicker
                  plan={isPaidPlan(actionData?.fields?.plan) ? actionData.fields.plan : (granted ?? "starter_local")}
                  period="year"
                  available={available}
                />
                <Button type="submit" variant="accent" size="lg" className="mt-6" disabled={sending}>
                  {sending ? "Abriendo el pago…" : "Contratar"}
                </Button>
              </Form>
            </Card>
          )}
          <p>
            <Link to="/mi-negocio" className={buttonClass("ghost")}>
              Volver a Mi negocio
            </Link>
          </p>
        </div>
      </Section>
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
