import type { Route } from "./+types/auth";
import { getAuth, withClientIp } from "~/server/auth.server";
import { clientIpOf } from "~/server/request-context.server";

/**
 * better-auth's own endpoints (e-mail verification links, reset links, its JSON API), told the
 * client's address by this server rather than by the client.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  return getAuth().handler(withClientIp(request, clientIpOf(context)));
}

export function action({ request, context }: Route.ActionArgs) {
  return getAuth().handler(withClientIp(request, clientIpOf(context)));
}
