import { Icon } from "~/components/icons/icon";
import { data, Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { clientIpOf } from "~/server/request-context.server";
import type { Route } from "./+types/auth";
import { useShowToast } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { seo } from "~/lib/meta";
import { useFormErrors } from "~/lib/use-form-errors";
import { fieldErrorsOf, formToObject, loginSchema, signupSchema } from "~/schemas/auth";
import { signIn, signUp } from "~/server/account.server";
import { requireAnonymous } from "~/server/guards.server";
import { toastHeader } from "~/server/toast.server";
import { readForm } from "~/server/request.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Iniciar Sesión",
    description: "Inicia sesión o crea tu cuenta en Panama VIP IA para escribir en el blog y usar los asistentes de IA.",
    path: "/auth",
  });

export async function loader({ request }: Route.LoaderArgs) {
  await requireAnonymous(request);
  return null;
}

/** Only same-site relative paths are followed after sign-in. */
function safeRedirect(to: FormDataEntryValue | null): string {
  const value = typeof to === "string" ? to : "";
  return value.startsWith("/") && !value.startsWith("//") && !value.startsWith("/\\") ? value : "/";
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAnonymous(request);
  const form = await readForm(request);
  const intent = form.get("intent") === "signup" ? "signup" : "login";
  const values = formToObject(form);
  const ip = clientIpOf(context);

  if (intent === "signup") {
    const parsed = signupSchema.safeParse(values);
    if (!parsed.success) return data({ intent, fieldErrors: fieldErrorsOf(parsed.error), formError: null, toast: null }, { status: 400 });
    const outcome = await signUp(request, ip, parsed.data);
    if (!outcome.ok) {
      return data(
        { intent, fieldErrors: null, formError: outcome.message, toast: { type: "error" as const, title: outcome.message } },
        { status: outcome.status, headers: outcome.retryAfter ? { "Retry-After": String(outcome.retryAfter) } : undefined },
      );
    }
    if (outcome.needsVerification) {
      return data({
        intent,
        fieldErrors: null,
        formError: null,
        verifyNotice: true,
        toast: { type: "success" as const, title: "¡Cuenta creada!", description: "Revisa tu email para confirmar tu cuenta." },
      });
    }
    const headers = new Headers();
    for (const c of outcome.setCookies) headers.append("Set-Cookie", c);
    headers.append("Set-Cookie", await toastHeader({ type: "success", title: "¡Cuenta creada!", description: "Tu cuenta está lista." }));
    throw redirect(safeRedirect(form.get("redirectTo")), { headers });
  }

  const parsed = loginSchema.safeParse(values);
  if (!parsed.success) return data({ intent, fieldErrors: fieldErrorsOf(parsed.error), formError: null, toast: null }, { status: 400 });
  const outcome = await signIn(request, ip, parsed.data);
  if (!outcome.ok) {
    return data(
      { intent, fieldErrors: null, formError: outcome.message, toast: { type: "error" as const, title: outcome.message } },
      { status: outcome.status, headers: outcome.retryAfter ? { "Retry-After": String(outcome.retryAfter) } : undefined },
    );
  }
  const headers = new Headers();
  for (const c of outcome.setCookies) headers.append("Set-Cookie", c);
  headers.append("Set-Cookie", await toastHeader({ type: "success", title: "¡Bienvenido!", description: "Has iniciado sesión correctamente." }));
  throw redirect(safeRedirect(form.get("redirectTo")), { headers });
}

// The sign-in page's schemas (and Zod) are fetched after the page loads (decision 017).
const loadLoginSchema = () => import("~/schemas/auth").then((m) => m.loginSchema);
const loadSignupSchema = () => import("~/schemas/auth").then((m) => m.signupSchema);

export default function AuthPage({ actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const mode = params.get("modo") === "registro" ? "signup" : "login";
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const schema = mode === "signup" ? loadSignupSchema : loadLoginSchema;
  const sameIntent = actionData?.intent === mode;
  const { errors, onSubmit } = useFormErrors(schema, sameIntent ? actionData?.fieldErrors : null);
  useShowToast(actionData?.toast, actionData);
  const redirectTo = params.get("redirectTo") ?? "";

  return (
    <section className="relative flex flex-1 items-center justify-center overflow-hidden bg-gradient-to-b from-ocean-50 to-white px-4 py-16">
      <Card className="w-full max-w-md p-6 sm:p-8">
        <div role="tablist" aria-label="Tipo de acceso" className="grid grid-cols-2 gap-1 rounded-full bg-ocean-50 p-1">
          <Link
            role="tab"
            aria-selected={mode === "login"}
            to={redirectTo ? `/auth?redirectTo=${encodeURIComponent(redirectTo)}` : "/auth"}
            replace
            className="flex min-h-11 items-center justify-center rounded-full text-sm font-semibold text-ocean-800 aria-selected:bg-white aria-selected:shadow-sm"
          >
            Iniciar Sesión
          </Link>
          <Link
            role="tab"
            aria-selected={mode === "signup"}
            to={`/auth?modo=registro${redirectTo ? `&redirectTo=${encodeURIComponent(redirectTo)}` : ""}`}
            replace
            className="flex min-h-11 items-center justify-center rounded-full text-sm font-semibold text-ocean-800 aria-selected:bg-white aria-selected:shadow-sm"
          >
            Crear Cuenta
          </Link>
        </div>

        <h1 className="mt-6 text-2xl font-extrabold">{mode === "signup" ? "Crea tu cuenta" : "Bienvenido de nuevo"}</h1>
        <p className="mt-1 text-sm text-muted">
          {mode === "signup"
            ? "Escribe en el blog y accede a los asistentes de IA."
            : "Inicia sesión para continuar en Panama VIP IA."}
        </p>

        {actionData && "verifyNotice" in actionData && actionData.verifyNotice ? (
          <p role="status" className="mt-4 rounded-xl bg-emerald-50 p-3 text-sm font-medium text-success">
            Te enviamos un email para confirmar tu cuenta. Ábrelo y luego inicia sesión.
          </p>
        ) : null}
        {sameIntent && actionData?.formError ? (
          <p role="alert" className="mt-4 rounded-xl bg-red-50 p-3 text-sm font-medium text-danger">
            {actionData.formError}
          </p>
        ) : null}

        <Form method="post" noValidate onSubmit={onSubmit} className="mt-6 space-y-4" key={mode}>
          <input type="hidden" name="intent" value={mode} />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          {mode === "signup" ? (
            <Field label="Nombre completo" name="full_name" autoComplete="name" required maxLength={100} errors={errors.full_name} />
          ) : null}
          <Field label="Email" name="email" type="email" autoComplete="email" required maxLength={254} errors={errors.email} />
          <Field
            label="Contraseña"
            name="password"
            type="password"
            autoComplete={mode === "signup" ? "new-password" : "current-password"}
            required
            maxLength={128}
            errors={errors.password}
            hint={mode === "signup" ? "Mínimo 8 caracteres." : undefined}
          />
          <Button type="submit" size="lg" className="w-full" disabled={busy}>
            {busy ? (
              "Procesando..."
            ) : mode === "signup" ? (
              <>
                <Icon name="user-plus" aria-hidden className="size-5" /> Crear Cuenta
              </>
            ) : (
              <>
                <Icon name="log-in" aria-hidden className="size-5" /> Iniciar Sesión
              </>
            )}
          </Button>
        </Form>
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
