import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { ErrorView } from "~/components/error-view";

/** Any unknown path answers 404 with the 'Página no encontrada' page. */
export function loader() {
  return data(null, { status: 404 });
}

export function action() {
  return data(null, { status: 404 });
}

// The title comes from ErrorView.
export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex" }];

export default function NotFoundRoute() {
  return <ErrorView />;
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
