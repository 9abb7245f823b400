import type { Route } from "./+types/privacy";
import { PRIVACY } from "~/catalog/legal";
import { LEGAL_PATHS } from "~/catalog/site";
import { LegalPageView } from "~/components/marketing/legal-page";
import { publicPageHeaders } from "~/lib/cache-headers";
import { formatDate } from "~/lib/format";
import { seo } from "~/lib/meta";

export const headers = publicPageHeaders;

export function loader() {
  // The text reaches the browser as loader data, not as JavaScript to download (decision 017).
  return { page: PRIVACY, updatedText: formatDate(`${PRIVACY.updated}T12:00:00Z`) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Política de privacidad",
    description:
      "Qué datos personales guarda Panama VIP IA, para qué y durante cuánto tiempo, quién más los trata (Stripe, correo) y cómo ejercer tus derechos de la Ley 81 de 2019.",
    path: LEGAL_PATHS.privacy,
  });

export default function Privacy({ loaderData }: Route.ComponentProps) {
  return <LegalPageView page={loaderData.page} eyebrow="Privacidad" updatedText={loaderData.updatedText} />;
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
