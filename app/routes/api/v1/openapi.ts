/** GET /api/v1/openapi.json: the API's OpenAPI 3.1 description. */
import type { Route } from "./+types/openapi";
import { openApiDocument } from "~/server/machine/openapi.server";
import { apiAnswer, apiOptions } from "~/server/machine/public-api.server";

export function loader({ request }: Route.LoaderArgs) {
  return apiAnswer(request, openApiDocument());
}

export function action({ request }: Route.ActionArgs) {
  return apiOptions(request);
}
