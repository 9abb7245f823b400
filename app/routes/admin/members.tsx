import { getCollectionProps, getFormProps } from "@conform-to/react";
import { Icon } from "~/components/icons/icon";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/members";
import { AdminShell, EmptyState } from "~/components/admin/admin-shell";
import { RoleDialog, RoleForm } from "~/components/admin/role-dialog";
import { useShowToast } from "~/components/toaster";
import { Button, buttonClass } from "~/components/ui/button";
import { Badge, Card } from "~/components/ui/card";
import { InputField, FieldErrors } from "~/components/ui/field";
import { Input, Label } from "~/components/ui/input";
import { industryLabel } from "~/catalog/industries";
import { planLabel } from "~/catalog/plans";
import { provinceLabel } from "~/catalog/provinces";
import { formatDate } from "~/lib/format";
import { seo } from "~/lib/meta";
import { messageOf } from "~/lib/user-error";
import { useSchemaForm } from "~/lib/conform";
import { LIMITS, ownerSchema, roleSchema } from "~/schemas/admin";
import { refused, submissionOf } from "~/server/http/forms.server";
import { requireAdmin } from "~/server/accounts/guards.server";
import { readForm } from "~/server/http/request.server";
import {
  assignOwner,
  findBusinessesForOwner,
  freePlansOfMembers,
  listMembers,
  listOwnerLinks,
  OwnerAssignmentError,
  revokeMemberSessions,
  setMemberRole,
} from "~/server/models/admin-members.server";
import { RevokeSessionsForm } from "~/components/admin/revoke-sessions-form";
import { ListingNotFoundError } from "~/server/models/listing-admin.server";
import { premiumStatuses, type PremiumStatus } from "~/server/models/subscriptions.server";
import { redirectWithToast } from "~/server/http/toast.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "Miembros", description: "Gestión de miembros.", path: "/admin-members", noindex: true });

/** The member's premium access (the same check as the gate) for the list. */
function premiumView(status: PremiumStatus | undefined) {
  return status?.subscribed ? { source: status.source, until: status.until?.toISOString() ?? null } : null;
}

export async function loader({ request, url }: Route.LoaderArgs) {
  // A non-admin is sent back to /admin (which then sends them home).
  const { user } = await requireAdmin(request, "/admin");
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, LIMITS.search);
  const negocio = (url.searchParams.get("negocio") ?? "").trim().slice(0, LIMITS.search);
  const editar = url.searchParams.get("editar");
  let loadError: string | null = null;
  let page: Awaited<ReturnType<typeof listMembers>> = { items: [], nextCursor: null };
  let plans: Awaited<ReturnType<typeof freePlansOfMembers>> = new Map();
  let premium: Awaited<ReturnType<typeof premiumStatuses>> = new Map();
  try {
    page = await listMembers({ q, cursor: url.searchParams.get("cursor") });
    plans = await freePlansOfMembers(page.items);
    premium = await premiumStatuses(page.items.map((m) => m.id));
  } catch (e) {
    loadError = `Error al cargar miembros: ${messageOf(e, "admin members")}`;
  }
  const [businessMatches, ownerLinks] = await Promise.all([findBusinessesForOwner(negocio), listOwnerLinks()]);
  const now = Date.now();
  return {
    selfId: user.id,
    q,
    negocio,
    editar,
    cursor: url.searchParams.get("cursor"),
    nextCursor: page.nextCursor,
    loadError,
    members: page.items.map((m) => ({
      id: m.id,
      full_name: m.full_name,
      email: m.email,
      is_admin: m.is_admin,
      email_verified: m.email_verified,
      created_at: m.created_at.toISOString(),
      premium: premiumView(premium.get(m.id)),
      plans: (plans.get(m.id) ?? []).map((p) => ({
        id: p.id,
        days_granted: p.days_granted,
        expires_at: p.expires_at.toISOString(),
        is_active: p.is_active,
        expired: p.expires_at.getTime() < now,
      })),
    })),
    businessMatches,
    ownerLinks: ownerLinks.map((l) => ({ ...l, created_at: l.created_at.toISOString() })),
  };
}

