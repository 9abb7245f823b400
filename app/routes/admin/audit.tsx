import { Icon } from "~/components/icons/icon";
import { Form, Link } from "react-router";
import type { Route } from "./+types/audit";
import { AdminShell, EmptyState } from "~/components/admin/admin-shell";
import { Button, buttonClass } from "~/components/ui/button";
import { Badge, Card } from "~/components/ui/card";
import { Label, Select } from "~/components/ui/input";
import { formatDateTime } from "~/lib/format";
import { seo } from "~/lib/meta";
import { requireAdmin } from "~/server/accounts/guards.server";
import { listAuditPage, listingNames } from "~/server/models/admin-audit.server";
import type { AuditAction } from "~/server/models/audit.server";
import { AUDIT_ENTITIES, auditEntityLabel } from "~/catalog/audit";
import { type AuditField, auditChanges, auditFields } from "~/lib/audit-text";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "Auditoría", description: "Registro de cambios del área de administración.", path: "/admin/audit", noindex: true });

const ACTION_LABELS: Record<AuditAction, { label: string; tone: "ocean" | "sun" | "green" | "slate" | "red" }> = {
  create: { label: "Creó", tone: "green" },
  update: { label: "Editó", tone: "ocean" },
  toggle: { label: "Cambió estado", tone: "sun" },
  delete: { label: "Eliminó", tone: "red" },
  role: { label: "Cambió rol", tone: "sun" },
  sessions: { label: "Cerró sesiones", tone: "red" },
  owner: { label: "Asignó propietario", tone: "ocean" },
  grant: { label: "Otorgó plan", tone: "green" },
  extend: { label: "Extendió plan", tone: "green" },
  handle: { label: "Atendió", tone: "slate" },
  email: { label: "Cambio de email", tone: "sun" },
  attach: { label: "Plan asignado", tone: "green" },
  confirm: { label: "Confirmó la información", tone: "green" },
  approve: { label: "Aprobó", tone: "green" },
  refuse: { label: "Rechazó", tone: "red" },
};

/** The record's name, from whichever side has one. */
function nameOf(before: unknown, after: unknown): string | null {
  const b = (before && typeof before === "object" ? before : {}) as Record<string, unknown>;
  const a = (after && typeof after === "object" ? after : {}) as Record<string, unknown>;
  const name = [a.nombre, b.nombre, a.email, b.email, a.title, b.title].find((v) => typeof v === "string" && v);
  return (name as string | undefined) ?? null;
}

export async function loader({ request, url }: Route.LoaderArgs) {
  await requireAdmin(request);
  const entity = url.searchParams.get("entidad");
  const validEntity = AUDIT_ENTITIES.some((e) => e.slug === entity) ? entity : null;
  const page = await listAuditPage({ entity: validEntity, cursor: url.searchParams.get("cursor") });
  const described = page.items.map((e) => ({ e, d: { name: nameOf(e.before, e.after), changes: auditChanges(e.before, e.after) } }));
  const unnamedOf = (kind: string) =>
    described.filter((x) => !x.d.name && x.e.entity === kind && x.e.entity_id).map((x) => x.e.entity_id as string);
  const names = await listingNames({ restaurant: unnamedOf("restaurant"), business: unnamedOf("business") });
  return {
    entity: validEntity,
    cursor: url.searchParams.get("cursor"),
    nextCursor: page.nextCursor,
    entries: described.map(({ e, d }) => ({
      id: e.id,
      at: e.created_at.toISOString(),
      actor: e.actor_email ?? e.actor_id ?? "sistema",
      action: e.action,
      entity: e.entity,
      entityId: e.entity_id,
      ...d,
      name: d.name ?? (e.entity_id ? (names.get(e.entity_id) ?? null) : null),
      beforeFields: auditFields(e.before),
      afterFields: auditFields(e.after),
    })),
  };
}

