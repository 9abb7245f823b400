import { Icon } from "~/components/icons/icon";
import { Link, type MetaFunction } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { seo } from "~/lib/meta";

/** Shared placeholder for pages that later work fills in ('Próximamente'). */
export const comingSoonMeta: MetaFunction = ({ matches, loaderData: data }) =>
  seo(matches, {
    title: "Próximamente",
    description: "Esta sección de Panama VIP IA estará disponible muy pronto.",
    path: (data as { path?: string } | undefined)?.path ?? "/",
    noindex: true,
  });

export function ComingSoon() {
  return (
    <section className="mx-auto flex max-w-2xl flex-1 flex-col items-center justify-center px-4 py-24 text-center">
      <div className="grid size-16 place-items-center rounded-2xl bg-sun-100 text-sun-700">
        <Icon name="sparkles" aria-hidden className="size-8" />
      </div>
      <h1 className="mt-6 text-3xl font-extrabold">Próximamente</h1>
      <p className="mt-3 text-muted">Estamos preparando esta sección. Vuelve muy pronto.</p>
      <Link to="/" className={buttonClass("primary", "lg", "mt-8")}>
        Volver al inicio
      </Link>
    </section>
  );
}
