/**
 * What every response says about its own safety, and the check that keeps other sites from making a
 * visitor's browser change anything here (decision 064).
 *
 * - `everyResponse`, mounted first: a short set on every answer, including /healthz and the
 *   fingerprinted assets (a CSP that allows nothing, HSTS behind HTTPS, nosniff, a Referrer-Policy).
 * - `pages`, mounted after compression: the per-request nonce and the full helmet set, with the
 *   page Content-Security-Policy, on everything the app itself answers (pages, 404s, errors, the API,
 *   /mcp, public files). It replaces the short set's values.
 * - `sameOriginWrites`: a state-changing request that a browser sent from another site is refused.
 */
import crypto from "node:crypto";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import helmet, { type HelmetOptions } from "helmet";
import type { Env } from "../platform/env.server";

function originOf(url: string | undefined | null): string | null {
  if (!url) return null;
  try {
    const origin = new URL(url).origin;
    return origin === "null" ? null : origin;
  } catch {
    return null;
  }
}

/** The chat widget may talk to its own host over WebSocket as well as HTTP. */
function socketOriginOf(origin: string): string {
  return origin.replace(/^http/, "ws");
}

/** The page policy's directives, minus the nonce (added per response by `pages` below). */
export function pageCspDirectives(env: Env) {
  const chatOrigins = [env.CHAT_URL_AMY, env.CHAT_URL_ROGER, env.CHAT_URL_YODDA].map(originOf).filter((o): o is string => Boolean(o));
  const widget = originOf(env.CHAT_WIDGET_SRC);
  const widgetSources = widget ? [widget] : [];
  const stripeApiOrigin = originOf(env.STRIPE_API_BASE);
  const frames = [...new Set([...chatOrigins, ...widgetSources])];
  return {
    "default-src": ["'self'"],
    // Nothing here needs <base>, <object> or to be framed (our own pages frame only the chats).
    "base-uri": ["'none'"],
    "object-src": ["'none'"],
    "frame-ancestors": ["'none'"],
    "script-src": ["'self'", ...widgetSources],
    "style-src": ["'self'", "'unsafe-inline'", ...widgetSources],
    // Blog articles show images from other sites (decision 033).
    "img-src": ["'self'", "data:", "https:", ...widgetSources],
    "font-src": ["'self'", "data:", ...widgetSources],
    "connect-src": ["'self'", ...widgetSources, ...widgetSources.map(socketOriginOf)],
    // Only the configured chats: Stripe is never framed (Checkout and the Portal are whole pages).
    "frame-src": frames.length ? frames : ["'none'"],
    // A form may end at Stripe's Checkout or Portal (and, in tests, the fake Stripe of STRIPE_API_BASE):
    // browsers apply form-action to the redirect that follows the POST.
    "form-action": ["'self'", "https://checkout.stripe.com", "https://billing.stripe.com", ...(stripeApiOrigin ? [stripeApiOrigin] : [])],
  };
}

const TWO_YEARS = 2 * 365 * 24 * 60 * 60;

export function securityHeaders(env: Env) {
  const production = env.NODE_ENV === "production";
  const https = env.PUBLIC_URL.startsWith("https://");
  const strictTransportSecurity: HelmetOptions["strictTransportSecurity"] = https ? { maxAge: TWO_YEARS, includeSubDomains: true } : false;
  // With no-referrer, browsers send `Origin: null` on plain form posts (decision 013); same-origin
  // still tells other sites nothing.
  const referrerPolicy: HelmetOptions["referrerPolicy"] = { policy: "same-origin" };

  // Scripts, styles, fonts and the sprite need no more: a policy that allows nothing covers a file
  // opened on its own, at a few dozen bytes per asset.
  const everyResponse = helmet({
    contentSecurityPolicy: production
      ? {
          useDefaults: false,
          directives: { "default-src": ["'none'"], "base-uri": ["'none'"], "frame-ancestors": ["'none'"], "form-action": ["'none'"] },
        }
      : false,
    strictTransportSecurity,
    xContentTypeOptions: true,
    referrerPolicy,
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    crossOriginResourcePolicy: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xFrameOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });

  const nonce: RequestHandler = (_req, res, next) => {
    // 122 random bits from the CSPRNG; randomUUID draws from a buffered pool, randomBytes(16) made a
    // system call per request.
    res.locals.cspNonce = crypto.randomUUID().replaceAll("-", "");
    next();
  };
  const directives = pageCspDirectives(env);
  const full = helmet({
    // Development keeps no policy: Vite's client and React Refresh inject scripts of their own.
    contentSecurityPolicy: production
      ? {
          useDefaults: false,
          directives: {
            ...directives,
            "script-src": [...directives["script-src"], (_req, res) => `'nonce-${(res as Response).locals.cspNonce}'`],
            "upgrade-insecure-requests": https ? [] : null,
          },
        }
      : false,
    // Articles and listings show images from other sites, which do not opt in to being embedded.
    crossOriginEmbedderPolicy: false,
    referrerPolicy,
    strictTransportSecurity,
    xFrameOptions: { action: "deny" },
  });
  const pages: RequestHandler[] = [nonce, full];

  return { everyResponse, pages, sameOriginWrites: sameOriginWrites(env) };
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Whether a state-changing request came from a page of another site, by the headers browsers set and
 * pages cannot: `Sec-Fetch-Site` when sent (every current browser), else `Origin`. A request with
 * neither is not a browser's (curl, MCP and API clients, Stripe's webhook) and passes: those
 * authenticate by token or signature, and a session cookie is SameSite=Lax besides.
 */
export function crossSiteWrite(req: Request, publicOrigin: string): boolean {
  if (SAFE_METHODS.has(req.method)) return false;
  const site = req.get("sec-fetch-site");
  // "none": the person's own doing (a bookmark, the address bar), never another page's.
  if (site) return site !== "same-origin" && site !== "none";
  const origin = req.get("origin");
  if (origin === undefined) return false;
  // "null" comes from sandboxed frames, data: URLs and cross-site redirects: never from our pages.
  if (origin === "null") return true;
  try {
    const url = new URL(origin);
    // req.host keeps the port and, behind TRUST_PROXY, is the proxy's X-Forwarded-Host.
    return url.origin !== publicOrigin && url.host !== req.host;
  } catch {
    return true;
  }
}

function sameOriginWrites(env: Env): RequestHandler {
  const publicOrigin = new URL(env.PUBLIC_URL).origin;
  return (req: Request, res: Response, next: NextFunction) => {
    if (!crossSiteWrite(req, publicOrigin)) return next();
    res
      .status(403)
      .set("Cache-Control", "no-store")
      .type("text/plain; charset=utf-8")
      .send("Solicitud rechazada: los cambios solo se aceptan desde las páginas de este sitio.");
  };
}
