/**
 * What the HTTP server knows about a request and the app needs: the CSP nonce helmet put in the
 * header, and the client's address (X-Forwarded-For only with TRUST_PROXY). server.ts sets it in
 * React Router's per-request context; loaders and actions read it with `context.get`.
 */
import { createContext, RouterContextProvider } from "react-router";
import { singleton } from "./singleton.server";

export type RequestInfo = { cspNonce: string; clientIp: string };

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
