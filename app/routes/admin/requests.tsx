/**
 * /admin/solicitudes: the admins' queue of claims (who asks to run a listing, with what they say) and
 * of submitted listings. Approve or refuse each; refusing asks first, with an optional reason. Every
 * decision is audited and mailed; an item decided meanwhile by another admin is left as it is.
 */
import { segmentLabel } from "~/catalog/segments";
import type { ReactNode } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/requests";
import { LISTING_KINDS, type ListingKind } from "~/catalog/listing-kinds";
import { provinceLabel } from "~/catalog/provinces";
import { AdminShell, EmptyState } from "~/components/admin/admin-shell";
import { Icon } from "~/components/icons/icon";
import { Notice } from "~/components/owners/owner-frame";
import { useShowToast } from "~/components/toaster";
import { RefusalFields } from "~/components/admin/refusal-fields";
import { Button, buttonClass } from "~/components/ui/button";
import { Badge, Card } from "~/components/ui/card";
import { entryPath } from "~/lib/entry-path";
import { formatDateTime } from "~/lib/format";
import { seo } from "~/lib/meta";
import { requestDecisionSchema } from "~/schemas/owner-claims";
import { requireAdmin } from "~/server/accounts/guards.server";
import { submissionOf } from "~/server/http/forms.server";
import { readForm } from "~/server/http/request.server";
import { redirectWithToast } from "~/server/http/toast.server";
import { decideClaim, listQueuedClaims } from "~/server/models/listing-claims.server";
import { decideSubmission, listQueuedSubmissions } from "~/server/models/listing-submissions.server";
import { mailClaimDecision, mailSubmissionDecision } from "~/server/owners/claim-mails.server";

const PATH = "/admin/solicitudes";

export const REQUEST_MESSAGES = {
  decided: "Otra persona ya decidió esta solicitud.",
  gone: "La solicitud o el negocio ya no existen.",
} as const;

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "Solicitudes", description: "Solicitudes de negocios y negocios enviados.", path: PATH, noindex: true });

const etiquetaOf = (kind: ListingKind, slug: string | null) => (slug ? segmentLabel(kind, slug) : null);

