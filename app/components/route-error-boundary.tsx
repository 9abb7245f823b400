import { useRouteError } from "react-router";
import { errorPageOf } from "~/lib/error-page";
import { ErrorView } from "./error-view";

/**
 * Every page's error boundary (re-exported as `ErrorBoundary` by each route module and by root):
 * a failure in one section renders inside the site's header and footer, with its status, a Spanish
 * sentence and the link that helps. Only in development does it show the error's own text.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  return <ErrorView {...errorPageOf(error, import.meta.env.DEV && error instanceof Error ? error.message : undefined)} />;
}
