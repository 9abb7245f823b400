/** GET /api/v1/catalogo: provinces, industries, categories and plans with their Spanish labels. */
import type { Route } from "./+types/catalogo";
import { catalogAnswer } from "~/server/machine/api-v1.server";
import { apiOptions } from "~/server/machine/public-api.server";
import { clientIpOf } from "~/server/http/request-context.server";

export function loader({ request, context }: Route.LoaderArgs) {
  return catalogAnswer(request, clientIpOf(context));
}

export function action({ request }: Route.ActionArgs) {
  return apiOptions(request);
}
