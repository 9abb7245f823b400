import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { NotFound } from "~/components/not-found";

/** D16: any unknown path answers 404 with the 'Página no encontrada' page. */
export function loader() {
  return data(null, { status: 404 });
}

export function action() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = () => [{ title: "Página no encontrada | Panama VIP IA" }, { name: "robots", content: "noindex" }];

export default function NotFoundRoute() {
  return <NotFound />;
}
