/**
 * /reclamar/:tipo/:slug: a signed-in person with a confirmed address claims a public listing, by an
 * address at its website's domain (a link mailed there) or by a request the admins decide.
 */
import { getFormProps, getTextareaProps } from "@conform-to/react";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/claim";
import { provinceLabel } from "~/catalog/provinces";
import { Icon } from "~/components/icons/icon";
import { Notice, OwnerCard, OwnerFrame } from "~/components/owners/owner-frame";
import { Button, buttonClass } from "~/components/ui/button";
import { InputField, TextareaField } from "~/components/ui/field";
import { useSchemaForm } from "~/lib/conform";
import { endSentence, formatDate, formatDateTime } from "~/lib/format";
import { seo } from "~/lib/meta";
import { adminClaimSchema, CLAIM_LIMITS, claimActionSchema, domainClaimSchema } from "~/schemas/owner-claims";
import { parseSubmission, refused } from "~/server/http/forms.server";
import { redirectWithToast } from "~/server/http/toast.server";
import { CLAIM_LINK_HOURS, createAdminClaim, createDomainClaim, withdrawClaim } from "~/server/models/listing-claims.server";
import { isManager } from "~/server/models/listing-managers.server";
import { emailMatchesWebsite } from "~/server/owners/claim-domain.server";
import { mailClaimLink } from "~/server/owners/claim-mails.server";
import { CLAIM_MESSAGES, claimContext, claimStateOf, withinClaimLimit } from "~/server/owners/claims.server";
import { requireConfirmedUser } from "~/server/owners/guards.server";

export const meta: Route.MetaFunction = ({ matches, loaderData: d, params }) =>
  seo(matches, {
    title: d ? `¿Es tu negocio? ${d.listing.nombre}` : "¿Es tu negocio?",
    description: "Confirma que administras este negocio en el directorio.",
    path: `/reclamar/${params.tipo}/${params.slug}`,
    noindex: true,
  });

export async function loader({ request, params }: Route.LoaderArgs) {
  const ctx = await claimContext(params);
  const { user } = await requireConfirmedUser(request, ctx.entry);
  const state = await claimStateOf(user.id, ctx);
  const { listing } = ctx;
  return {
    listing: { nombre: listing.nombre, direccion: listing.direccion, provincia: provinceLabel(listing.provincia), path: ctx.entry },
    state:
      state.step === "open"
        ? {
            step: state.step,
            method: state.claim.method,
            email: state.claim.email,
            createdAt: state.claim.created_at.toISOString(),
            expiresAt: state.claim.expires_at?.toISOString() ?? null,
          }
        : state,
    name: user.name,
  };
}

type Intent = "domain" | "admin" | "withdraw";

export async function action({ request, params }: Route.ActionArgs) {
  const ctx = await claimContext(params);
  const { user } = await requireConfirmedUser(request, ctx.entry);
  // The page's own path (a data request's URL ends in `.data`).
  const here = `/reclamar${ctx.entry}`;
  const submission = await parseSubmission(request, claimActionSchema, 16_000);
  const intent = (["domain", "admin", "withdraw"] as const).find((i) => i === submission.payload.intent) ?? null;
  if (submission.status !== "success") return refused(submission, { intent });
  const input = submission.value;
  const ref = { kind: ctx.kind, listingId: ctx.listing.id };
  const fail = (message: string, status = 400, field?: string) =>
    data(
      {
        result: submission.reply(field ? { fieldErrors: { [field]: [message] } } : { formErrors: [message] }),
        intent: input.intent as Intent | null,
      },
      { status },
    );

  if (input.intent === "withdraw") {
    await withdrawClaim(user.id, ref);
    return redirectWithToast(here, { type: "info", title: "Solicitud retirada", description: "Puedes elegir otra forma de confirmarlo." });
  }
  if (await isManager(user.id, ref)) return redirectWithToast(here, { type: "info", title: CLAIM_MESSAGES.alreadyManager });

  if (input.intent === "domain") {
    const state = await claimStateOf(user.id, ctx);
    if (state.step === "open") return fail(CLAIM_MESSAGES.open, 409);
    if (state.step !== "choose" || !state.domain) return fail(CLAIM_MESSAGES.noDomain, 409);
    if (!emailMatchesWebsite(input.email, ctx.listing.website)) return fail(CLAIM_MESSAGES.wrongDomain(state.domain), 400, "email");
    if (!(await withinClaimLimit("link", user.id))) return fail(CLAIM_MESSAGES.tooManyLinks, 429);
    const made = await createDomainClaim({ ...ref, userId: user.id, email: input.email });
    if (!made.ok) return fail(CLAIM_MESSAGES.open, 409);
    await mailClaimLink(input.email, { listing: ctx.listing, token: made.value.token, account: user.email, hours: CLAIM_LINK_HOURS });
    return redirectWithToast(here, {
      type: "success",
      title: `Te enviamos un enlace a ${input.email}`,
      description: `Ábrelo con esta cuenta iniciada. Vale ${CLAIM_LINK_HOURS} horas.`,
    });
  }

  if (!(await withinClaimLimit("request", user.id))) return fail(CLAIM_MESSAGES.tooManyRequests, 429);
  const made = await createAdminClaim({ ...ref, userId: user.id, ...input });
  if (!made.ok) return fail(CLAIM_MESSAGES.open, 409);
  return redirectWithToast(here, {
    type: "success",
    title: "Recibimos tu solicitud",
    description: "Nuestro equipo la revisará y te escribiremos por email.",
  });
}

