/** /ai-solutions/amy and /ai-solutions/roger: one module, the assistant from the URL. */
import type { Route } from "./+types/assistant";
import { PremiumPage } from "~/components/premium/premium-page";
import { seo } from "~/lib/meta";
import { premiumAction, premiumLoader, type PremiumSlug } from "~/server/billing/premium.server";

const slugOf = (url: { pathname: string }): PremiumSlug => (url.pathname.startsWith("/ai-solutions/roger") ? "roger" : "amy");

const PAGES: Record<PremiumSlug, { title: string; description: string }> = {
  amy: {
    title: "Amy, asistente legal para emprendedores (Premium)",
    description:
      "Amy, la asistente con IA experta en emprendimiento: formaliza tu negocio en Panamá. Incluida en la suscripción Premium de $9.99/mes junto con Roger.",
  },
  roger: {
    title: "Roger, experto en la Ley 384 y derecho de la construcción (Premium)",
    description:
      "Roger, el asistente con IA experto en la Ley 384 y en derecho de la construcción en Panamá. Incluido en la suscripción Premium de $9.99/mes junto con Amy.",
  },
};

// No public cache headers: the page differs per account.
export function loader({ request, url }: Route.LoaderArgs) {
  return premiumLoader(request, slugOf(url));
}

export function action({ request, url }: Route.ActionArgs) {
  return premiumAction(request, slugOf(url));
}

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const slug = slugOf(location);
  return seo(matches, { ...PAGES[slug], path: `/ai-solutions/${slug}` });
};

export default function PremiumAssistant({ loaderData, actionData }: Route.ComponentProps) {
  return <PremiumPage {...loaderData} actionResult={actionData} />;
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
