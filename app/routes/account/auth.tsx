import type { Submission } from "@conform-to/react";
import { Suspense, useEffect } from "react";
import { data, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { clientIpOf } from "~/server/http/request-context.server";
import type { Route } from "./+types/auth";
import { dismissToasts, useShowToast } from "~/components/toaster";
import { Card } from "~/components/ui/card";
import { lazyOnFirstUse } from "~/lib/lazy-on-first-use";
import { seo } from "~/lib/meta";
import { loginSchema, signupSchema } from "~/schemas/auth";
import { signIn, signUp } from "~/server/accounts/account.server";
import { refused, submissionOf } from "~/server/http/forms.server";
import { requireAnonymous } from "~/server/accounts/guards.server";
import { type Toast, toastHeader } from "~/server/http/toast.server";
import { readForm } from "~/server/http/request.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Iniciar Sesión",
    description: "Inicia sesión o crea tu cuenta en Panama VIP IA para escribir en el blog y usar los asistentes de IA.",
    path: "/auth",
  });

// The form's script comes when the visitor reaches for the server's form or its tabs (decision 091).
const { Component: AuthForm, load: loadForm } = lazyOnFirstUse("auth", () => import("~/components/account/auth-form"));

export async function loader({ request }: Route.LoaderArgs) {
  await requireAnonymous(request);
  return null;
}

/**
 * Only same-site relative paths are followed after sign-in, read as a browser reads them (tabs and
 * line breaks dropped) and percent-encoded: a Location header carries ASCII only.
 */
function safeRedirect(to: FormDataEntryValue | null): string {
  const value = typeof to === "string" ? to : "";
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return "/";
  const base = "http://site.invalid";
  const url = URL.parse(value, base);
  return url && url.origin === base ? url.pathname + url.search + url.hash : "/";
}

type Refusal = Extract<Awaited<ReturnType<typeof signIn>>, { ok: false }>;

/**
 * The form again with better-auth's refusal (in Spanish) as its error, next to the field it concerns
 * (a too common password) or for the whole form, and a toast; Retry-After on a 429.
 */
function refusedBy(intent: "signup" | "login", submission: Submission<unknown>, outcome: Refusal) {
  const errors = outcome.field ? { fieldErrors: { [outcome.field]: [outcome.message] } } : { formErrors: [outcome.message] };
  return data(
    {
      intent,
      result: submission.reply({ ...errors, hideFields: HIDDEN }),
      toast: { type: "error" as const, title: outcome.message },
    },
    { status: outcome.status, headers: outcome.retryAfter ? { "Retry-After": String(outcome.retryAfter) } : undefined },
  );
}

/** Signed in: the session cookies and the welcome toast, then where the visitor was going. */
async function signedIn(form: FormData, setCookies: string[], toast: Toast): Promise<never> {
  const headers = new Headers();
  for (const c of setCookies) headers.append("Set-Cookie", c);
  headers.append("Set-Cookie", await toastHeader(toast));
  throw redirect(safeRedirect(form.get("redirectTo")), { headers });
}

// Passwords are never sent back to the page; everything else that was typed is.
const HIDDEN = ["password"];

export async function action({ request, context }: Route.ActionArgs) {
  await requireAnonymous(request);
  const form = await readForm(request);
  const intent = form.get("intent") === "signup" ? "signup" : "login";
  const ip = clientIpOf(context);

  if (intent === "signup") {
    const submission = submissionOf(form, signupSchema);
    if (submission.status !== "success") return refused(submission, { intent, toast: null }, { hideFields: HIDDEN });
    const outcome = await signUp(request, ip, submission.value);
    if (!outcome.ok) return refusedBy(intent, submission, outcome);
    if (outcome.needsVerification) {
      return data({
        intent,
        result: submission.reply({ resetForm: true }),
        verifyNotice: true,
        toast: { type: "success" as const, title: "¡Cuenta creada!", description: "Revisa tu email para confirmar tu cuenta." },
      });
    }
    return signedIn(form, outcome.setCookies, { type: "success", title: "¡Cuenta creada!", description: "Tu cuenta está lista." });
  }

  const submission = submissionOf(form, loginSchema);
  if (submission.status !== "success") return refused(submission, { intent, toast: null }, { hideFields: HIDDEN });
  const outcome = await signIn(request, ip, submission.value);
  if (!outcome.ok) return refusedBy(intent, submission, outcome);
  return signedIn(form, outcome.setCookies, { type: "success", title: "¡Bienvenido!", description: "Has iniciado sesión correctamente." });
}

export default function AuthPage({ actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const mode = params.get("modo") === "registro" ? "signup" : "login";
  const sameIntent = actionData?.intent === mode;
  useShowToast(actionData?.toast, actionData);
  // A new attempt replaces the last one's answer: a refusal still on screen must not stay under
  // '¡Cuenta creada!' or '¡Bienvenido!'.
  const sending = useNavigation().state === "submitting";
  useEffect(() => {
    if (sending) dismissToasts();
  }, [sending]);
  const redirectTo = params.get("redirectTo") ?? "";
  useEffect(() => () => loadForm(), []);

  return (
    <section
      id="auth"
      className="relative flex flex-1 items-center justify-center overflow-hidden bg-gradient-to-b from-ocean-50 to-white px-4 py-16"
    >
      <Card className="w-full max-w-md p-6 sm:p-8">
        {/* Two pages, not tabs: each link loads its own form, with or without JavaScript. */}
        <nav aria-label="Tipo de acceso" className="grid grid-cols-2 gap-1 rounded-full bg-ocean-50 p-1">
          {(
            [
              ["login", "Iniciar Sesión", redirectTo ? `/auth?redirectTo=${encodeURIComponent(redirectTo)}` : "/auth"],
              ["signup", "Crear Cuenta", `/auth?modo=registro${redirectTo ? `&redirectTo=${encodeURIComponent(redirectTo)}` : ""}`],
            ] as const
          ).map(([id, label, to]) => (
            <Link
              key={id}
              aria-current={mode === id ? "page" : undefined}
              to={to}
              replace
              className="flex min-h-11 items-center justify-center rounded-full text-sm font-semibold text-ocean-800 aria-[current=page]:bg-white aria-[current=page]:shadow-sm"
            >
              {label}
            </Link>
          ))}
        </nav>

        <h1 className="mt-6 text-2xl font-extrabold">{mode === "signup" ? "Crea tu cuenta" : "Bienvenido de nuevo"}</h1>
        <p className="mt-1 text-sm text-muted">
          {mode === "signup" ? "Escribe en el blog y accede a los asistentes de IA." : "Inicia sesión para continuar en Panama VIP IA."}
        </p>

        {actionData && "verifyNotice" in actionData && actionData.verifyNotice ? (
          <p role="status" className="mt-4 rounded-xl bg-emerald-50 p-3 text-sm font-medium text-success">
            Te enviamos un email para confirmar tu cuenta. Ábrelo y luego inicia sesión.
          </p>
        ) : null}
        <Suspense fallback={<div className="mt-6 min-h-64" aria-busy="true" />}>
          <AuthForm key={mode} mode={mode} redirectTo={redirectTo} lastResult={sameIntent ? actionData?.result : null} />
        </Suspense>
        {mode === "login" ? (
          <p className="mt-4 text-center text-sm">
            <Link to="/auth/recuperar" className="font-semibold text-ocean-700 underline-offset-4 hover:underline">
              ¿Olvidaste tu contraseña?
            </Link>
          </p>
        ) : null}
      </Card>
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
