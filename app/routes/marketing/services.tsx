import { Icon } from "~/components/icons/icon";
import { Link } from "react-router";
import type { Route } from "./+types/services";
import { ADDITIONAL_SERVICES, LOCAL_AI_EXPLAINER, LOCAL_AI_PLANS, SERVICES, VIP_PACKAGE } from "~/catalog/marketing";
import { priceText } from "~/catalog/price";
import { useBookingUrl } from "~/components/marketing/booking";
import { CheckList } from "~/components/marketing/check-list";
import { TitledList } from "~/components/marketing/pair-list";
import { PillarIcon } from "~/components/marketing/pillar-icon";
import { PageHero, Section, SectionHeading } from "~/components/marketing/section";
import { buttonClass } from "~/components/ui/button";
import { Badge } from "~/components/ui/card";
import { publicPageHeaders } from "~/lib/cache-headers";
import { seo } from "~/lib/meta";

export const headers = publicPageHeaders;

export function loader() {
  // The page's copy reaches the browser as loader data, not as JavaScript to download (decision 017).
  return { content: { ADDITIONAL_SERVICES, LOCAL_AI_EXPLAINER, LOCAL_AI_PLANS, SERVICES, VIP_PACKAGE } };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Servicios de Marketing con IA",
    description:
      "Storytelling Marketing, Marketing con Propósito y Visibilidad Local desde $300/mes, planes Local AI Search y el Paquete VIP Completo para negocios de Panamá.",
    path: "/services",
  });

