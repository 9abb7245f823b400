import { Icon } from "~/components/icons/icon";
import { Link } from "react-router";
import type { Route } from "./+types/yodda";
import { ASSISTANTS } from "~/catalog/marketing";
import { AssistantHeader } from "~/components/marketing/assistant-header";
import { ChatFrame } from "~/components/marketing/chat-frame";
import { Section } from "~/components/marketing/section";
import { buttonClass } from "~/components/ui/button";
import { Badge } from "~/components/ui/card";
import { publicPageHeaders } from "~/lib/cache-headers";
import { seo } from "~/lib/meta";
import { getEnv } from "~/server/platform/env.server";

export const headers = publicPageHeaders;

export function loader() {
  // The assistant's copy reaches the browser as loader data, not as JavaScript (decision 017).
  return { chatUrl: getEnv().CHAT_URL_YODDA ?? null, yodda: ASSISTANTS.find((a) => a.slug === "yodda")! };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Yodda, tu guía turística con IA (gratis)",
    description:
      "Conversa gratis con Yodda, la guía turística con inteligencia artificial de Panamá: qué visitar, dónde comer y cómo moverte por las 10 provincias.",
    path: "/ai-solutions/yodda",
  });

export default function Yodda({ loaderData }: Route.ComponentProps) {
  const { yodda } = loaderData;
  return (
    <Section spacing="compact">
      <AssistantHeader
        assistant={yodda}
        badge={
          <Badge tone="green">
            <Icon name="gift" aria-hidden className="size-3.5" /> Gratis
          </Badge>
        }
      />
      <div className="mt-8">
        <ChatFrame
          url={loaderData.chatUrl}
          title="Chat con Yodda, guía turística con IA"
          fallback={
            <div className="flex flex-wrap justify-center gap-3">
              <Link to="/restaurantes-panama" className={buttonClass("primary", "md")}>
                <Icon name="utensils" aria-hidden className="size-4" /> Ver Restaurantes
              </Link>
              <Link to="/contact" className={buttonClass("outline", "md")}>
                Contáctanos
              </Link>
            </div>
          }
        />
      </div>
      <p className="mt-6 flex items-center gap-2 text-sm text-muted">
        <Icon name="map-pin" aria-hidden className="size-4" /> Yodda usa el directorio de restaurantes y negocios de Panama VIP IA para sus
        recomendaciones.
      </p>
    </Section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
