import { data, type LoaderFunctionArgs } from "react-router";
import { isIndustry } from "~/catalog/industries";
import { requireAdmin, requireUser } from "./guards.server";

/** Loader of the placeholder pages: protected ones already apply their guard (SPEC §6, D1). */
export async function comingSoonLoader({ request, params, url }: LoaderFunctionArgs) {
  const path = url.pathname;
  if (path === "/admin-members") await requireAdmin(request, "/admin");
  else if (path.startsWith("/admin")) await requireAdmin(request);
  else if (["/my-blogs", "/write-blog"].includes(path) || path.startsWith("/edit-blog/")) await requireUser(request);
  if (path.startsWith("/negocios/") && params.industria && !isIndustry(params.industria)) {
    throw data(null, { status: 404 });
  }
  return { path };
}
