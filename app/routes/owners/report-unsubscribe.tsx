/**
 * /informes/baja?token=…: the monthly report's unsubscribe link, without signing in (the signed token
 * names the account). Opening it only asks: mail scanners open links on their own, so only the POST
 * of the page's button, or the mail client's one-click POST (RFC 8058, body
 * `List-Unsubscribe=One-Click`), stops the reports. The same page offers to receive them again.
 */
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/report-unsubscribe";
import { Notice, OwnerCard, OwnerFrame } from "~/components/owners/owner-frame";
import { Button, buttonClass } from "~/components/ui/button";
import { errorPage } from "~/lib/error-page";
import { seo } from "~/lib/meta";
import { readForm } from "~/server/http/request.server";
import { receivesReports, setReceivesReports } from "~/server/models/visibility-monthly.server";
import { verifyReportToken } from "~/server/visibility/report-token.server";

/** This page (as app/routes.ts and the mailed link name it). */
const UNSUBSCRIBE_PATH = "/informes/baja";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Informe mensual",
    description: "Deja de recibir el informe mensual de visibilidad de tus negocios, o vuelve a recibirlo.",
    path: UNSUBSCRIBE_PATH,
    noindex: true,
  });

const NO_STORE = { "Cache-Control": "no-store" };

const BAD_LINK = {
  title: "Enlace no válido",
  message:
    "Este enlace para darte de baja del informe mensual no es válido. Copia el enlace completo del correo, o inicia sesión y cambia tu preferencia en «Mi negocio».",
  action: { href: "/mi-negocio", label: "Ir a Mi negocio" },
};
const NO_ACCOUNT = {
  title: "Cuenta no encontrada",
  message: "La cuenta de este enlace ya no existe, así que no recibirá más informes.",
  action: { href: "/", label: "Volver al inicio" },
};

/** The account the link names, or the Spanish 400/404 page. */
async function accountOf(token: string | null): Promise<{ userId: string; receives: boolean }> {
  const userId = verifyReportToken(token);
  if (!userId) throw errorPage(400, BAD_LINK);
  const receives = await receivesReports(userId);
  if (receives === null) throw errorPage(404, NO_ACCOUNT);
  return { userId, receives };
}

export async function loader({ url }: Route.LoaderArgs) {
  const token = url.searchParams.get("token");
  const { receives } = await accountOf(token);
  return data({ token: token as string, receives }, { headers: NO_STORE });
}

export async function action({ request, url }: Route.ActionArgs) {
  const form = await readForm(request, 10_000);
  const fromForm = form.get("token");
  const token = url.searchParams.get("token") ?? (typeof fromForm === "string" ? fromForm : null);
  const { userId } = await accountOf(token);
  const intent = form.get("intent");
  const oneClick = form.get("List-Unsubscribe") === "One-Click";
  if (intent !== "baja" && intent !== "alta" && !oneClick) {
    throw data("Solicitud inválida: falta qué quieres hacer.", { status: 400 });
  }
  const receive = intent === "alta";
  await setReceivesReports(userId, receive);
  return data({ done: receive ? ("alta" as const) : ("baja" as const) }, { headers: NO_STORE });
}

export default function ReportUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { token } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const done = actionData?.done;
  const receives = done ? done === "alta" : loaderData.receives;
  const title =
    done === "baja"
      ? "Listo: ya no recibirás el informe mensual"
      : done === "alta"
        ? "Listo: volverás a recibir el informe mensual"
        : receives
          ? "¿Dejar de recibir el informe mensual?"
          : "Ya no recibes el informe mensual";

  return (
    <OwnerFrame title={title}>
      <OwnerCard>
        {done === "baja" ? (
          <Notice tone="success">
            Te diste de baja: no te enviaremos más informes mensuales de visibilidad. Los demás correos sobre tu cuenta y tus negocios
            siguen llegando.
          </Notice>
        ) : done === "alta" ? (
          <Notice tone="success">Te enviaremos el informe en los primeros días de cada mes.</Notice>
        ) : receives ? (
          <p>
            Cada mes te enviamos por email cuántas veces aparecieron tus negocios en las respuestas del directorio y qué hicieron después
            las personas. Si ya no quieres recibirlo, confírmalo con el botón.
          </p>
        ) : (
          <p>No te enviaremos más informes mensuales de visibilidad. Si cambias de opinión, puedes volver a recibirlos.</p>
        )}
        <div className="flex flex-col gap-3 sm:flex-row">
          <Form method="post" action={`${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`}>
            <input type="hidden" name="token" value={token} />
            <input type="hidden" name="intent" value={receives ? "baja" : "alta"} />
            <Button type="submit" variant={done ? "outline" : "primary"} disabled={busy} className="w-full sm:w-auto">
              {busy ? "Procesando..." : receives ? "Dejar de recibir el informe" : "Volver a recibir el informe"}
            </Button>
          </Form>
          <Link to="/mi-negocio" className={buttonClass(done ? "primary" : "outline")}>
            Ir a Mi negocio
          </Link>
        </div>
      </OwnerCard>
    </OwnerFrame>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
