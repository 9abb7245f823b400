/**
 * `/mcp` over Streamable HTTP, stateless (decision 057): the SDK's web-standard handler serves the
 * 2026-07-28 revision (no handshake) and, for 2025-era clients, a fresh stateless server per request
 * after `initialize`. Nothing is kept between requests, so any process can answer any of them.
 *
 * In front of it: DNS-rebinding protection (Host and Origin must name this site or localhost) and
 * the public API's per-IP rate limit.
 */
import { createMcpHandler, validateHostHeader, validateOriginHeader, type McpHttpHandler } from "@modelcontextprotocol/server";
import { getEnv } from "../platform/env.server";
import { createDirectoryMcpServer } from "./mcp-tools.server";
import { limitPublicApi, rateLimitMessage } from "./public-api.server";
import { singleton } from "../platform/singleton.server";
import { log } from "../platform/logger.server";

const LOCALHOST = ["localhost", "127.0.0.1", "[::1]"];

function handler(): McpHttpHandler {
  return singleton("mcp-handler", () =>
    createMcpHandler(() => createDirectoryMcpServer(), {
      onerror: (error) => log.warn(`[mcp] ${error.message}`),
    }),
  );
}

function jsonRpcError(status: number, message: string, headers: Record<string, string> = {}): Response {
  return Response.json(
    { jsonrpc: "2.0", error: { code: -32000, message }, id: null },
    { status, headers: { "Cache-Control": "no-store", ...headers } },
  );
}

/**
 * A browser tricked by DNS rebinding sends a foreign Host (and Origin): only the public origin's
 * host and localhost are served. The host is the one the request URL was built from (Host, or
 * X-Forwarded-Host behind a trusted proxy).
 */
function refusedOrigin(request: Request): Response | null {
  const allowed = [new URL(getEnv().PUBLIC_URL).hostname, ...LOCALHOST];
  const host = validateHostHeader(new URL(request.url).host, allowed);
  if (!host.ok) return jsonRpcError(403, "Host no permitido: este servidor MCP solo atiende a su propio dominio.");
  const origin = validateOriginHeader(request.headers.get("origin"), allowed);
  if (!origin.ok) return jsonRpcError(403, "Origen no permitido.");
  return null;
}

/** Answers one HTTP request to /mcp from `clientIp`. */
export async function serveMcp(request: Request, clientIp: string): Promise<Response> {
  const refused = refusedOrigin(request);
  if (refused) return refused;

  const rate = await limitPublicApi(clientIp);
  if (rate.limited) {
    return jsonRpcError(429, rateLimitMessage(rate.limit, rate.retryAfterSeconds), { "Retry-After": String(rate.retryAfterSeconds) });
  }

  const response = await handler().fetch(request);
  const headers = new Headers(response.headers);
  headers.set("Cache-Control", "no-store");
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
