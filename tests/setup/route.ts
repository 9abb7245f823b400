/** Calls a route module's loader/action directly with a real Request, the way React Router does. */
import { type ComponentType, createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { requestContext } from "~/server/http/request-context.server";
import { dropSingleton } from "~/server/platform/singleton.server";

export type RouteResult = { status: number; headers: Headers; data: any; location: string | null };

type Handler = (args: any) => unknown;

function isDataWithInit(v: unknown): v is { type: string; data: unknown; init?: ResponseInit } {
  return typeof v === "object" && v !== null && (v as { type?: string }).type === "DataWithResponseInit";
}

async function normalize(value: unknown): Promise<RouteResult> {
  if (value instanceof Response) {
    const text = value.status >= 300 && value.status < 400 ? "" : await value.text();
    let data: unknown = text;
    try {
      data = text ? JSON.parse(text) : null;
    } catch {
      /* plain text */
    }
    return { status: value.status, headers: value.headers, data, location: value.headers.get("location") };
  }
  if (isDataWithInit(value)) {
    const headers = new Headers(value.init?.headers);
    return { status: value.init?.status ?? 200, headers, data: value.data, location: headers.get("location") };
  }
  return { status: 200, headers: new Headers(), data: value, location: null };
}

/** What React Router does with a thrown value that is not a Response: a 500. */
function thrownError(error: unknown): RouteResult {
  return { status: 500, headers: new Headers(), data: error, location: null };
}

export type RouteOptions = { params?: Record<string, string>; ip?: string };

/** The arguments React Router hands a loader or action for `request`, as if from `ip`. */
export function routeArgs(request: Request, opts: RouteOptions = {}) {
  const url = new URL(request.url);
  const context = requestContext({ cspNonce: "", clientIp: opts.ip ?? "203.0.113.7" });
  return { request, params: opts.params ?? {}, context, url, pattern: url.pathname };
}

/** Runs a loader or action on `request`; what it returns or throws comes back as a RouteResult. */
export async function call(handler: Handler, request: Request, opts: RouteOptions = {}): Promise<RouteResult> {
  try {
    return await normalize(await handler(routeArgs(request, opts)));
  } catch (thrown) {
    if (thrown instanceof Response || isDataWithInit(thrown)) return normalize(thrown);
    return thrownError(thrown);
  }
}

export const ORIGIN = "http://localhost:3000";

/** A POST with form fields (and optional cookies) as a browser would send it. */
export function formRequest(path: string, fields: Record<string, string | string[]>, cookie?: string): Request {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) for (const item of Array.isArray(v) ? v : [v]) body.append(k, item);
  const headers: Record<string, string> = { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN };
  if (cookie) headers.Cookie = cookie;
  return new Request(ORIGIN + path, { method: "POST", body, headers });
}

export function getRequest(path: string, cookie?: string): Request {
  return new Request(ORIGIN + path, { headers: cookie ? { Cookie: cookie } : {} });
}

/** The Cookie header a browser would send back after these Set-Cookie headers. */
export function cookiesFrom(headers: Headers, previous = ""): string {
  const jar = new Map<string, string>();
  for (const part of previous.split(/;\s*/).filter(Boolean)) {
    const i = part.indexOf("=");
    jar.set(part.slice(0, i), part.slice(i + 1));
  }
  for (const c of headers.getSetCookie()) {
    const [pair, ...attrs] = c.split(";");
    const i = pair!.indexOf("=");
    const name = pair!.slice(0, i).trim();
    const value = pair!.slice(i + 1);
    const expired = attrs.some((a) => /max-age=0\b/i.test(a.trim())) || value === "";
    if (expired) jar.delete(name);
    else jar.set(name, value);
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
}

/** Resets the env/auth singletons so a test can change configuration (the db stays). */
export function resetConfig(overrides: Record<string, string | undefined>) {
  for (const [k, v] of Object.entries(overrides)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  for (const key of ["env", "auth", "mail-transport", "stripe"]) dropSingleton(key);
}

/**
 * A page's HTML at `path` for the `loaderData` its loader returned, as the router renders it: the
 * stub hands the data over as hydration data, so the page reads it through its usual props.
 */
export function renderPage(page: ComponentType<never>, path: string, loaderData: unknown): string {
  const Stub = createRoutesStub([{ id: "page", path: new URL(path, ORIGIN).pathname, Component: page as ComponentType }]);
  return renderToString(createElement(Stub, { initialEntries: [path], hydrationData: { loaderData: { page: loaderData } } }));
}
