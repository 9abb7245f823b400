/** GET /api/v1/restaurantes/{slug} and /api/v1/negocios/{slug}: one active entry, every public field. */
import type { Route } from "./+types/entry";
import { kindOfPath, LISTING_KINDS } from "~/catalog/listing-kinds";
import { entryAnswer } from "~/server/machine/api-v1.server";
import { apiOptions } from "~/server/machine/public-api.server";
import { clientIpOf } from "~/server/http/request-context.server";

export function loader({ request, context, params }: Route.LoaderArgs) {
  const kind = kindOfPath(new URL(request.url).pathname, "/api/v1/") ?? "business";
  return entryAnswer(request, clientIpOf(context), LISTING_KINDS[kind].plural, params.slug);
}

export function action({ request }: Route.ActionArgs) {
  return apiOptions(request);
}
