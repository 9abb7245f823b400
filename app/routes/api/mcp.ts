/**
 * `/mcp`: the MCP server of Local AI Search, Streamable HTTP without sessions. POST carries the
 * JSON-RPC messages; GET and DELETE get the SDK's answer for a stateless server.
 */
import type { Route } from "./+types/mcp";
import { serveMcp } from "~/server/machine/mcp.server";
import { clientIpOf } from "~/server/http/request-context.server";

export function loader({ request, context }: Route.LoaderArgs) {
  return serveMcp(request, clientIpOf(context));
}

export function action({ request, context }: Route.ActionArgs) {
  return serveMcp(request, clientIpOf(context));
}
