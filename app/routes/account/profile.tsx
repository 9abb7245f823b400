import { getFormProps } from "@conform-to/react";
import { Icon } from "~/components/icons/icon";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/profile";
import { ApiTokensSection } from "~/components/blog/api-tokens-section";
import { useShowToast } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { Badge, Card } from "~/components/ui/card";
import { InputField } from "~/components/ui/field";
import { formatDate, formatDateTime } from "~/lib/format";
import { seo } from "~/lib/meta";
import { messageOf } from "~/lib/user-error";
import { useSchemaForm } from "~/lib/conform";
import { ChangePasswordForm } from "~/components/account/change-password-form";
import { changePasswordSchema, profileSchema } from "~/schemas/auth";
import { changePassword, PROFILE_MESSAGES, resendConfirmation, updateAccount } from "~/server/accounts/account.server";
import { EMAIL_LINK_HOURS } from "~/server/accounts/email-change.server";
import { pendingEmailOf } from "~/server/models/profiles.server";
import { getEnv } from "~/server/platform/env.server";
import { requireUser } from "~/server/accounts/guards.server";
import { apiTokenRevokeSchema, apiTokenSchema } from "~/schemas/blog";
import { createApiToken, listApiTokens, revokeApiToken, TooManyTokensError } from "~/server/models/api-tokens.server";
import { createPortalSession } from "~/server/billing/checkout.server";
import { checkSubscription, stripeCustomerOf } from "~/server/models/subscriptions.server";
import { refused, submissionOf } from "~/server/http/forms.server";
import { redirectWithToast } from "~/server/http/toast.server";
import { readForm } from "~/server/http/request.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "Mi Perfil", description: "Tu perfil en Panama VIP IA.", path: "/profile", noindex: true });

export async function loader({ request }: Route.LoaderArgs) {
  const { user, profile } = await requireUser(request);
  const pending = pendingEmailOf(profile, EMAIL_LINK_HOURS);
  return {
    profile: {
      full_name: profile.full_name,
      email: profile.email ?? user.email,
      is_admin: profile.is_admin,
      created_at: profile.created_at.toISOString(),
    },
    emailVerified: user.emailVerified,
    pendingEmail: pending && { email: pending.email, until: pending.until.toISOString() },
    verificationRequired: getEnv().REQUIRE_EMAIL_VERIFICATION,
    apiTokens: await listApiTokens(user.id),
    premium: await premiumOf(user.id),
  };
}

/** The account's premium status (the same check as the gate) and whether it has a Stripe customer to manage. */
async function premiumOf(userId: string) {
  const [status, customer] = await Promise.all([checkSubscription(userId), stripeCustomerOf(userId)]);
  return { subscribed: status.subscribed, source: status.source, until: status.until?.toISOString() ?? null, canManage: Boolean(customer) };
}

/** 'Gestionar suscripción': Stripe's Customer Portal for the account's own customer, back to /profile. */
async function manageSubscription(userId: string) {
  let url: string | null = null;
  try {
    url = await createPortalSession(userId, "/profile");
  } catch (error) {
    console.error(`[stripe] portal for user ${userId} failed: ${(error as Error).message}`);
  }
  if (!url) throw await redirectWithToast("/profile", { type: "error", title: "No se pudo abrir la gestión de la suscripción" });
  throw redirect(url, 303);
}

/** Writing-API tokens: intent=create-token shows the new token once; intent=revoke-token revokes one. */
async function tokenAction(userId: string, intent: "create-token" | "revoke-token", form: FormData) {
  if (intent === "revoke-token") {
    const submission = submissionOf(form, apiTokenRevokeSchema);
    const failed = { intent, toast: { type: "error" as const, title: "No se pudo revocar el token" } };
    if (submission.status !== "success") return data(failed, { status: 404 });
    // One click never revokes: without confirm=1 (a plain POST, without JavaScript) the section asks
    // first (decision 046).
    if (form.get("confirm") !== "1") {
      const token = (await listApiTokens(userId)).find((t) => t.id === submission.value.id);
      if (!token) return data(failed, { status: 404 });
      return data(
        { intent, toast: null, confirmRevoke: { id: token.id, name: token.name } },
        { headers: { "Cache-Control": "private, no-store" } },
      );
    }
    if (!(await revokeApiToken(userId, submission.value.id))) {
      return data(failed, { status: 404 });
    }
    return redirectWithToast("/profile#tokens", { type: "success", title: "Token revocado" });
  }
  const submission = submissionOf(form, apiTokenSchema);
  if (submission.status !== "success") return refused(submission, { intent, toast: null });
  try {
    const created = await createApiToken(userId, submission.value.name);
    return data(
      {
        intent,
        result: submission.reply({ resetForm: true }),
        toast: { type: "success" as const, title: "Token creado" },
        newToken: created,
      },
      { headers: { "Cache-Control": "private, no-store" } },
    );
  } catch (error) {
    if (error instanceof TooManyTokensError) {
      return data({ intent, result: submission.reply({ fieldErrors: { name: [error.message] } }), toast: null }, { status: 400 });
    }
    throw error;
  }
}

