/**
 * /reclamar/confirmar?token=…: the link mailed to the address at the listing website's domain. Opened
 * signed in as the account that asked, it makes that account a manager of the listing.
 */
import { data, Form, Link } from "react-router";
import type { Route } from "./+types/claim-confirm";
import { Notice, OwnerCard, OwnerFrame } from "~/components/owners/owner-frame";
import { Button, buttonClass } from "~/components/ui/button";
import { entryPath } from "~/lib/entry-path";
import { seo } from "~/lib/meta";
import { confirmDomainClaim } from "~/server/models/listing-claims.server";
import { requireConfirmedUser } from "~/server/owners/guards.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Confirmar negocio",
    description: "Confirma que administras un negocio.",
    path: "/reclamar/confirmar",
    noindex: true,
  });

type Outcome = {
  tone: "success" | "error" | "info";
  title: string;
  message: string;
  links: { href: string; label: string }[];
  /** Offers to sign out (the link is another account's). */
  signOut?: boolean;
};

const SEARCH = { href: "/buscar", label: "Buscar en el directorio" };

export async function loader({ request, url }: Route.LoaderArgs) {
  const { user } = await requireConfirmedUser(request, "/");
  const result = await confirmDomainClaim(url.searchParams.get("token") ?? "", { id: user.id, email: user.email });
  const answer = (status: number, outcome: Outcome) => data({ outcome }, { status, headers: { "Cache-Control": "no-store" } });
  switch (result.status) {
    case "invalid":
      return answer(400, {
        tone: "error",
        title: "Enlace no válido",
        message: "Este enlace no es válido. Copia el enlace completo del correo o pide uno nuevo desde la ficha del negocio.",
        links: [SEARCH],
      });
    case "other-account":
      return answer(403, {
        tone: "error",
        title: "Este enlace es de otra cuenta",
        message: `Lo pidió otra cuenta, no ${user.email}. Cierra sesión e inicia con la cuenta que lo pidió.`,
        links: [],
        signOut: true,
      });
    case "gone":
      return answer(404, {
        tone: "error",
        title: "Negocio no encontrado",
        message: "Este negocio ya no está en el directorio.",
        links: [SEARCH],
      });
    case "expired":
      return answer(410, {
        tone: "error",
        title: "El enlace venció",
        message: `El enlace para «${result.listing.nombre}» ya no vale. Pide uno nuevo.`,
        links: [{ href: `/reclamar${entryPath(result.listing.kind, result.listing.slug)}`, label: "Pedir un enlace nuevo" }],
      });
    case "needs-review":
      return answer(409, {
        tone: "info",
        title: "Necesitamos revisarlo",
        message: `«${result.listing.nombre}» cambió desde que pediste el enlace (ya tiene administradores o cambió su sitio web). Pide la revisión de nuestro equipo.`,
        links: [{ href: `/reclamar${entryPath(result.listing.kind, result.listing.slug)}`, label: "Pedir la revisión" }],
      });
    case "done":
      return answer(200, {
        tone: "success",
        title: result.already ? "Ya administras este negocio" : "¡Listo! Ya administras este negocio",
        message: `Ahora administras «${result.listing.nombre}». Mantén al día su información, horarios y cierres en «Mi negocio».`,
        links: [
          { href: "/mi-negocio", label: "Ir a Mi negocio" },
          { href: entryPath(result.listing.kind, result.listing.slug), label: "Ver la ficha" },
        ],
      });
  }
}

export default function ClaimConfirm({ loaderData }: Route.ComponentProps) {
  const { outcome } = loaderData;
  return (
    <OwnerFrame title={outcome.title}>
      <OwnerCard>
        <Notice tone={outcome.tone}>{outcome.message}</Notice>
        <div className="flex flex-col gap-3 sm:flex-row">
          {outcome.signOut ? (
            <Form method="post" action="/logout">
              <Button type="submit" className="w-full sm:w-auto">
                Cerrar sesión
              </Button>
            </Form>
          ) : null}
          {outcome.links.map((l, i) => (
            <Link key={l.href} to={l.href} className={buttonClass(i === 0 ? "primary" : "outline")}>
              {l.label}
            </Link>
          ))}
        </div>
      </OwnerCard>
    </OwnerFrame>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
