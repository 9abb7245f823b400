import { Icon, type IconName } from "~/components/icons/icon";
import { Link } from "react-router";
import { SITE_NAME } from "~/lib/meta";
import type { ShownError } from "~/lib/error-page";
import { useRequestId } from "~/lib/request-id";
import { buttonClass } from "./ui/button";

const ICON: Record<number, IconName> = { 400: "search-x", 403: "lock", 404: "compass", 503: "clock" };

/**
 * An error page, 404 included: the status, a heading that says what happened, one sentence and one
 * link. It also sets the document's title, which the failed page's own meta cannot.
 */
export function ErrorView({
  status = 404,
  title = "Página no encontrada",
  message = "La página que buscas no existe o fue movida.",
  action = { href: "/", label: "Volver al inicio" },
}: Partial<ShownError>) {
  const requestId = useRequestId();
  return (
    <section className="mx-auto flex max-w-2xl flex-1 flex-col items-center justify-center px-4 py-24 text-center">
      <title>{`${title} | ${SITE_NAME}`}</title>
      <div className="grid size-16 place-items-center rounded-2xl bg-ocean-50 text-ocean-600">
        <Icon name={ICON[status] ?? "compass"} aria-hidden className="size-8" />
      </div>
      <p className="mt-6 text-sm font-bold tracking-widest text-sun-700">{status}</p>
      <h1 className="mt-2 text-3xl font-extrabold sm:text-4xl">{title}</h1>
      <p className="mt-3 text-muted">{message}</p>
      {status >= 500 && requestId ? (
        <p className="mt-3 text-sm text-muted">
          Referencia: <code data-request-id="">{requestId}</code>
        </p>
      ) : null}
      <Link to={action.href} className={buttonClass("primary", "lg", "mt-8")}>
        {action.label}
      </Link>
    </section>
  );
}
