/** GET /api/v1/buscar: the directory search for machines (documented in /api/v1/openapi.json). */
import type { Route } from "./+types/buscar";
import { searchAnswer } from "~/server/machine/api-v1.server";
import { apiOptions } from "~/server/machine/public-api.server";
import { clientIpOf } from "~/server/http/request-context.server";

export function loader({ request, context }: Route.LoaderArgs) {
  return searchAnswer(request, clientIpOf(context));
}

export function action({ request }: Route.ActionArgs) {
  return apiOptions(request);
}
