import { data } from "react-router";

/** Placeholder until the blog work: the writing API does not exist yet. */
export function action() {
  return data({ error: "Próximamente" }, { status: 404 });
}
export function loader() {
  return data({ error: "Método no permitido" }, { status: 405 });
}
