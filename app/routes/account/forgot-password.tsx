import { getFormProps } from "@conform-to/react";
import { data, Form, Link, useNavigation } from "react-router";
import { clientIpOf } from "~/server/http/request-context.server";
import type { Route } from "./+types/forgot-password";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { InputField } from "~/components/ui/field";
import { seo } from "~/lib/meta";
import { useSchemaForm } from "~/lib/conform";
import { forgotPasswordSchema } from "~/schemas/auth";
import { requestPasswordReset } from "~/server/accounts/account.server";
import { parseSubmission, refused } from "~/server/http/forms.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Recuperar contraseña",
    description: "Recibe un enlace para elegir una nueva contraseña.",
    path: "/auth/recuperar",
    noindex: true,
  });

export async function action({ request, context }: Route.ActionArgs) {
  const submission = await parseSubmission(request, forgotPasswordSchema);
  if (submission.status !== "success") return refused(submission, { sent: false, limited: false });
  const result = await requestPasswordReset(clientIpOf(context), submission.value.email);
  if (result.limited) return data({ result: submission.reply(), sent: false, limited: true }, { status: 429 });
  return { result: submission.reply({ resetForm: true }), sent: true, limited: false };
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useSchemaForm(forgotPasswordSchema, { lastResult: actionData?.result });
  return (
    <section className="flex flex-1 items-center justify-center bg-gradient-to-b from-ocean-50 to-white px-4 py-16">
      <Card className="w-full max-w-md p-6 sm:p-8">
        <h1 className="text-2xl font-extrabold">Recuperar contraseña</h1>
        <p className="mt-1 text-sm text-muted">Te enviaremos un enlace para elegir una nueva contraseña.</p>
        {actionData?.sent ? (
          <p role="status" className="mt-4 rounded-xl bg-emerald-50 p-3 text-sm font-medium text-success">
            Si existe una cuenta con ese email, recibirás un enlace en unos minutos.
          </p>
        ) : null}
        {actionData?.limited ? (
          <p role="alert" className="mt-4 rounded-xl bg-red-50 p-3 text-sm font-medium text-danger">
            Demasiados intentos. Espera unos minutos e inténtalo de nuevo.
          </p>
        ) : null}
        <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
          <InputField label="Email" meta={fields.email} type="email" autoComplete="email" required maxLength={254} />
          <Button type="submit" size="lg" className="w-full" disabled={busy}>
            {busy ? "Procesando..." : "Enviar enlace"}
          </Button>
        </Form>
        <p className="mt-4 text-center text-sm">
          <Link to="/auth" className="font-semibold text-ocean-700 hover:underline">
            Volver a iniciar sesión
          </Link>
        </p>
      </Card>
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
