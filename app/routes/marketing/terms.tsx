import type { Route } from "./+types/terms";
import { TERMS } from "~/catalog/legal";
import { LEGAL_PATHS } from "~/catalog/site";
import { LegalPageView } from "~/components/marketing/legal-page";
import { publicPageHeaders } from "~/lib/cache-headers";
import { formatDate } from "~/lib/format";
import { seo } from "~/lib/meta";

export const headers = publicPageHeaders;

export function loader() {
  // The text reaches the browser as loader data, not as JavaScript to download (decision 017).
  return { page: TERMS, updatedText: formatDate(`${TERMS.updated}T12:00:00Z`) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Términos de uso",
    description:
      "Las reglas para usar Panama VIP IA: tu cuenta, lo que publicas en el blog, el directorio, los asistentes de IA y la suscripción Premium.",
    path: LEGAL_PATHS.terms,
  });

export default function Terms({ loaderData }: Route.ComponentProps) {
  return <LegalPageView page={loaderData.page} eyebrow="Términos" updatedText={loaderData.updatedText} />;
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