export default function Services({ loaderData }: Route.ComponentProps) {
  const { ADDITIONAL_SERVICES, LOCAL_AI_EXPLAINER, LOCAL_AI_PLANS, SERVICES, VIP_PACKAGE } = loaderData.content;
  const booking = useBookingUrl();
  return (
    <>
      <PageHero
        eyebrow="Servicios"
        title="Servicios de marketing que cuentan tu historia"
        intro="Tres servicios que funcionan solos o juntos, con estrategia humana y herramientas de inteligencia artificial."
      >
        <a href={booking} target="_blank" rel="noopener noreferrer" className={buttonClass("accent", "lg")}>
          Agendar consulta gratuita<span className="sr-only"> (se abre en una pestaña nueva)</span>
          <Icon name="external-link" aria-hidden className="size-4" />
        </a>
      </PageHero>

      <Section labelledBy="servicios-title">
        <h2 id="servicios-title" className="sr-only">
          Nuestros servicios principales
        </h2>
        <ul className="grid gap-8 lg:grid-cols-3">
          {SERVICES.map((s) => (
            <li key={s.key} className="flex">
              <article
                data-testid={`service-${s.key}`}
                className="flex w-full flex-col rounded-card border border-ocean-100 bg-white p-6 shadow-card"
              >
                <PillarIcon kind={s.key} />
                <h3 className="mt-5 text-2xl font-bold">{s.title}</h3>
                <p className="mt-2 leading-7 text-muted">{s.description}</p>
                <p className="mt-4 text-2xl font-extrabold text-ocean-950" data-testid={`service-${s.key}-price`}>
                  {priceText(s.price)}
                </p>
                <h4 className="mt-6 text-sm font-bold uppercase tracking-wider text-ocean-800">Incluye</h4>
                <CheckList items={s.features} className="mt-3" />
                <h4 className="mt-6 text-sm font-bold uppercase tracking-wider text-ocean-800">Sub-servicios</h4>
                <TitledList
                  items={s.subServices.map((sub) => ({ title: sub.title, text: sub.description }))}
                  className="mt-3 space-y-3"
                  itemClassName="rounded-xl bg-ocean-50 p-3"
                  firstClassName="block text-sm font-bold text-ocean-950"
                  secondClassName="block text-sm leading-6 text-muted"
                />
              </article>
            </li>
          ))}
        </ul>
      </Section>

      <Section className="bg-ocean-50" labelledBy="local-ai-title">
        <SectionHeading id="local-ai-title" eyebrow="Nuevo" title={`Planes ${LOCAL_AI_EXPLAINER.title}`} intro={LOCAL_AI_EXPLAINER.body} />
        <ul className="mx-auto mt-10 grid max-w-5xl gap-4 md:grid-cols-3">
          {LOCAL_AI_PLANS.map((p) => (
            <li key={p.slug} data-testid={`services-local-${p.slug}`} className="rounded-card bg-white p-5 shadow-card">
              <div className="flex items-center justify-between gap-2">
                <h3 className="text-lg font-bold">{p.title}</h3>
                {p.popular ? <Badge tone="sun">Más Popular</Badge> : null}
              </div>
              <p className="mt-2 text-2xl font-extrabold text-ocean-950">{priceText(p.yearly)}</p>
              {p.halfYear ? (
                <p className="text-sm text-muted">o {priceText(p.halfYear)}</p>
              ) : (
                <p className="text-sm text-muted">Para siempre</p>
              )}
              <p className="mt-3 text-sm leading-6 text-muted">{p.description}</p>
            </li>
          ))}
        </ul>
        <div className="mt-8 text-center">
          <Link to="/local-ai-pricing" className={buttonClass("primary", "lg")}>
            Ver planes Local AI en detalle <Icon name="arrow-right" aria-hidden className="size-5" />
          </Link>
        </div>
      </Section>

      <Section labelledBy="vip-title">
        <div className="relative overflow-hidden rounded-[2rem] bg-ocean-900 p-8 text-white sm:p-12" data-testid="vip-package">
          <div
            aria-hidden
            className="pointer-events-none absolute inset-0 bg-[radial-gradient(circle_at_90%_10%,rgba(255,187,69,0.25),transparent_45%)]"
          />
          <div className="relative grid gap-10 lg:grid-cols-2">
            <div>
              <p className="inline-flex items-center gap-2 rounded-full bg-sun-400 px-3 py-1 text-sm font-bold text-ocean-950">
                <Icon name="crown" aria-hidden className="size-4" /> Mejor valor
              </p>
              <h2 id="vip-title" className="mt-4 text-3xl font-extrabold text-white sm:text-4xl">
                {VIP_PACKAGE.title}
              </h2>
              <p className="mt-3 text-lg leading-8 text-ocean-100">{VIP_PACKAGE.description}</p>
              <p className="mt-6 flex flex-wrap items-baseline gap-3">
                <span className="text-4xl font-extrabold text-white" data-testid="vip-price">
                  {priceText(VIP_PACKAGE.price)}
                </span>
                <span className="text-lg text-ocean-200">
                  <span className="sr-only">Precio regular: </span>
                  <s data-testid="vip-regular">{priceText(VIP_PACKAGE.regular)}</s>
                </span>
              </p>
              <p
                className="mt-3 inline-flex items-center gap-2 rounded-full bg-emerald-100 px-3 py-1 text-sm font-bold text-emerald-900"
                data-testid="vip-saving"
              >
                <Icon name="badge-percent" aria-hidden className="size-4" /> Ahorras {priceText(VIP_PACKAGE.saving)} al mes
              </p>
            </div>
            <div>
              <h3 className="text-lg font-bold text-white">El paquete incluye</h3>
              <CheckList items={VIP_PACKAGE.includes} className="mt-4 text-ocean-50" inverted />
              <div className="mt-8 flex flex-wrap gap-3">
                <a href={booking} target="_blank" rel="noopener noreferrer" className={buttonClass("accent", "lg")}>
                  Reservar una reunión<span className="sr-only"> (se abre en una pestaña nueva)</span>
                  <Icon name="external-link" aria-hidden className="size-4" />
                </a>
                <Link to="/contact" className={buttonClass("inverse", "lg")}>
                  Pedir información
                </Link>
              </div>
            </div>
          </div>
        </div>
      </Section>

      <Section className="pt-0 sm:pt-0" labelledBy="adicionales-title">
        <SectionHeading
          id="adicionales-title"
          eyebrow="A la medida"
          title="Servicios adicionales"
          intro="Súmalos a cualquier servicio o paquete."
        />
        <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {ADDITIONAL_SERVICES.map((a) => (
            <li key={a.title} className="flex flex-col rounded-card border border-ocean-100 bg-white p-5 shadow-card">
              <span className="grid size-10 place-items-center rounded-xl bg-sun-100 text-sun-700">
                <Icon name="plus" aria-hidden className="size-5" />
              </span>
              <h3 className="mt-4 font-bold">{a.title}</h3>
              <p className="mt-1 text-sm leading-6 text-muted">{a.description}</p>
              <p className="mt-auto pt-4 text-lg font-extrabold text-ocean-950">{priceText(a.price)}</p>
            </li>
          ))}
        </ul>
        <div className="mt-14 flex flex-col items-center gap-3 text-center">
          <p className="text-lg font-semibold text-ocean-950">¿Quieres saber quiénes somos antes de decidir?</p>
          <div className="flex flex-wrap justify-center gap-3">
            <Link to="/about" className={buttonClass("outline", "lg")}>
              Conoce al equipo
            </Link>
            <a href={booking} target="_blank" rel="noopener noreferrer" className={buttonClass("primary", "lg")}>
              Agendar consulta gratuita<span className="sr-only"> (se abre en una pestaña nueva)</span>
              <Icon name="external-link" aria-hidden className="size-4" />
            </a>
          </div>
        </div>
      </Section>
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
