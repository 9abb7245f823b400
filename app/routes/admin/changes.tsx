/**
 * /admin/cambios: managers' changes to name, category or industry, and province, waiting for an
 * admin. Approving applies the change (a new name renames the page, the old address answers 301);
 * refusing leaves the listing as it is. Refusing asks first, with an optional reason for the mail (a
 * `?rechazar=` step, so it works without JavaScript), as in /admin/solicitudes. The managers are
 * mailed either way.
 */
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/changes";
import { LISTING_KINDS } from "~/catalog/listing-kinds";
import { AdminShell } from "~/components/admin/admin-shell";
import { Icon } from "~/components/icons/icon";
import { useShowToast } from "~/components/toaster";
import { RefusalFields } from "~/components/admin/refusal-fields";
import { Button, buttonClass } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { EmptyState } from "~/components/ui/empty-state";
import { entryPath } from "~/lib/entry-path";
import { formatDateTime } from "~/lib/format";
import { seo } from "~/lib/meta";
import { changeDecisionSchema, REVIEWED_LABELS, reviewedValueLabel, type ReviewedField } from "~/schemas/owner-listing";
import { requireAdmin } from "~/server/accounts/guards.server";
import { parseSubmission } from "~/server/http/forms.server";
import { redirectWithToast } from "~/server/http/toast.server";
import { decideChange, listPendingChanges } from "~/server/models/listing-change-requests.server";
import { LISTING_GONE, ListingNotFoundError } from "~/server/models/listing-admin.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Cambios de propietarios",
    description: "Cambios que piden los propietarios.",
    path: "/admin/cambios",
    noindex: true,
  });

const PATH = "/admin/cambios";

export async function loader({ request, url }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { items: await listPendingChanges(), refusing: url.searchParams.get("rechazar") };
}

const ALREADY = { approved: "Esta solicitud ya estaba aprobada.", refused: "Esta solicitud ya estaba rechazada." } as const;

export async function action({ request }: Route.ActionArgs) {
  const { user } = await requireAdmin(request);
  const submission = await parseSubmission(request, changeDecisionSchema);
  if (submission.status !== "success") return data({ toast: { type: "error" as const, title: "Solicitud inválida" } }, { status: 400 });
  const { id, decision, reason } = submission.value;
  try {
    const result = await decideChange(id, decision, { id: user.id, email: user.email }, reason);
    if (result.status === "missing") return data({ toast: { type: "error" as const, title: "La solicitud no existe." } }, { status: 404 });
    if (result.status === "already") return redirectWithToast("/admin/cambios", { type: "info", title: ALREADY[result.previous] });
    return redirectWithToast("/admin/cambios", {
      type: "success",
      title: decision === "approve" ? "Cambio aprobado" : "Cambio rechazado",
      description:
        decision === "approve" ? `«${result.nombre}» ya muestra el cambio. Avisamos al propietario.` : "Avisamos al propietario.",
    });
  } catch (e) {
    if (e instanceof ListingNotFoundError) return data({ toast: { type: "error" as const, title: LISTING_GONE } }, { status: 404 });
    throw e;
  }
}

export default function Changes({ loaderData, actionData }: Route.ComponentProps) {
  const { items, refusing } = loaderData;
  useShowToast(actionData?.toast ?? null, actionData);
  const navigation = useNavigation();
  const busyId = navigation.state === "submitting" ? navigation.formData?.get("id") : null;
  return (
    <AdminShell title="Cambios de propietarios" intro="Nombre, categoría, industria o provincia que un propietario quiere cambiar.">
      {items.length === 0 ? (
        <EmptyState
          title="No hay cambios pendientes"
          text="Cuando un propietario pida cambiar el nombre, la categoría o la provincia de su ficha, aparecerá aquí."
        />
      ) : (
        <ul className="grid gap-4">
          {items.map((item) => (
            <li key={item.id} id={`cambio-${item.id}`} data-testid="change-request" className="scroll-mt-24">
              <Card className="p-5">
                <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
                  <div className="min-w-0">
                    <p className="text-xs font-bold uppercase tracking-wider text-ocean-600">{LISTING_KINDS[item.kind].label}</p>
                    <h2 className="text-lg font-bold wrap-anywhere">
                      <Link to={entryPath(item.kind, item.slug)} className="hover:underline">
                        {item.nombre}
                      </Link>
                    </h2>
                    <p className="text-sm text-muted">
                      Pedido por <span className="break-all">{item.email ?? "una cuenta eliminada"}</span> el{" "}
                      {formatDateTime(item.created_at)}
                    </p>
                    <ul className="mt-3 space-y-1 text-sm">
                      {(Object.keys(item.changes) as ReviewedField[]).map((k) => (
                        <li key={k}>
                          <span className="font-semibold">{REVIEWED_LABELS[k]}:</span> {reviewedValueLabel(k, item[k])}{" "}
                          <Icon name="arrow-right" aria-hidden className="inline size-4" />
                          <span className="sr-only">pasa a</span> <strong>{reviewedValueLabel(k, item.changes[k])}</strong>
                        </li>
                      ))}
                    </ul>
                  </div>
                  {refusing === item.id ? null : (
                    <div className="flex shrink-0 gap-2">
                      <Form method="post" action={PATH}>
                        <input type="hidden" name="id" value={item.id} />
                        <Button type="submit" name="decision" value="approve" disabled={busyId === item.id}>
                          <Icon name="check" aria-hidden className="size-4" /> {busyId === item.id ? "Procesando..." : "Aprobar"}
                        </Button>
                      </Form>
                      <Link to={`?rechazar=${item.id}#cambio-${item.id}`} className={buttonClass("outline-danger")} preventScrollReset>
                        <Icon name="x" aria-hidden className="size-4" /> Rechazar
                      </Link>
                    </div>
                  )}
                </div>
                {refusing === item.id ? <RefuseForm id={item.id} email={item.email} busy={busyId === item.id} /> : null}
              </Card>
            </li>
          ))}
        </ul>
      )}
    </AdminShell>
  );
}

/** The refusal's confirmation, with the optional reason that goes in the managers' mail. */
function RefuseForm({ id, email, busy }: { id: string; email: string | null; busy: boolean }) {
  return (
    <Form method="post" action={PATH} className="mt-4 space-y-3 rounded-xl border border-red-200 bg-red-50/50 p-4">
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="decision" value="refuse" />
      <p className="font-semibold text-danger">
        ¿Rechazar este cambio? La ficha sigue como está
        {email ? (
          <>
            {" "}
            y le avisaremos a <span className="wrap-anywhere">{email}</span>
          </>
        ) : null}
        .
      </p>
      <RefusalFields idPrefix={`cambio-${id}`} cancelTo={PATH} busy={busy} />
    </Form>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