export async function loader({ request, url }: Route.LoaderArgs) {
  await requireAdmin(request);
  const [claims, submissions] = await Promise.all([listQueuedClaims(), listQueuedSubmissions()]);
  return {
    refusing: url.searchParams.get("rechazar"),
    claims: claims.map((c) => ({
      key: `solicitud-${c.id}`,
      id: c.id,
      listing: { nombre: c.nombre, label: LISTING_KINDS[c.kind].label, path: entryPath(c.kind, c.slug) },
      email: c.user_email,
      fullName: c.full_name,
      role: c.role,
      phone: c.phone,
      note: c.note,
      hasManagers: c.has_managers,
      at: c.created_at.toISOString(),
    })),
    submissions: submissions.map((s) => ({
      key: `envio-${s.kind}-${s.id}`,
      id: s.id,
      kind: s.kind,
      nombre: s.nombre,
      label: LISTING_KINDS[s.kind].label,
      etiqueta: etiquetaOf(s.kind, s.etiqueta),
      direccion: s.direccion,
      provincia: provinceLabel(s.provincia),
      website: s.website,
      telefono: s.telefono,
      email: s.user_email,
      edit: `${LISTING_KINDS[s.kind].adminPath}/edit/${s.id}`,
      at: s.created_at.toISOString(),
    })),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const { user } = await requireAdmin(request);
  const submission = submissionOf(await readForm(request, 16_000), requestDecisionSchema);
  if (submission.status !== "success") {
    return data({ notice: { type: "error" as const, title: "Solicitud inválida" } }, { status: 400 });
  }
  const input = submission.value;
  const actor = { id: user.id, email: user.email };
  const approve = input.intent.startsWith("approve");
  const decision = approve ? ("approve" as const) : ("refuse" as const);
  const result =
    "kind" in input
      ? await decideSubmission({ kind: input.kind, id: input.id, decision, actor, reason: input.reason })
      : await decideClaim({ id: input.id, decision, actor, reason: input.reason });
  if (result.status === "decided") return data({ notice: { type: "error" as const, title: REQUEST_MESSAGES.decided } }, { status: 409 });
  if (result.status === "gone") return data({ notice: { type: "error" as const, title: REQUEST_MESSAGES.gone } }, { status: 404 });
  const mail = { name: result.name, listing: result.listing, approved: approve, reason: input.reason };
  if (result.email) {
    // The decision is made: a mail that cannot be queued is logged, never turned into a failed decision.
    try {
      await ("kind" in input ? mailSubmissionDecision(result.email, mail) : mailClaimDecision(result.email, mail));
    } catch (error) {
      console.error("[solicitudes] no se pudo enviar el aviso:", error);
    }
  }
  const what = "kind" in input ? `«${result.listing.nombre}»` : `La solicitud sobre «${result.listing.nombre}»`;
  return redirectWithToast(PATH, {
    type: "success",
    title:
      "kind" in input
        ? approve
          ? `${what} aprobado y publicado`
          : `${what} rechazado`
        : approve
          ? `${what} fue aprobada`
          : `${what} fue rechazada`,
    description: result.email ? `Le avisamos a ${result.email}.` : undefined,
  });
}

type LoaderData = Route.ComponentProps["loaderData"];

export default function AdminRequests({ loaderData, actionData }: Route.ComponentProps) {
  const { claims, submissions, refusing } = loaderData;
  useShowToast(actionData?.notice ?? null, actionData);
  const total = claims.length + submissions.length;
  return (
    <AdminShell
      title="Solicitudes"
      intro={total === 0 ? "No hay nada pendiente." : `${total === 1 ? "1 pendiente" : `${total} pendientes`} · las más antiguas primero`}
    >
      {actionData?.notice ? (
        <div className="mb-6">
          <Notice tone="error">{actionData.notice.title}</Notice>
        </div>
      ) : null}
      <section aria-labelledby="solicitudes-reclamos" className="space-y-4">
        <h2 id="solicitudes-reclamos" className="text-xl font-bold">
          Quieren administrar un negocio
        </h2>
        {claims.length === 0 ? (
          <EmptyState title="No hay solicitudes pendientes" />
        ) : (
          <ul className="space-y-4">
            {claims.map((c) => (
              <li key={c.key}>
                <ClaimCard claim={c} refusing={refusing === c.key} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="solicitudes-envios" className="mt-10 space-y-4">
        <h2 id="solicitudes-envios" className="text-xl font-bold">
          Negocios enviados
        </h2>
        {submissions.length === 0 ? (
          <EmptyState title="No hay negocios por revisar" />
        ) : (
          <ul className="space-y-4">
            {submissions.map((s) => (
              <li key={s.key}>
                <SubmissionCard item={s} refusing={refusing === s.key} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </AdminShell>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold uppercase tracking-wide text-muted">{label}</dt>
      <dd className="wrap-anywhere text-ink">{children}</dd>
    </div>
  );
}

function ClaimCard({ claim: c, refusing }: { claim: LoaderData["claims"][number]; refusing: boolean }) {
  return (
    <Card className="p-5 sm:p-6" data-testid="claim-request">
      <article aria-label={`Solicitud sobre ${c.listing.nombre}`}>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h3 className="text-lg font-bold wrap-anywhere">
              <Link to={c.listing.path} className="hover:underline">
                {c.listing.nombre}
              </Link>
            </h3>
            <p className="text-sm text-muted">
              {c.listing.label} · <time dateTime={c.at}>{formatDateTime(c.at)}</time>
            </p>
          </div>
          {c.hasManagers ? <Badge tone="sun">Ya tiene administradores</Badge> : null}
        </div>
        <dl className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <Row label="Cuenta">{c.email}</Row>
          <Row label="Nombre">{c.fullName}</Row>
          <Row label="Cargo">{c.role}</Row>
          <Row label="Teléfono">
            <a href={`tel:${c.phone.replace(/[^0-9+]/g, "")}`} className="font-semibold text-ocean-700">
              {c.phone}
            </a>
          </Row>
        </dl>
        {c.note ? <p className="mt-3 whitespace-pre-wrap wrap-anywhere rounded-xl bg-slate-50 p-3 text-sm">{c.note}</p> : null}
        <Decision
          refusing={refusing}
          hidden={{ intent: "claim", id: c.id }}
          refuseHref={`?rechazar=${c.key}#${c.key}`}
          anchor={c.key}
          question={`¿Rechazar la solicitud de ${c.fullName}? Le avisaremos a ${c.email}.`}
        />
      </article>
    </Card>
  );
}

function SubmissionCard({ item: s, refusing }: { item: LoaderData["submissions"][number]; refusing: boolean }) {
  return (
    <Card className="p-5 sm:p-6" data-testid="submitted-listing">
      <article aria-label={`Negocio enviado: ${s.nombre}`}>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h3 className="text-lg font-bold wrap-anywhere">{s.nombre}</h3>
            <p className="text-sm text-muted">
              {s.label}
              {s.etiqueta ? ` · ${s.etiqueta}` : ""} · <time dateTime={s.at}>{formatDateTime(s.at)}</time>
            </p>
          </div>
          <Link to={s.edit} className={buttonClass("outline", "compact")}>
            <Icon name="pencil" aria-hidden className="size-4" /> Revisar y editar
          </Link>
        </div>
        <dl className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <Row label="Enviado por">{s.email ?? "Cuenta eliminada"}</Row>
          <Row label="Dirección">
            {s.direccion}, {s.provincia}
          </Row>
          <Row label="Teléfono">{s.telefono ?? "—"}</Row>
          <Row label="Sitio web">{s.website ?? "—"}</Row>
        </dl>
        <Decision
          refusing={refusing}
          hidden={{ intent: "submission", id: s.id, kind: s.kind }}
          refuseHref={`?rechazar=${s.key}#${s.key}`}
          anchor={s.key}
          question={`¿Rechazar «${s.nombre}»? No se publicará${s.email ? ` y le avisaremos a ${s.email}` : ""}.`}
        />
      </article>
    </Card>
  );
}

/** Aprobar, and Rechazar behind a confirmation with an optional reason (a link, so it works without JavaScript). */
function Decision({
  refusing,
  hidden,
  refuseHref,
  anchor,
  question,
}: {
  refusing: boolean;
  hidden: { intent: "claim" | "submission"; id: string; kind?: string };
  refuseHref: string;
  anchor: string;
  question: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("id") === hidden.id;
  const ids = (
    <>
      <input type="hidden" name="id" value={hidden.id} />
      {hidden.kind ? <input type="hidden" name="kind" value={hidden.kind} /> : null}
    </>
  );
  if (refusing) {
    return (
      <Form
        method="post"
        action={PATH}
        id={anchor}
        className="mt-4 scroll-mt-24 space-y-3 rounded-xl border border-red-200 bg-red-50/50 p-4"
      >
        <input type="hidden" name="intent" value={`refuse-${hidden.intent}`} />
        {ids}
        <p className="font-semibold text-danger">{question}</p>
        <RefusalFields idPrefix={anchor} cancelTo={PATH} busy={busy} />
      </Form>
    );
  }
  return (
    <div id={anchor} className="mt-4 flex scroll-mt-24 flex-wrap gap-2">
      <Form method="post" action={PATH}>
        <input type="hidden" name="intent" value={`approve-${hidden.intent}`} />
        {ids}
        <Button type="submit" disabled={busy}>
          <Icon name="check" aria-hidden className="size-4" /> {busy ? "Procesando..." : "Aprobar"}
        </Button>
      </Form>
      <Link to={refuseHref} className={buttonClass("outline-danger")} preventScrollReset>
        <Icon name="x" aria-hidden className="size-4" /> Rechazar
      </Link>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