export default function AuditPage({ loaderData }: Route.ComponentProps) {
  const { entries, entity, cursor, nextCursor } = loaderData;
  const base = entity ? `/admin/audit?entidad=${entity}` : "/admin/audit";
  return (
    <AdminShell title="Auditoría" intro="Cada cambio del área de administración: quién, qué, en qué registro, antes y después, y cuándo.">
      <Form method="get" className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="sm:w-64">
          <Label htmlFor="audit-entidad">Tipo de registro</Label>
          <Select id="audit-entidad" name="entidad" defaultValue={entity ?? ""}>
            <option value="">Todos</option>
            {AUDIT_ENTITIES.map((e) => (
              <option key={e.slug} value={e.slug}>
                {e.label}
              </option>
            ))}
          </Select>
        </div>
        <Button type="submit" variant="outline">
          Filtrar
        </Button>
      </Form>
      <div className="mt-6">
        {entries.length === 0 ? (
          <EmptyState title="Aún no hay cambios registrados." />
        ) : (
          <ol className="grid gap-3" aria-label="Cambios, del más reciente al más antiguo">
            {entries.map((e) => {
              const action = ACTION_LABELS[e.action as AuditAction] ?? { label: e.action, tone: "slate" as const };
              return (
                <li key={e.id}>
                  <Card className="p-4" data-testid="audit-entry">
                    <div className="flex flex-col gap-1 sm:flex-row sm:items-start sm:justify-between">
                      <p className="flex flex-wrap items-center gap-2 text-sm">
                        <Icon name="clipboard-list" aria-hidden className="size-4 text-ocean-600" />
                        <Badge tone={action.tone}>{action.label}</Badge>
                        <span className="font-semibold text-ocean-950">{auditEntityLabel(e.entity)}</span>
                        {e.name && <span className="break-all text-ink">«{e.name}»</span>}
                      </p>
                      <time dateTime={e.at} className="shrink-0 text-sm text-muted">
                        {formatDateTime(e.at)}
                      </time>
                    </div>
                    <p className="mt-1 break-all text-sm text-muted">
                      por {e.actor}
                      {e.entityId ? ` · registro ${e.entityId}` : ""}
                    </p>
                    {e.changes.length > 0 && (
                      <ul className="mt-2 space-y-0.5 text-sm">
                        {e.changes.map((c) => (
                          <li key={c.key} className="wrap-anywhere">
                            <span className="text-xs font-semibold text-ocean-800">{c.field}</span>:{" "}
                            <span className="text-muted line-through">{c.before}</span> → <span className="text-ink">{c.after}</span>
                          </li>
                        ))}
                      </ul>
                    )}
                    {(e.beforeFields.length > 0 || e.afterFields.length > 0) && (
                      <details className="mt-2 text-sm">
                        <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-ocean-700">
                          Ver antes y después
                        </summary>
                        <div className="mt-2 grid gap-3 md:grid-cols-2">
                          <RecordFields title="Antes" fields={e.beforeFields} />
                          <RecordFields title="Después" fields={e.afterFields} />
                        </div>
                      </details>
                    )}
                  </Card>
                </li>
              );
            })}
          </ol>
        )}
        <div className="mt-4 flex flex-wrap justify-between gap-3">
          {cursor ? (
            <Link to={base} className={buttonClass("ghost")}>
              Volver a lo más reciente
            </Link>
          ) : (
            <span />
          )}
          {nextCursor && (
            <Link
              to={`/admin/audit?${new URLSearchParams({ ...(entity ? { entidad: entity } : {}), cursor: nextCursor })}`}
              className={buttonClass("outline")}
            >
              Anteriores <Icon name="chevron-right" aria-hidden className="size-4" />
            </Link>
          )}
        </div>
      </div>
    </AdminShell>
  );
}

/** One side of a change, every field as text. */
function RecordFields({ title, fields }: { title: string; fields: AuditField[] }) {
  return (
    <div>
      <p className="text-xs font-bold uppercase text-muted">{title}</p>
      {fields.length === 0 ? (
        <p className="mt-1 text-muted">—</p>
      ) : (
        <dl className="mt-1 max-h-72 space-y-1 overflow-auto rounded-lg bg-slate-50 p-3 text-xs">
          {fields.map((f) => (
            <div key={f.key} className="wrap-anywhere">
              <dt className="inline font-semibold text-ocean-800">{f.field}:</dt> <dd className="inline text-ink">{f.value}</dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
