import { Icon, type IconName } from "~/components/icons/icon";
import { Link } from "react-router";
import type { Route } from "./+types/local-ai-pricing";
import { FAQ, LOCAL_AI_EXPLAINER, LOCAL_AI_PLANS, PRICING_NOTES } from "~/catalog/marketing";
import { priceText } from "~/catalog/price";
import { useBookingUrl } from "~/components/marketing/booking";
import { FaqList } from "~/components/marketing/faq-list";
import { PlanCard } from "~/components/marketing/plan-card";
import { PageHero, Section, SectionHeading } from "~/components/marketing/section";
import { buttonClass } from "~/components/ui/button";
import { publicPageHeaders } from "~/lib/cache-headers";
import { seo } from "~/lib/meta";

export const headers = publicPageHeaders;

export function loader() {
  // The page's copy reaches the browser as loader data, not as JavaScript to download (decision 017).
  return { content: { faq: FAQ.filter((f) => f.localAi), LOCAL_AI_EXPLAINER, LOCAL_AI_PLANS, PRICING_NOTES } };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Planes Local AI Search: Free, Starter y Max Local",
    description:
      "Haz que tu negocio aparezca cuando los clientes preguntan a asistentes de IA por WhatsApp. Free Local gratis, Starter Local y Max Local por año o por 6 meses.",
    path: "/local-ai-pricing",
  });

const STEPS = [
  {
    icon: "message-circle" as IconName,
    title: "El cliente pregunta",
    text: "«¿Dónde como buen sancocho en Chitré?» a uno de nuestros asistentes de WhatsApp.",
  },
  {
    icon: "search" as IconName,
    title: "La IA busca en el directorio",
    text: "Los asistentes consultan las fichas verificadas de Panama VIP IA.",
  },
  { icon: "bot" as IconName, title: "Tu negocio aparece", text: "Con tu dirección, horario, teléfono y lo que te hace especial." },
];

export default function LocalAiPricing({ loaderData }: Route.ComponentProps) {
  const { faq, LOCAL_AI_EXPLAINER, LOCAL_AI_PLANS, PRICING_NOTES } = loaderData.content;
  const booking = useBookingUrl();
  return (
    <>
      <PageHero
        eyebrow="Planes Local AI"
        title={`${LOCAL_AI_EXPLAINER.title}: que la IA recomiende tu negocio`}
        intro={LOCAL_AI_EXPLAINER.body}
      />

      <Section labelledBy="como-title" className="pb-8 sm:pb-10">
        <h2 id="como-title" className="text-center text-2xl font-extrabold">
          Cómo funciona
        </h2>
        <ol className="mt-8 grid gap-4 md:grid-cols-3">
          {STEPS.map(({ icon, title, text }, i) => (
            <li key={title} className="flex gap-4 rounded-card border border-ocean-100 bg-white p-5 shadow-card">
              <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-ocean-50 text-ocean-700">
                <Icon name={icon} aria-hidden className="size-5" />
              </span>
              <span>
                <span className="block font-bold text-ocean-950">
                  {i + 1}. {title}
                </span>
                <span className="mt-1 block text-sm leading-6 text-muted">{text}</span>
              </span>
            </li>
          ))}
        </ol>
      </Section>

      <Section labelledBy="planes-title" className="bg-gradient-to-b from-white to-ocean-50 pt-8 sm:pt-10">
        <SectionHeading id="planes-title" title="Elige tu plan" intro="Paga por año y ahorra, o empieza por 6 meses." />
        <ul className="mx-auto mt-14 grid max-w-5xl gap-8 md:grid-cols-3">
          {LOCAL_AI_PLANS.map((p) => (
            <li key={p.slug} className="flex">
              <PlanCard
                testId={`local-plan-${p.slug}`}
                title={p.title}
                price={priceText(p.yearly)}
                priceNote={
                  p.halfYear ? (
                    <span data-testid={`local-plan-${p.slug}-half`}>o {priceText(p.halfYear)}</span>
                  ) : (
                    <span>Sin costo, para siempre</span>
                  )
                }
                description={p.description}
                features={p.features}
                popular={p.popular}
                action={
                  <Link
                    to={p.halfYear ? `/mi-negocio/plan?plan=${p.slug}` : "/mi-negocio"}
                    className={buttonClass(p.popular ? "accent" : "outline", "md", "w-full")}
                    aria-label={`${p.halfYear ? "Contratar" : "Empezar gratis"}: ${p.title}`}
                  >
                    {p.halfYear ? "Contratar" : "Empezar gratis"}
                  </Link>
                }
              />
            </li>
          ))}
        </ul>
        <p className="mt-10 text-center text-sm font-semibold text-ocean-900">{PRICING_NOTES.moneyBack}</p>
      </Section>

      <Section labelledBy="faq-local-title">
        <div className="mx-auto max-w-3xl">
          <h2 id="faq-local-title" className="text-2xl font-extrabold">
            Preguntas frecuentes
          </h2>
          <FaqList items={faq} className="mt-6" />
          <div className="mt-10 flex flex-wrap justify-center gap-3">
            <a href={booking} target="_blank" rel="noopener noreferrer" className={buttonClass("primary", "lg")}>
              Agendar consulta gratuita<span className="sr-only"> (se abre en una pestaña nueva)</span>
            </a>
            <Link to="/services" className={buttonClass("outline", "lg")}>
              Ver todos los servicios <Icon name="arrow-right" aria-hidden className="size-5" />
            </Link>
          </div>
        </div>
      </Section>
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
