import { Icon } from "~/components/icons/icon";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/leads";
import { CONTACT_SERVICES } from "~/catalog/plans";
import { AdminShell } from "~/components/admin/admin-shell";
import { useShowToast } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { Badge, Card } from "~/components/ui/card";
import { cn } from "~/lib/cn";
import { formatDateTime, formatInteger } from "~/lib/format";
import { seo } from "~/lib/meta";
import { leadHandledSchema } from "~/schemas/contact";
import { parseSubmission } from "~/server/http/forms.server";
import { requireAdmin } from "~/server/accounts/guards.server";
import {
  countPendingContactMessages,
  LeadNotFoundError,
  listContactMessages,
  markContactMessageHandled,
} from "~/server/models/contact.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Mensajes de contacto",
    description: "Mensajes recibidos por el formulario de contacto.",
    path: "/admin/leads",
    noindex: true,
  });

const LIMIT = 100;

export async function loader({ request, url }: Route.LoaderArgs) {
  await requireAdmin(request);
  const pendingOnly = url.searchParams.get("estado") === "pendientes";
  const [leads, pending] = await Promise.all([listContactMessages({ limit: LIMIT, pendingOnly }), countPendingContactMessages()]);
  return {
    pendingOnly,
    pending,
    leads: leads.map((l) => ({
      id: l.id,
      name: l.name,
      email: l.email,
      phone: l.phone,
      business: l.business,
      service: CONTACT_SERVICES.find((s) => s.slug === l.service)?.label ?? null,
      message: l.message,
      createdAt: l.created_at.toISOString(),
      handledAt: l.handled_at ? l.handled_at.toISOString() : null,
    })),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const current = await requireAdmin(request);
  const submission = await parseSubmission(request, leadHandledSchema);
  if (submission.status !== "success") {
    return data({ toast: { type: "error" as const, title: "Solicitud no válida" } }, { status: 400 });
  }
  try {
    await markContactMessageHandled(submission.value.id, { id: current.user.id, email: current.user.email });
  } catch (error) {
    if (error instanceof LeadNotFoundError) {
      return data({ toast: { type: "error" as const, title: "El mensaje ya no existe" } }, { status: 404 });
    }
    throw error;
  }
  return { toast: { type: "success" as const, title: "Mensaje marcado como atendido" } };
}

export default function AdminLeads({ loaderData, actionData }: Route.ComponentProps) {
  const { leads, pending, pendingOnly } = loaderData;
  const navigation = useNavigation();
  useShowToast(actionData?.toast, actionData);
  const tab = (active: boolean) =>
    cn(
      "inline-flex min-h-11 items-center rounded-full px-4 text-sm font-semibold",
      active ? "bg-ocean-700 text-white" : "text-ocean-800 hover:bg-ocean-50",
    );

  return (
    <AdminShell
      title="Mensajes de contacto"
      intro={`${pending === 1 ? "1 mensaje pendiente" : `${formatInteger(pending)} mensajes pendientes`} · los más recientes primero`}
      actions={
        <nav aria-label="Filtrar mensajes" className="flex gap-1 rounded-full bg-white p-1 ring-1 ring-ocean-100">
          <Link to="/admin/leads" className={tab(!pendingOnly)} aria-current={!pendingOnly ? "page" : undefined}>
            Todos
          </Link>
          <Link to="/admin/leads?estado=pendientes" className={tab(pendingOnly)} aria-current={pendingOnly ? "page" : undefined}>
            Pendientes
          </Link>
        </nav>
      }
    >
      {leads.length === 0 ? (
        <Card className="mt-8 flex flex-col items-center p-10 text-center">
          <Icon name="inbox" aria-hidden className="size-10 text-ocean-300" />
          <p className="mt-3 font-semibold text-ocean-950">{pendingOnly ? "No hay mensajes pendientes" : "Aún no hay mensajes"}</p>
        </Card>
      ) : (
        <ul className="mt-8 space-y-4" data-testid="leads">
          {leads.map((l) => {
            const busy = navigation.state !== "idle" && navigation.formData?.get("id") === l.id;
            return (
              <li key={l.id}>
                <Card className={cn("p-5 sm:p-6", l.handledAt && "grayscale")} data-testid="lead">
                  <article aria-label={`Mensaje de ${l.name}`}>
                    <div className="flex flex-wrap items-start justify-between gap-3">
                      <div className="min-w-0">
                        <h2 className="text-lg font-bold wrap-anywhere">{l.name}</h2>
                        <p className="text-sm text-muted">
                          <time dateTime={l.createdAt}>{formatDateTime(l.createdAt)}</time>
                          {l.business ? ` · ${l.business}` : ""}
                        </p>
                      </div>
                      <div className="flex flex-wrap gap-2">
                        {l.service ? <Badge tone="ocean">{l.service}</Badge> : null}
                        {l.handledAt ? (
                          <Badge tone="green">
                            <Icon name="check-check" aria-hidden className="size-3.5" /> Atendido
                          </Badge>
                        ) : (
                          <Badge tone="sun">Pendiente</Badge>
                        )}
                      </div>
                    </div>
                    <p className="mt-4 whitespace-pre-wrap wrap-anywhere leading-7 text-ink">{l.message}</p>
                    <div className="mt-4 flex flex-wrap items-center gap-x-5 gap-y-2 text-sm">
                      <a
                        href={`mailto:${l.email}`}
                        className="inline-flex min-h-11 items-center gap-1.5 font-semibold text-ocean-700 break-all"
                      >
                        <Icon name="mail" aria-hidden className="size-4 shrink-0" /> {l.email}
                      </a>
                      {l.phone ? (
                        <a
                          href={`tel:${l.phone.replace(/[^0-9+]/g, "")}`}
                          className="inline-flex min-h-11 items-center gap-1.5 font-semibold text-ocean-700"
                        >
                          <Icon name="phone" aria-hidden className="size-4" /> {l.phone}
                        </a>
                      ) : null}
                      <span className="flex-1" />
                      {l.handledAt ? (
                        <span className="text-muted">Atendido el {formatDateTime(l.handledAt)}</span>
                      ) : (
                        <Form method="post">
                          <input type="hidden" name="intent" value="handle" />
                          <input type="hidden" name="id" value={l.id} />
                          <Button type="submit" variant="outline" disabled={busy}>
                            <Icon name="check-check" aria-hidden className="size-4" />
                            {busy ? "Guardando..." : "Marcar como atendido"}
                          </Button>
                        </Form>
                      )}
                    </div>
                  </article>
                </Card>
              </li>
            );
          })}
        </ul>
      )}
      {leads.length === LIMIT ? (
        <p className="mt-6 text-center text-sm text-muted">Se muestran los {LIMIT} mensajes más recientes.</p>
      ) : null}
    </AdminShell>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