/**
 * 'Cambiar contraseña': the account's other sessions end at once; this browser keeps going with the
 * new session better-auth issues. Passwords are never sent back to the page.
 */
async function passwordAction(request: Request, form: FormData) {
  const intent = "change-password" as const;
  const hideFields = ["current_password", "new_password", "confirm"];
  const submission = submissionOf(form, changePasswordSchema);
  if (submission.status !== "success") return refused(submission, { intent, toast: null }, { hideFields });
  const outcome = await changePassword(request, submission.value);
  if (!outcome.ok) {
    const errors = outcome.field ? { fieldErrors: { [outcome.field]: [outcome.message] } } : { formErrors: [outcome.message] };
    return data(
      { intent, result: submission.reply({ ...errors, hideFields }), toast: { type: "error" as const, title: outcome.message } },
      { status: outcome.status, headers: outcome.retryAfter ? { "Retry-After": String(outcome.retryAfter) } : undefined },
    );
  }
  const headers = new Headers();
  for (const c of outcome.setCookies) headers.append("Set-Cookie", c);
  return redirectWithToast(
    "/profile",
    { type: "success", title: "Contraseña actualizada", description: "Cerramos tus sesiones en otros dispositivos." },
    { headers },
  );
}

/** 'Enviar enlace de confirmación': a new link to the account's own, unconfirmed address. */
async function resendAction(user: { email: string; emailVerified: boolean }) {
  const intent = "resend-confirmation" as const;
  if (user.emailVerified) return redirectWithToast("/profile", { type: "info", title: "Tu email ya está confirmado" });
  const sent = await resendConfirmation(user.email);
  if (!sent.ok) {
    return data({ intent, toast: { type: "error" as const, title: sent.message } }, { status: sent.status });
  }
  return redirectWithToast("/profile", { type: "success", title: "Enlace enviado", description: PROFILE_MESSAGES.verifySent(user.email) });
}

export async function action({ request }: Route.ActionArgs) {
  const { user } = await requireUser(request);
  const form = await readForm(request);
  // Several forms post here, told apart by `intent`: without one it is the profile form.
  const intent = form.get("intent");
  if (intent === "create-token" || intent === "revoke-token") return tokenAction(user.id, intent, form);
  if (intent === "manage-subscription") return manageSubscription(user.id);
  if (intent === "change-password") return passwordAction(request, form);
  if (intent === "resend-confirmation") return resendAction(user);
  // Only full_name and email are read: a forged is_admin (or anything else) is ignored.
  const submission = submissionOf(form, profileSchema);
  if (submission.status !== "success") return refused(submission, { intent: "profile" as const, toast: null });
  let outcome: Awaited<ReturnType<typeof updateAccount>>;
  try {
    outcome = await updateAccount(request, { id: user.id, email: user.email, name: user.name }, submission.value);
  } catch (error) {
    return data(
      {
        intent: "profile" as const,
        result: submission.reply(),
        toast: { type: "error" as const, title: "Error al actualizar el perfil", description: messageOf(error, "profile") },
      },
      { status: 500 },
    );
  }
  if (!outcome.ok) {
    return data(
      {
        intent: "profile" as const,
        result: submission.reply({ fieldErrors: { [outcome.field]: [outcome.message] } }),
        toast: { type: "error" as const, title: `Error al actualizar el perfil: ${outcome.message}` },
      },
      { status: outcome.status },
    );
  }
  const headers = new Headers();
  for (const c of outcome.setCookies) headers.append("Set-Cookie", c);
  return redirectWithToast(
    "/profile",
    outcome.pendingEmail
      ? { type: "info", title: "Perfil actualizado", description: PROFILE_MESSAGES.confirmSent(outcome.pendingEmail) }
      : { type: "success", title: "Perfil actualizado" },
    { headers },
  );
}

type ProfileData = Route.ComponentProps["loaderData"];
type ProfileReply = Extract<NonNullable<Route.ComponentProps["actionData"]>, { intent: "profile" }>["result"];

/** Name and e-mail. What was typed (and refused) wins over the stored values. */
function PersonalInfoForm({
  profile,
  pendingEmail,
  lastResult,
}: Pick<ProfileData, "profile" | "pendingEmail"> & { lastResult: ProfileReply | null }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [form, fields] = useSchemaForm(profileSchema, {
    id: "profile",
    lastResult,
    defaultValue: { full_name: profile.full_name, email: profile.email },
  });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-5 space-y-4">
      <InputField label="Nombre completo" meta={fields.full_name} type="text" autoComplete="name" maxLength={100} required />
      <InputField label="Email" meta={fields.email} type="email" autoComplete="email" maxLength={254} required />
      {pendingEmail ? (
        <p role="status" className="rounded-lg border border-sun-300 bg-sun-100 p-3 text-sm">
          <Icon name="mail-warning" aria-hidden className="mr-1.5 inline size-4 text-ocean-700" />
          Cambio pendiente a <strong className="break-all">{pendingEmail.email}</strong>: abre el enlace que enviamos a esa dirección antes
          del {formatDateTime(pendingEmail.until)}. Hasta entonces tu email sigue siendo <span className="break-all">{profile.email}</span>.
        </p>
      ) : null}
      <Button type="submit" disabled={busy}>
        {busy ? "Procesando..." : "Guardar cambios"}
      </Button>
    </Form>
  );
}

