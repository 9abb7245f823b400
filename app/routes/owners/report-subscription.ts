/**
 * POST /mi-negocio/informe-mensual: the signed-in person stops or resumes their monthly visibility
 * report (the switch on «Mi negocio»; the mail's own link works without signing in).
 */
import { redirect } from "react-router";
import type { Route } from "./+types/report-subscription";
import { requireUser } from "~/server/accounts/guards.server";
import { readForm } from "~/server/http/request.server";
import { redirectWithToast } from "~/server/http/toast.server";
import { setReceivesReports } from "~/server/models/visibility-monthly.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request, "Inicia sesión para ver tus negocios.");
  return redirect("/mi-negocio");
}

export async function action({ request }: Route.ActionArgs) {
  const { user } = await requireUser(request, "Inicia sesión para ver tus negocios.");
  const intent = (await readForm(request, 10_000)).get("intent");
  if (intent !== "baja" && intent !== "alta") {
    return redirectWithToast("/mi-negocio", { type: "error", title: "No entendimos qué quieres hacer con el informe mensual." });
  }
  await setReceivesReports(user.id, intent === "alta");
  return redirectWithToast(
    "/mi-negocio",
    intent === "alta"
      ? { title: "Volverás a recibir el informe mensual", description: "Te lo enviaremos en los primeros días de cada mes." }
      : { title: "Ya no recibirás el informe mensual", description: "Puedes volver a activarlo aquí cuando quieras." },
  );
}