export async function action({ request, url: pageUrl }: Route.ActionArgs) {
  const { user } = await requireAdmin(request, "/admin");
  const actor = { id: user.id, email: user.email };
  const url = new URL(pageUrl);
  url.searchParams.delete("editar");
  const back = url.pathname + (url.search ? url.search : "");
  const form = await readForm(request);

  if (form.get("intent") === "owner") {
    const submission = submissionOf(form, ownerSchema);
    if (submission.status !== "success") return refused(submission, { toast: null });
    const { business_id, email } = submission.value;
    try {
      const { business, link } = await assignOwner(actor, business_id, email);
      return redirectWithToast(back, {
        type: "success",
        title: "Propietario asignado",
        description: `${link.email} es ahora propietario de ${business.nombre}.`,
      });
    } catch (e) {
      if (e instanceof OwnerAssignmentError)
        return data({ result: submission.reply({ fieldErrors: { email: [e.message] } }), toast: null }, { status: 400 });
      if (e instanceof ListingNotFoundError)
        return data({ result: submission.reply({ fieldErrors: { business_id: [e.message] } }), toast: null }, { status: 404 });
      return data(
        {
          result: submission.reply(),
          toast: { type: "error" as const, title: `Error al asignar propietario: ${messageOf(e, "admin owner")}` },
        },
        { status: 500 },
      );
    }
  }

  if (form.get("intent") === "revoke-sessions") return revokeSessions(actor, form, back);

  // The role form (a radio choice in a dialog, or inline without JavaScript): checked here only.
  const submission = submissionOf(form, roleSchema);
  if (submission.status !== "success") {
    return data({ result: null, toast: { type: "error" as const, title: "Error al actualizar rol: solicitud inválida" } }, { status: 400 });
  }
  let changed: boolean;
  try {
    changed = await setMemberRole(actor, submission.value.user_id, submission.value.role === "admin");
  } catch (e) {
    return redirectWithToast(back, { type: "error", title: `Error al actualizar rol: ${messageOf(e, "admin role")}` });
  }
  if (!changed) {
    // Saving the dialog as it was (one's own locked role included) writes nothing, and says so.
    const description = submission.value.user_id === user.id ? "No puedes cambiar tu propio rol." : "El miembro ya tenía ese rol.";
    return redirectWithToast(back, { type: "info", title: "Rol sin cambios", description });
  }
  return redirectWithToast(back, { type: "success", title: "Rol actualizado" });
}

/** 'Cerrar sesiones': every session of the member ends now; the toast says how many. */
async function revokeSessions(actor: { id: string; email: string }, form: FormData, back: string) {
  const submission = submissionOf(form, roleSchema.pick({ user_id: true }));
  if (submission.status !== "success") {
    return data(
      { result: null, toast: { type: "error" as const, title: "Error al cerrar sesiones: solicitud inválida" } },
      { status: 400 },
    );
  }
  let ended: number;
  try {
    ended = await revokeMemberSessions(actor, submission.value.user_id);
  } catch (e) {
    return redirectWithToast(back, { type: "error", title: `Error al cerrar sesiones: ${messageOf(e, "admin sessions")}` });
  }
  const description = ended === 1 ? "Se cerró 1 sesión." : `Se cerraron ${ended} sesiones.`;
  return redirectWithToast(back, { type: "success", title: "Sesiones cerradas", description });
}

