/**
 * What the HTTP server knows about a request and the app needs: the CSP nonce helmet put in the
 * header, the client's address (X-Forwarded-For only with TRUST_PROXY) and the request id (X-Request-Id). server.ts sets it in
 * React Router's per-request context; loaders and actions read it with `context.get`.
 */
import { createContext, matchRoutes, type RouteObject, RouterContextProvider } from "react-router";
import { singleton } from "../platform/singleton.server";

export type RequestInfo = { cspNonce: string; clientIp: string; requestId?: string };

// One key per process: server.ts (loaded by tsx) and the app's build each hold a copy of this module.
export const requestInfoContext = singleton("request-info-context", () =>
  createContext<RequestInfo>({ cspNonce: "", clientIp: "desconocida" }),
);

export function requestContext(info: RequestInfo): RouterContextProvider {
  return new RouterContextProvider(new Map([[requestInfoContext, info]]));
}

export function clientIpOf(context: Readonly<RouterContextProvider>): string {
  return context.get(requestInfoContext).clientIp;
}

type BuiltRoute = { id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean };

/**
 * The route pattern a path matches in the app's routes (`/directorio/:slug`), for logs and metrics,
 * whose labels must not grow with every listing. Remembered per path (at most `limit` of them, then
 * started over), since matching ranks every route.
 */
export function routePatterns(routes: Record<string, BuiltRoute | undefined>, limit = 2_000): (pathname: string) => string | null {
  const all = Object.values(routes).filter((r): r is BuiltRoute => Boolean(r));
  const nodeOf = (route: BuiltRoute): RouteObject =>
    route.index
      ? { path: route.path, index: true, caseSensitive: route.caseSensitive }
      : { path: route.path, caseSensitive: route.caseSensitive, children: all.filter((r) => r.parentId === route.id).map(nodeOf) };
  const tree = all.filter((r) => !r.parentId).map(nodeOf);
  const known = new Map<string, string | null>();
  return (pathname) => {
    const cached = known.get(pathname);
    if (cached !== undefined) return cached;
    const matches = matchRoutes(tree, pathname);
    const pattern = matches
      ? `/${matches
          .map((m) => m.route.path ?? "")
          .filter(Boolean)
          .join("/")}`.replace(/\/{2,}/g, "/")
      : null;
    if (known.size >= limit) known.clear();
    known.set(pathname, pattern);
    return pattern;
  };
}
