import { replace } from "react-router";

/**
 * /ai-solutions/roger-chat redirects (replace) to /ai-solutions/roger: a permanent server redirect
 * for documents, and a history *replace* on client navigations.
 */
export function loader() {
  throw replace("/ai-solutions/roger", 301);
}

export default function RogerChat() {
  return null;
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
