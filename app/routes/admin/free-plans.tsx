import { getFormProps, getSelectProps } from "@conform-to/react";
import { Icon } from "~/components/icons/icon";
import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/free-plans";
import { AdminShell, EmptyState } from "~/components/admin/admin-shell";
import { ConfirmDeleteButton, ConfirmStep } from "~/components/confirm-delete";
import { useShowToast } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { Badge, Card } from "~/components/ui/card";
import { InputField, SelectField } from "~/components/ui/field";
import { DEFAULT_FREE_PLAN_DAYS, FREE_PLAN_DAYS } from "~/catalog/plans";
import { formatDate } from "~/lib/format";
import { seo } from "~/lib/meta";
import { messageOf } from "~/lib/user-error";
import { useSchemaForm } from "~/lib/conform";
import { freePlanActionSchema, freePlanSchema } from "~/schemas/admin";
import { refused, submissionOf } from "~/server/http/forms.server";
import { requireAdmin } from "~/server/accounts/guards.server";
import { readForm } from "~/server/http/request.server";
import {
  deleteFreePlan,
  extendFreePlan,
  FreePlanActiveError,
  FreePlanNotFoundError,
  grantFreePlan,
  isMissingTable,
  listFreePlans,
  MISSING_TABLE_MESSAGE,
  setFreePlanActive,
} from "~/server/models/admin-free-plans.server";
import { redirectWithToast } from "~/server/http/toast.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "Planes gratuitos", description: "Planes gratuitos otorgados.", path: "/admin/free-plans", noindex: true });

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  try {
    const plans = await listFreePlans();
    return {
      loadError: false,
      now: Date.now(),
      plans: plans.map((p) => ({ ...p, expires_at: p.expires_at.toISOString(), created_at: p.created_at.toISOString() })),
    };
  } catch (e) {
    // If loading fails, an empty list with a note about migrations.
    console.error("[admin] free plans:", e);
    return { loadError: true, now: Date.now(), plans: [] };
  }
}

type Confirm = { id: string; email: string } | null;
/** The active plan that refused a second grant, offered for extension instead. */
type Extend = { id: string; email: string; expires_at: string; days: number } | null;
/** Back to the list with `what` failed and why (a UserError's own text; anything else is logged). */
const failed = (what: string, e: unknown) =>
  redirectWithToast("/admin/free-plans", { type: "error", title: `Error al ${what}: ${messageOf(e, "admin free plans")}` });

export async function action({ request }: Route.ActionArgs) {
  const { user } = await requireAdmin(request);
  const actor = { id: user.id, email: user.email };
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "toggle" || intent === "delete" || intent === "extend") {
    const submission = submissionOf(form, freePlanActionSchema);
    if (submission.status !== "success") {
      return data(
        { result: null, confirm: null as Confirm, extend: null as Extend, toast: { type: "error" as const, title: "Solicitud inválida" } },
        { status: 400 },
      );
    }
    const input = submission.value;
    if (input.intent === "extend") {
      try {
        const plan = await extendFreePlan(actor, input.id, input.days_granted);
        return redirectWithToast("/admin/free-plans", {
          type: "success",
          title: "Plan Extendido",
          description: `El plan de ${plan.email} vence ahora el ${formatDate(plan.expires_at)}`,
        });
      } catch (e) {
        return failed("extender plan", e);
      }
    }
    if (input.intent === "toggle") {
      try {
        await setFreePlanActive(actor, input.id, input.active);
      } catch (e) {
        return failed("actualizar estado", e);
      }
      return redirectWithToast("/admin/free-plans", { type: "success", title: "Estado Actualizado" });
    }
    if (input.confirm !== "1") {
      const plan = (await listFreePlans()).find((p) => p.id === input.id);
      if (!plan) return failed("eliminar plan", new FreePlanNotFoundError());
      return data({ result: null, confirm: { id: plan.id, email: plan.email } as Confirm, extend: null as Extend, toast: null });
    }
    try {
      await deleteFreePlan(actor, input.id);
    } catch (e) {
      return failed("eliminar plan", e);
    }
    return redirectWithToast("/admin/free-plans", { type: "success", title: "Plan Eliminado" });
  }

  const submission = submissionOf(form, freePlanSchema);
  if (submission.status !== "success") return refused(submission, { confirm: null as Confirm, extend: null as Extend, toast: null });
  try {
    const plan = await grantFreePlan(actor, submission.value);
    // Answered in place (not redirected) so the form can be emptied: a second click has nothing to send.
    return data({
      result: submission.reply({ resetForm: true }),
      confirm: null as Confirm,
      extend: null as Extend,
      toast: {
        type: "success" as const,
        title: "Plan Gratuito Creado",
        description: `Plan de ${plan.days_granted} días otorgado a ${plan.email}`,
      },
    });
  } catch (e) {
    if (e instanceof FreePlanActiveError) {
      const message = `Este email ya tiene un plan gratuito activo hasta el ${formatDate(e.plan.expires_at)}.`;
      return data(
        {
          result: submission.reply({ fieldErrors: { email: [message] } }),
          confirm: null as Confirm,
          extend: { ...e.plan, expires_at: e.plan.expires_at.toISOString(), days: submission.value.days_granted } as Extend,
          toast: null,
        },
        { status: 409 },
      );
    }
    const title = isMissingTable(e) ? MISSING_TABLE_MESSAGE : `Error al crear plan gratuito: ${messageOf(e, "admin free plan grant")}`;
    return data(
      { result: submission.reply(), confirm: null as Confirm, extend: null as Extend, toast: { type: "error" as const, title } },
      { status: 500 },
    );
  }
}

