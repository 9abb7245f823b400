import { Icon } from "~/components/icons/icon";
import { Link } from "react-router";
import type { Route } from "./+types/ai-solutions";
import { ASSISTANTS, PREMIUM_PRICE_TEXT } from "~/catalog/marketing";
import { AssistantCard } from "~/components/marketing/assistant-card";
import { PageHero, Section } from "~/components/marketing/section";
import { buttonClass } from "~/components/ui/button";
import { publicPageHeaders } from "~/lib/cache-headers";
import { seo } from "~/lib/meta";

export const headers = publicPageHeaders;

export function loader() {
  // The page's copy reaches the browser as loader data, not as JavaScript to download (decision 017).
  return { content: { ASSISTANTS, PREMIUM_PRICE_TEXT } };
}

export const meta: Route.MetaFunction = ({ matches, loaderData: data }) =>
  seo(matches, {
    title: "Soluciones IA: Roger, Yodda & Sophia y Amy",
    description: `Asistentes de inteligencia artificial para Panamá: Roger, experto en la Ley 384 y derecho de la construcción, y Amy, experta en emprendimiento (premium, ${data?.content.PREMIUM_PRICE_TEXT}); Yodda, guía turística gratis.`,
    path: "/ai-solutions",
  });

export default function AiSolutions({ loaderData }: Route.ComponentProps) {
  const { ASSISTANTS, PREMIUM_PRICE_TEXT } = loaderData.content;
  return (
    <>
      <PageHero
        eyebrow="Soluciones IA"
        title="Asistentes de IA que conocen Panamá"
        intro="Respuestas claras, en español y a cualquier hora: leyes, emprendimiento y turismo, con asistentes entrenados para nuestro país."
      />
      <Section labelledBy="asistentes-title">
        <h2 id="asistentes-title" className="sr-only">
          Nuestros asistentes
        </h2>
        <ul className="grid gap-8 lg:grid-cols-3">
          {ASSISTANTS.map((a) => (
            <li key={a.slug} className="flex" data-testid={`assistant-${a.slug}`}>
              <AssistantCard assistant={a} />
            </li>
          ))}
        </ul>
        <div className="mt-12 grid gap-6 rounded-card bg-ocean-50 p-6 sm:p-8 md:grid-cols-2">
          <div className="flex gap-4">
            <Icon name="lock" aria-hidden className="mt-1 size-6 shrink-0 text-ocean-700" />
            <p className="leading-7 text-ink">
              <strong>Premium:</strong> una suscripción de {PREMIUM_PRICE_TEXT} te da acceso a Roger y a Amy. Puedes cancelar cuando
              quieras.
            </p>
          </div>
          <div className="flex gap-4">
            <Icon name="message-circle" aria-hidden className="mt-1 size-6 shrink-0 text-ocean-700" />
            <p className="leading-7 text-ink">
              ¿Quieres un asistente para tu propio negocio?{" "}
              <Link to="/contact" className="font-semibold text-ocean-700 underline underline-offset-4">
                Escríbenos
              </Link>{" "}
              y creamos uno a tu medida.
            </p>
          </div>
        </div>
        <div className="mt-10 text-center">
          <Link to="/services" className={buttonClass("outline", "lg")}>
            Ver todos los servicios
          </Link>
        </div>
      </Section>
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
