/** Unknown paths under /api/v1 answer JSON, not the site's HTML 404 page. */
import { unknownPathAnswer } from "~/server/machine/api-v1.server";

export function loader() {
  return unknownPathAnswer();
}

export function action() {
  return unknownPathAnswer();
}