export default function ClaimPage({ loaderData, actionData }: Route.ComponentProps) {
  const { listing, state } = loaderData;
  return (
    <OwnerFrame title="¿Es tu negocio?" intro="Confirma que lo administras para mantener al día su información en el directorio.">
      <OwnerCard tone="highlight">
        <div className="flex items-start gap-3">
          <Icon name="building-2" aria-hidden className="mt-1 size-6 shrink-0 text-ocean-700" />
          <div className="min-w-0">
            <p className="text-lg font-bold text-ocean-950">{listing.nombre}</p>
            <p className="text-sm text-muted">
              {listing.direccion} · {listing.provincia}
            </p>
            <Link to={listing.path} className="mt-1 inline-block text-sm font-semibold text-ocean-700 hover:underline">
              Ver la ficha
            </Link>
          </div>
        </div>
      </OwnerCard>

      {state.step === "manager" ? (
        <OwnerCard>
          <Notice tone="success">Ya administras este negocio.</Notice>
          <Link to="/mi-negocio" className={buttonClass()}>
            Ir a Mi negocio
          </Link>
        </OwnerCard>
      ) : state.step === "open" ? (
        <OpenClaimCard state={state} />
      ) : (
        <>
          {state.domain ? <DomainForm domain={state.domain} actionData={actionData} /> : null}
          <AdminForm name={loaderData.name} actionData={actionData} alone={!state.domain} />
        </>
      )}
    </OwnerFrame>
  );
}

type ActionData = Route.ComponentProps["actionData"];

function OpenClaimCard({ state }: { state: { method: string; email: string | null; createdAt: string; expiresAt: string | null } }) {
  const busy = useNavigation().state === "submitting";
  const byEmail = state.method === "domain";
  return (
    <OwnerCard title={byEmail ? "Revisa tu correo" : "Tu solicitud está en revisión"}>
      {byEmail ? (
        <p>
          Te enviamos un enlace a <strong>{state.email}</strong>. Ábrelo con esta cuenta iniciada para confirmar que administras el negocio.
          {state.expiresAt ? ` Vale hasta el ${endSentence(formatDateTime(state.expiresAt))}` : null}
        </p>
      ) : (
        <p>La enviaste el {formatDate(state.createdAt)}. Nuestro equipo la revisará y te escribiremos por email con la respuesta.</p>
      )}
      <Form method="post">
        <input type="hidden" name="intent" value="withdraw" />
        <Button type="submit" variant="outline" disabled={busy}>
          {byEmail ? "Usar otra forma de confirmarlo" : "Retirar la solicitud"}
        </Button>
      </Form>
    </OwnerCard>
  );
}

function DomainForm({ domain, actionData }: { domain: string; actionData: ActionData }) {
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useSchemaForm(domainClaimSchema, {
    id: "claim-domain",
    lastResult: actionData?.intent === "domain" ? actionData.result : undefined,
  });
  return (
    <OwnerCard title="Con un email de tu negocio">
      <p className="text-sm text-muted">
        Si tienes un email que termina en <strong className="text-ocean-950">@{domain}</strong>, el dominio de su sitio web, te enviamos ahí
        un enlace y quedas confirmado al abrirlo.
      </p>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <input type="hidden" name="intent" value="domain" />
        {form.errors?.length ? <Notice tone="error">{form.errors[0]}</Notice> : null}
        <InputField
          label="Email del negocio"
          meta={fields.email}
          type="email"
          autoComplete="email"
          placeholder={`tu.nombre@${domain}`}
          required
          maxLength={254}
        />
        <Button type="submit" disabled={busy}>
          <Icon name="mail" aria-hidden className="size-4" /> Enviarme el enlace
        </Button>
      </Form>
    </OwnerCard>
  );
}

function AdminForm({ name, actionData, alone }: { name: string; actionData: ActionData; alone: boolean }) {
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useSchemaForm(adminClaimSchema, {
    id: "claim-admin",
    lastResult: actionData?.intent === "admin" ? actionData.result : undefined,
    defaultValue: { full_name: name },
  });
  return (
    <OwnerCard title={alone ? "Pide la revisión de nuestro equipo" : "O pide la revisión de nuestro equipo"}>
      <p className="text-sm text-muted">
        Cuéntanos quién eres. Te llamaremos o escribiremos si necesitamos confirmar algo, y te avisaremos por email cuando lo revisemos.
      </p>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <input type="hidden" name="intent" value="admin" />
        {form.errors?.length ? <Notice tone="error">{form.errors[0]}</Notice> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField label="Tu nombre" meta={fields.full_name} autoComplete="name" required maxLength={CLAIM_LIMITS.full_name} />
          <InputField
            label="Tu cargo"
            meta={fields.role}
            required
            maxLength={CLAIM_LIMITS.role}
            placeholder="Dueño, gerente…"
            autoComplete="organization-title"
          />
        </div>
        <InputField
          label="Teléfono"
          meta={fields.phone}
          type="tel"
          autoComplete="tel"
          required
          maxLength={CLAIM_LIMITS.phone}
          placeholder="6000-0000"
        />
        <TextareaField
          label="Nota (opcional)"
          {...getTextareaProps(fields.note)}
          rows={3}
          maxLength={CLAIM_LIMITS.note}
          hint="Lo que nos ayude a confirmar que el negocio es tuyo."
          errors={fields.note.errors}
        />
        <Button type="submit" variant={alone ? "primary" : "outline"} disabled={busy}>
          <Icon name="send" aria-hidden className="size-4" /> Enviar solicitud
        </Button>
      </Form>
    </OwnerCard>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
