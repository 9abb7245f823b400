import { Icon } from "~/components/icons/icon";
import { Link } from "react-router";
import { buttonClass } from "./ui/button";

/** D16: the 404 page. */
export function NotFound({
  title = "Página no encontrada",
  message = "La página que buscas no existe o fue movida.",
  backTo = "/",
  backLabel = "Volver al inicio",
}: {
  title?: string;
  message?: string;
  backTo?: string;
  backLabel?: string;
}) {
  return (
    <section className="mx-auto flex max-w-2xl flex-1 flex-col items-center justify-center px-4 py-24 text-center">
      <div className="grid size-16 place-items-center rounded-2xl bg-ocean-50 text-ocean-600">
        <Icon name="compass" aria-hidden className="size-8" />
      </div>
      <p className="mt-6 text-sm font-bold tracking-widest text-sun-600">404</p>
      <h1 className="mt-2 text-3xl font-extrabold sm:text-4xl">{title}</h1>
      <p className="mt-3 text-muted">{message}</p>
      <Link to={backTo} className={buttonClass("primary", "lg", "mt-8")}>
        {backLabel}
      </Link>
    </section>
  );
}
