import { Icon } from "~/components/icons/icon";
import type { Route } from "./+types/mail";
import { AdminShell, EmptyState } from "~/components/admin/admin-shell";
import { Badge, Card } from "~/components/ui/card";
import { formatDateTime, formatInteger } from "~/lib/format";
import { seo } from "~/lib/meta";
import { requireAdmin } from "~/server/accounts/guards.server";
import { listFailedMails, type OutboxKind, outboxCounts } from "~/server/models/mail-outbox.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "Correos", description: "Correos que no se pudieron enviar.", path: "/admin/correos", noindex: true });

const LIMIT = 100;

/** Every kind of mail the outbox carries, by its Spanish name (a new kind must be named here). */
const KIND_LABELS: Record<OutboxKind, string> = {
  "verify-email": "Confirmación de email",
  "reset-password": "Restablecer contraseña",
  "email-change-new": "Cambio de email (nueva dirección)",
  "email-change-old": "Cambio de email (aviso)",
  "claim-link": "Enlace para reclamar un negocio",
  "claim-decision": "Decisión sobre una solicitud",
  "submission-decision": "Decisión sobre un negocio enviado",
  "owner-change": "Decisión sobre un cambio del negocio",
  "owner-reminder": "Recordatorio: confirmar la información",
  "visibility-report": "Informe mensual de visibilidad",
};

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const [failed, counts] = await Promise.all([listFailedMails(LIMIT), outboxCounts()]);
  return {
    counts,
    failed: failed.map((m) => ({
      id: m.id,
      kind: KIND_LABELS[m.kind as OutboxKind] ?? m.kind,
      to: m.to,
      subject: m.subject,
      attempts: m.attempts,
      lastError: m.lastError,
      createdAt: m.createdAt.toISOString(),
      failedAt: m.failedAt.toISOString(),
    })),
  };
}

export default function AdminMail({ loaderData }: Route.ComponentProps) {
  const { counts, failed } = loaderData;
  return (
    <AdminShell
      title="Correos"
      intro="Los correos de la cuenta (confirmaciones, contraseñas, cambios de email) salen en segundo plano y se reintentan durante unas horas. Aquí aparecen los que no se pudieron enviar: quien lo esperaba puede volver a pedir el enlace."
    >
      <dl className="grid grid-cols-2 gap-3 sm:max-w-md">
        <div className="rounded-card bg-ocean-50 p-4 ring-1 ring-ocean-100">
          <dt className="text-sm text-muted">En cola</dt>
          <dd className="text-2xl font-extrabold text-ocean-900">{formatInteger(counts.pending)}</dd>
        </div>
        <div className="rounded-card bg-ocean-50 p-4 ring-1 ring-ocean-100">
          <dt className="text-sm text-muted">Fallidos</dt>
          <dd className="text-2xl font-extrabold text-ocean-900">{formatInteger(counts.failed)}</dd>
        </div>
      </dl>
      <h2 className="mt-8 text-xl font-bold">Correos fallidos</h2>
      <div className="mt-3">
        {failed.length === 0 ? (
          <EmptyState title="No hay correos fallidos.">Todos los correos se enviaron o siguen en cola.</EmptyState>
        ) : (
          <ul className="grid gap-3" aria-label="Correos fallidos, del más reciente al más antiguo">
            {failed.map((m) => (
              <li key={m.id}>
                <Card className="p-4" data-testid="failed-mail">
                  <div className="flex flex-col gap-1 sm:flex-row sm:items-start sm:justify-between">
                    <p className="flex flex-wrap items-center gap-2 text-sm">
                      <Icon name="mail-warning" aria-hidden className="size-4 text-red-600" />
                      <Badge tone="red">Fallido</Badge>
                      <span className="font-semibold text-ocean-950">{m.kind}</span>
                    </p>
                    <time dateTime={m.failedAt} className="shrink-0 text-sm text-muted">
                      {formatDateTime(m.failedAt)}
                    </time>
                  </div>
                  <p className="mt-2 wrap-anywhere font-semibold text-ink">{m.subject}</p>
                  <p className="mt-1 break-all text-sm text-muted">Para {m.to}</p>
                  <p className="mt-1 text-sm text-muted">
                    {m.attempts} {m.attempts === 1 ? "intento" : "intentos"} desde el {formatDateTime(m.createdAt)}
                  </p>
                  {m.lastError ? (
                    <p className="mt-2 rounded-lg bg-slate-50 p-2 font-mono text-xs wrap-anywhere text-ink">Último error: {m.lastError}</p>
                  ) : null}
                </Card>
              </li>
            ))}
          </ul>
        )}
        {failed.length === LIMIT ? <p className="mt-4 text-center text-sm text-muted">Se muestran los {LIMIT} más recientes.</p> : null}
      </div>
    </AdminShell>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