export default function FreePlans({ loaderData, actionData }: Route.ComponentProps) {
  const { plans, loadError, now } = loaderData;
  const navigation = useNavigation();
  const granting = navigation.state === "submitting" && navigation.formData?.get("intent") === "grant";
  const [form, fields] = useSchemaForm(freePlanSchema, {
    id: "free-plan",
    lastResult: actionData?.result,
    defaultValue: { days_granted: String(DEFAULT_FREE_PLAN_DAYS) },
  });
  useShowToast(actionData?.toast, actionData);
  const confirm = actionData?.confirm;
  const extend = actionData?.extend;

  return (
    <AdminShell
      title="Planes gratuitos"
      intro="Otorga acceso gratuito a los asistentes premium por 30, 60 o 90 días. El plan se aplica a la cuenta que confirme ese email, exista ya o se cree después."
    >
      <div className="grid gap-6 lg:grid-cols-[22rem_1fr] lg:items-start">
        <Card className="p-5 sm:p-6">
          <h2 className="flex items-center gap-2 text-lg font-bold">
            <Icon name="gift" aria-hidden className="size-5 text-sun-600" /> Otorgar plan
          </h2>
          <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
            <input type="hidden" name="intent" value="grant" />
            <InputField label="Email" meta={fields.email} type="email" autoComplete="off" maxLength={254} required />
            <SelectField label="Días" {...getSelectProps(fields.days_granted)} errors={fields.days_granted.errors}>
              {FREE_PLAN_DAYS.map((d) => (
                <option key={d} value={d}>
                  {d} días
                </option>
              ))}
            </SelectField>
            <Button type="submit" className="w-full" disabled={granting}>
              {granting ? "Procesando..." : "Otorgar plan gratuito"}
            </Button>
          </Form>
          {extend && (
            <Form
              method="post"
              className="mt-4 rounded-xl border border-sun-300 bg-sun-100 p-4 text-sm"
              aria-label="Extender el plan actual"
            >
              <input type="hidden" name="intent" value="extend" />
              <input type="hidden" name="id" value={extend.id} />
              <input type="hidden" name="days_granted" value={extend.days} />
              <p>
                En lugar de otorgar un segundo plan, puedes extender el de <strong className="break-all">{extend.email}</strong>{" "}
                {extend.days} días más: vencería el {formatDate(new Date(extend.expires_at).getTime() + extend.days * 24 * 60 * 60 * 1000)}.
              </p>
              <Button type="submit" size="compact" className="mt-3">
                Extender {extend.days} días
              </Button>
            </Form>
          )}
        </Card>

        <section aria-labelledby="grants-title">
          <h2 id="grants-title" className="text-lg font-bold">
            Planes otorgados
          </h2>
          {confirm && (
            <div className="mt-4">
              <ConfirmStep
                hidden={{ intent: "delete", id: confirm.id }}
                title="¿Eliminar plan gratuito?"
                description={`Se eliminará el plan de ${confirm.email}. Esta acción no se puede deshacer.`}
                cancelTo="/admin/free-plans"
              />
            </div>
          )}
          <div className="mt-4">
            {plans.length === 0 ? (
              <EmptyState title="No hay planes gratuitos.">
                {loadError
                  ? "No se pudieron cargar los planes. Si es una instalación nueva, puede que falte ejecutar las migraciones SQL."
                  : "Los planes que otorgues aparecerán aquí."}
              </EmptyState>
            ) : (
              <ul className="grid gap-3">
                {plans.map((p) => {
                  const expired = new Date(p.expires_at).getTime() < now;
                  return (
                    <li key={p.id}>
                      <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between" data-testid="free-plan">
                        <div className="min-w-0">
                          <p className="break-all font-bold text-ocean-950">{p.email}</p>
                          <div className="mt-1 flex flex-wrap items-center gap-1.5 text-sm text-muted">
                            <Badge tone="ocean">{p.days_granted} días</Badge>
                            {p.is_active ? <Badge tone="green">Activo</Badge> : <Badge tone="slate">Inactivo</Badge>}
                            {expired && <Badge tone="red">Expirado</Badge>}
                            {p.user_id ? null : <Badge tone="sun">Sin cuenta confirmada</Badge>}
                          </div>
                          <p className="mt-1.5 flex items-center gap-1.5 text-sm text-muted">
                            <Icon name="calendar-clock" aria-hidden className="size-4" />
                            {expired ? "Expiró" : "Expira"} el {formatDate(p.expires_at)}
                            {p.granted_by_email ? ` · otorgado por ${p.granted_by_email}` : ""}
                          </p>
                        </div>
                        <div className="flex shrink-0 flex-wrap gap-2">
                          <Form method="post" className="contents">
                            <input type="hidden" name="intent" value="toggle" />
                            <input type="hidden" name="id" value={p.id} />
                            <input type="hidden" name="active" value={p.is_active ? "false" : "true"} />
                            <Button type="submit" size="compact" variant="outline">
                              {p.is_active ? (
                                <Icon name="power-off" aria-hidden className="size-4" />
                              ) : (
                                <Icon name="power" aria-hidden className="size-4" />
                              )}
                              {p.is_active ? "Desactivar" : "Activar"}
                              <span className="sr-only"> plan de {p.email}</span>
                            </Button>
                          </Form>
                          <ConfirmDeleteButton
                            compact
                            hidden={{ intent: "delete", id: p.id }}
                            title="¿Eliminar plan gratuito?"
                            description={
                              <>
                                Se eliminará el plan de <strong>{p.email}</strong>. Esta acción no se puede deshacer.
                              </>
                            }
                          />
                        </div>
                      </Card>
                    </li>
                  );
                })}
              </ul>
            )}
          </div>
        </section>
      </div>
    </AdminShell>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
