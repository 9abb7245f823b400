import { Sparkles } from "lucide-react";
import { data, Link } from "react-router";
import type { Route } from "./+types/coming-soon";
import { buttonClass } from "~/components/ui/button";
import { isIndustry } from "~/catalog/industries";
import { seo } from "~/lib/meta";
import { requireAdmin, requireUser } from "~/server/guards.server";

/** Pages that later work fills in. Protected ones already apply their guard (SPEC §6, D1). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const path = new URL(request.url).pathname;
  if (path === "/admin-members") await requireAdmin(request, "/admin");
  else if (path.startsWith("/admin")) await requireAdmin(request);
  else if (["/my-blogs", "/write-blog"].includes(path) || path.startsWith("/edit-blog/")) await requireUser(request);
  if (path.startsWith("/negocios/") && params.industria && !isIndustry(params.industria)) {
    throw data(null, { status: 404 });
  }
  return { path };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  seo(matches, {
    title: "Próximamente",
    description: "Esta sección de Panama VIP IA estará disponible muy pronto.",
    path: loaderData?.path ?? "/",
    noindex: true,
  });

export default function ComingSoon() {
  return (
    <section className="mx-auto flex max-w-2xl flex-1 flex-col items-center justify-center px-4 py-24 text-center">
      <div className="grid size-16 place-items-center rounded-2xl bg-sun-100 text-sun-700">
        <Sparkles aria-hidden className="size-8" />
      </div>
      <h1 className="mt-6 text-3xl font-extrabold">Próximamente</h1>
      <p className="mt-3 text-muted">Estamos preparando esta sección. Vuelve muy pronto.</p>
      <Link to="/" className={buttonClass("primary", "lg", "mt-8")}>
        Volver al inicio
      </Link>
    </section>
  );
}