export default function ProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, emailVerified, pendingEmail, verificationRequired, apiTokens, premium } = loaderData;
  const tokenResult = actionData?.intent === "create-token" ? actionData : null;
  useShowToast(actionData?.toast, actionData);

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-extrabold">Mi Perfil</h1>
      <p className="mt-1 text-muted">Administra tu información personal.</p>
      <div className="mt-8 grid gap-6 lg:grid-cols-[2fr_1fr]">
        <Card className="p-6">
          <h2 className="flex items-center gap-2 text-lg font-bold">
            <Icon name="user-round" aria-hidden className="size-5 text-ocean-600" /> Información personal
          </h2>
          {/* A saved change (a new name, an address now pending) starts the form again from the account. */}
          <PersonalInfoForm
            key={`${profile.full_name}\n${pendingEmail?.email ?? profile.email}`}
            profile={profile}
            pendingEmail={pendingEmail}
            lastResult={actionData?.intent === "profile" ? actionData.result : null}
          />
        </Card>
        <Card className="p-6">
          <h2 className="text-lg font-bold">Estado de la cuenta</h2>
          <dl className="mt-4 space-y-4 text-sm">
            <div>
              <dt className="text-muted">Rol</dt>
              <dd className="mt-1">
                {profile.is_admin ? (
                  <Badge tone="sun">
                    <Icon name="shield-check" aria-hidden className="size-3.5" /> Administrador
                  </Badge>
                ) : (
                  <Badge>Usuario</Badge>
                )}
              </dd>
            </div>
            <div>
              <dt className="text-muted">Email</dt>
              <dd className="mt-1">
                {emailVerified ? (
                  <Badge tone="green">
                    <Icon name="badge-check" aria-hidden className="size-3.5" /> Verificado
                  </Badge>
                ) : (
                  <div className="space-y-2">
                    <Badge tone={verificationRequired ? "red" : "slate"}>
                      <Icon name="mail-warning" aria-hidden className="size-3.5" /> Sin verificar
                    </Badge>
                    <Form method="post">
                      <input type="hidden" name="intent" value="resend-confirmation" />
                      <Button type="submit" variant="outline" size="compact">
                        Enviar enlace de confirmación
                      </Button>
                    </Form>
                  </div>
                )}
              </dd>
            </div>
            <div>
              <dt className="text-muted">Miembro desde</dt>
              <dd className="mt-1 flex items-center gap-1.5 font-medium">
                <Icon name="calendar-days" aria-hidden className="size-4 text-ocean-600" />
                {formatDate(profile.created_at)}
              </dd>
            </div>
            <div>
              <dt className="text-muted">Cuenta</dt>
              <dd className="mt-1 font-medium text-success">Activa</dd>
            </div>
            <div>
              <dt className="text-muted">Premium (Amy y Roger)</dt>
              <dd className="mt-1 space-y-2">
                {premium.subscribed ? (
                  <Badge tone="gold">
                    <Icon name="crown" aria-hidden className="size-3.5" />
                    {premium.source === "free_plan" ? "Plan gratuito" : "Suscripción activa"} hasta {formatDate(premium.until!)}
                  </Badge>
                ) : (
                  <p>
                    Sin suscripción.{" "}
                    <Link to="/ai-solutions/amy" className="font-semibold text-ocean-700 underline">
                      Ver Premium
                    </Link>
                  </p>
                )}
                {premium.canManage ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="manage-subscription" />
                    <Button type="submit" variant="outline" size="compact">
                      <Icon name="external-link" aria-hidden className="size-4" /> Gestionar suscripción
                    </Button>
                  </Form>
                ) : null}
              </dd>
            </div>
          </dl>
        </Card>
      </div>
      {/* The same columns as the cards above, so that the left edges and widths line up. */}
      <div className="mt-6 grid gap-6 lg:grid-cols-[2fr_1fr]">
        <div className="space-y-6">
          <ChangePasswordForm lastResult={actionData?.intent === "change-password" ? actionData.result : null} />
          <ApiTokensSection
            tokens={apiTokens}
            newToken={tokenResult && "newToken" in tokenResult ? tokenResult.newToken : null}
            lastResult={tokenResult && "result" in tokenResult ? tokenResult.result : null}
            confirmRevoke={actionData && "confirmRevoke" in actionData ? actionData.confirmRevoke : null}
          />
        </div>
      </div>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
