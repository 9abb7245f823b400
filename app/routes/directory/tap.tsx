/**
 * /ir/{action}/{restaurante|negocio}/{id}: a counted contact link (decision 099). Counts the tap when a
 * person made it (once per visitor and hour) and redirects to the target computed from the listing's
 * stored data; an unknown action, kind or listing, or one without that contact, is the Spanish 404.
 * The call link's ping (POST) is answered in server.ts, ahead of the page stack.
 */
import { data, redirect } from "react-router";
import type { Route } from "./+types/tap";
import { ErrorView } from "~/components/error-view";
import type { ErrorPage } from "~/lib/error-page";
import { clientIpOf } from "~/server/http/request-context.server";
import { countTap, resolveTap, TAP_HEADERS } from "~/server/visibility/taps.server";

const NOT_FOUND: ErrorPage = {
  title: "Enlace no disponible",
  message: "Este enlace de contacto no existe o el negocio ya no está en el directorio.",
  action: { href: "/buscar", label: "Buscar en el directorio" },
};

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const tap = await resolveTap(params.accion, params.tipo, params.id);
  if (!tap) throw data(NOT_FOUND, { status: 404, headers: TAP_HEADERS });
  countTap(tap, { ip: clientIpOf(context), userAgent: request.headers.get("user-agent") ?? undefined });
  throw redirect(tap.target, { status: 302, headers: TAP_HEADERS });
}

export function headers({ errorHeaders, loaderHeaders }: Route.HeadersArgs) {
  return errorHeaders ?? loaderHeaders;
}

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex" }];

// The loader always answers with a redirect or the error page: nothing renders here.
export default function TapRoute() {
  return <ErrorView />;
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
