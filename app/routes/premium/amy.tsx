import type { Route } from "./+types/amy";
import { PremiumPage } from "~/components/premium/premium-page";
import { seo } from "~/lib/meta";
import { premiumAction, premiumLoader } from "~/server/premium.server";

// No public cache headers: the page differs per account.
export function loader({ request }: Route.LoaderArgs) {
  return premiumLoader(request, "amy");
}

export function action({ request }: Route.ActionArgs) {
  return premiumAction(request, "amy");
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Amy, asistente legal para emprendedores (Premium)",
    description:
      "Amy, la asistente con IA experta en emprendimiento: formaliza tu negocio en Panamá. Incluida en la suscripción Premium de $9.99/mes junto con Roger.",
    path: "/ai-solutions/amy",
  });

export default function PremiumAmy({ loaderData, actionData }: Route.ComponentProps) {
  return <PremiumPage {...loaderData} actionResult={actionData} />;
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
