import type { Route } from "./+types/auth";
import { getAuth } from "~/server/auth.server";

/** better-auth's own endpoints (e-mail verification links, reset links, its JSON API). */
export function loader({ request }: Route.LoaderArgs) {
  return getAuth().handler(request);
}

export function action({ request }: Route.ActionArgs) {
  return getAuth().handler(request);
}
