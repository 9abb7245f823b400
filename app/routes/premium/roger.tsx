import type { Route } from "./+types/roger";
import { PremiumPage } from "~/components/premium/premium-page";
import { seo } from "~/lib/meta";
import { premiumAction, premiumLoader } from "~/server/premium.server";

// No public cache headers: the page differs per account.
export function loader({ request }: Route.LoaderArgs) {
  return premiumLoader(request, "roger");
}

export function action({ request }: Route.ActionArgs) {
  return premiumAction(request, "roger");
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Roger, experto en la Ley 384 y derecho de la construcción (Premium)",
    description:
      "Roger, el asistente con IA experto en la Ley 384 y en derecho de la construcción en Panamá. Incluido en la suscripción Premium de $9.99/mes junto con Amy.",
    path: "/ai-solutions/roger",
  });

export default function PremiumRoger({ loaderData, actionData }: Route.ComponentProps) {
  return <PremiumPage {...loaderData} actionResult={actionData} />;
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