export default function AdminMembers({ loaderData, actionData }: Route.ComponentProps) {
  const { members, selfId, q, negocio, editar, nextCursor, cursor, businessMatches, ownerLinks, loadError } = loaderData;
  useShowToast(actionData?.toast ?? (loadError ? { type: "error", title: loadError } : null), actionData ?? loadError);
  // The chosen business is preselected when the search finds only one.
  const [form, fields] = useSchemaForm(ownerSchema, {
    id: "owner",
    lastResult: actionData?.result,
    defaultValue: businessMatches.length === 1 ? { business_id: businessMatches[0]!.id } : undefined,
  });
  const navigation = useNavigation();
  const assigning = navigation.state === "submitting" && navigation.formData?.get("intent") === "owner";
  const editing = editar ? members.find((m) => m.id === editar) : undefined;
  const keep = (extra: Record<string, string>) => {
    const p = new URLSearchParams();
    if (q) p.set("q", q);
    if (negocio) p.set("negocio", negocio);
    for (const [k, v] of Object.entries(extra)) p.set(k, v);
    const s = p.toString();
    return s ? `/admin-members?${s}` : "/admin-members";
  };

  return (
    <AdminShell
      title="Miembros"
      intro="Cambia roles, revisa los planes gratuitos de cada miembro y asigna propietarios verificados a los negocios."
    >
      <div className="grid gap-8 lg:grid-cols-[1fr_24rem] lg:items-start">
        <section aria-labelledby="members-title">
          <h2 id="members-title" className="sr-only">
            Lista de miembros
          </h2>
          {editing && (
            <Card tone="highlight" className="mb-6 p-5">
              <h3 className="text-lg font-bold">Editar rol</h3>
              <p className="mb-4 break-all text-sm text-muted">{editing.full_name || editing.email}</p>
              <RoleForm
                member={editing}
                isSelf={editing.id === selfId}
                cancel={
                  <Link to={keep({})} className={buttonClass("outline")}>
                    Cancelar
                  </Link>
                }
              />
            </Card>
          )}
          <Form method="get" role="search" className="flex flex-col gap-2 sm:flex-row sm:items-end">
            {negocio && <input type="hidden" name="negocio" value={negocio} />}
            <div className="flex-1">
              <Label htmlFor="members-q">Buscar miembro</Label>
              <Input id="members-q" name="q" type="search" defaultValue={q} maxLength={LIMITS.search} placeholder="Nombre o email" />
            </div>
            <Button type="submit">
              <Icon name="search" aria-hidden className="size-4" /> Buscar
            </Button>
          </Form>
          <div className="mt-4">
            {members.length === 0 ? (
              <EmptyState title={q ? "Ningún miembro coincide con la búsqueda." : "Aún no hay miembros."} />
            ) : (
              <ul className="grid gap-3">
                {members.map((m) => (
                  <li key={m.id}>
                    <Card className="p-4 sm:p-5" data-testid="member">
                      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
                        <div className="min-w-0">
                          <p className="flex flex-wrap items-center gap-2 font-bold text-ocean-950">
                            <span className="wrap-anywhere">{m.full_name || "Sin nombre"}</span>
                            {m.is_admin ? (
                              <Badge tone="sun">
                                <Icon name="shield-check" aria-hidden className="size-3.5" /> Administrador
                              </Badge>
                            ) : (
                              <Badge>
                                <Icon name="user-round" aria-hidden className="size-3.5" /> Usuario
                              </Badge>
                            )}
                            {m.id === selfId && <Badge tone="slate">Tú</Badge>}
                            {m.premium ? (
                              <Badge tone="gold">
                                <Icon name="crown" aria-hidden className="size-3.5" /> Premium:{" "}
                                {m.premium.source === "free_plan" ? "plan gratuito" : "Stripe"}
                                {m.premium.until ? ` hasta ${formatDate(m.premium.until)}` : ""}
                              </Badge>
                            ) : (
                              <Badge tone="slate">Sin premium</Badge>
                            )}
                          </p>
                          <p className="mt-0.5 flex flex-wrap items-center gap-1.5 break-all text-sm text-muted">
                            {m.email}
                            {m.email_verified && (
                              <span className="inline-flex items-center gap-1 text-success">
                                <Icon name="badge-check" aria-hidden className="size-3.5" /> verificado
                              </span>
                            )}
                          </p>
                          <p className="mt-1 flex items-center gap-1.5 text-sm text-muted">
                            <Icon name="calendar-days" aria-hidden className="size-4" /> Miembro desde {formatDate(m.created_at)}
                          </p>
                        </div>
                        <div className="flex flex-wrap gap-2">
                          <RoleDialog member={m} isSelf={m.id === selfId} noJsHref={keep({ editar: m.id })} />
                          {m.id !== selfId && <RevokeSessionsForm memberId={m.id} memberName={m.full_name || m.email || "este miembro"} />}
                        </div>
                      </div>
                      {m.plans.length > 0 && (
                        <div className="mt-3 border-t border-ocean-100 pt-3">
                          <p className="flex items-center gap-1.5 text-xs font-bold uppercase tracking-wide text-muted">
                            <Icon name="gift" aria-hidden className="size-3.5" /> Planes gratuitos
                          </p>
                          <ul className="mt-1.5 flex flex-wrap gap-1.5">
                            {m.plans.map((p) => (
                              <li key={p.id}>
                                <Badge tone={p.expired || !p.is_active ? "slate" : "green"}>
                                  {p.days_granted} días ·{" "}
                                  {p.expired ? "Expirado" : !p.is_active ? "Inactivo" : `hasta ${formatDate(p.expires_at)}`}
                                </Badge>
                              </li>
                            ))}
                          </ul>
                        </div>
                      )}
                    </Card>
                  </li>
                ))}
              </ul>
            )}
            <div className="mt-4 flex flex-wrap justify-between gap-3">
              {cursor ? (
                <Link to={keep({})} className={buttonClass("ghost")}>
                  Volver a la primera página
                </Link>
              ) : (
                <span />
              )}
              {nextCursor && (
                <Link to={keep({ cursor: nextCursor })} className={buttonClass("outline")}>
                  Siguiente página <Icon name="chevron-right" aria-hidden className="size-4" />
                </Link>
              )}
            </div>
          </div>
        </section>

        <aside aria-labelledby="owner-title" className="space-y-6">
          <Card className="p-5">
            <h2 id="owner-title" className="flex items-center gap-2 text-lg font-bold">
              <Icon name="building-2" aria-hidden className="size-5 text-ocean-600" /> Asignar propietario
            </h2>
            <p className="mt-1 text-sm text-muted">
              Busca el negocio, elige y escribe el email de una cuenta verificada. Reemplaza al propietario anterior.
            </p>
            <Form method="get" className="mt-4 flex items-end gap-2">
              {q && <input type="hidden" name="q" value={q} />}
              <div className="flex-1">
                <Label htmlFor="owner-negocio">Negocio</Label>
                <Input
                  id="owner-negocio"
                  name="negocio"
                  type="search"
                  defaultValue={negocio}
                  maxLength={LIMITS.search}
                  placeholder="Nombre del negocio"
                />
              </div>
              <Button type="submit" variant="outline" size="icon" aria-label="Buscar negocio">
                <Icon name="search" aria-hidden className="size-4" />
              </Button>
            </Form>
            {negocio && (
              <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
                <input type="hidden" name="intent" value="owner" />
                {businessMatches.length === 0 ? (
                  <p className="text-sm text-muted">Ningún negocio coincide con «{negocio}».</p>
                ) : (
                  <fieldset aria-describedby={fields.business_id.errors?.length ? fields.business_id.errorId : undefined}>
                    <legend className="text-sm font-semibold text-ocean-950">Elige el negocio</legend>
                    <div className="mt-2 grid gap-2">
                      {getCollectionProps(fields.business_id, { type: "radio", options: businessMatches.map((b) => b.id) }).map(
                        ({ key, ...radio }) => {
                          const b = businessMatches.find((m) => m.id === radio.value)!;
                          return (
                            <label
                              key={key}
                              className="flex min-h-11 cursor-pointer items-start gap-3 rounded-xl border border-slate-200 p-3 has-[:checked]:border-ocean-500 has-[:checked]:bg-ocean-50"
                            >
                              <input {...radio} className="mt-0.5 size-5 shrink-0 accent-ocean-700" />
                              <span className="min-w-0 text-sm">
                                <span className="block font-semibold text-ocean-950">{b.nombre}</span>
                                <span className="block text-muted">
                                  {industryLabel(b.industria)} · {provinceLabel(b.provincia)} · {planLabel(b.plan_type)}
                                </span>
                                <span className="block break-all text-muted">
                                  {b.owner_email ? `Propietario: ${b.owner_email}` : "Sin propietario"}
                                </span>
                              </span>
                            </label>
                          );
                        },
                      )}
                    </div>
                    <FieldErrors id={fields.business_id.errorId} errors={fields.business_id.errors} />
                  </fieldset>
                )}
                <InputField label="Email del propietario" meta={fields.email} type="email" autoComplete="off" maxLength={254} />
                <Button type="submit" className="w-full" disabled={assigning || businessMatches.length === 0}>
                  {assigning ? "Procesando..." : "Asignar propietario"}
                </Button>
              </Form>
            )}
          </Card>

          <Card className="p-5">
            <h2 className="text-lg font-bold">Propietarios recientes</h2>
            {ownerLinks.length === 0 ? (
              <p className="mt-2 text-sm text-muted">Aún no hay propietarios asignados.</p>
            ) : (
              <ul className="mt-3 divide-y divide-ocean-100">
                {ownerLinks.map((l) => (
                  <li key={l.business_id} className="py-2.5 text-sm">
                    <p className="font-semibold text-ocean-950">{l.nombre}</p>
                    <p className="break-all text-muted">
                      {l.email} · {planLabel(l.plan_type)}
                    </p>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </aside>
      </div>
    </AdminShell>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
