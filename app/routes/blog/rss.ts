import { data } from "react-router";

/** Placeholder until the blog work: the feed does not exist yet. */
export function loader() {
  return data("Próximamente", { status: 404 });
}
