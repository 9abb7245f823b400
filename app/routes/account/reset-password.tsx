import { getFormProps } from "@conform-to/react";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/reset-password";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { NewPasswordFields } from "~/components/account/new-password-fields";
import { seo } from "~/lib/meta";
import { useSchemaForm } from "~/lib/conform";
import { PASSWORD_TOO_COMMON, resetPasswordSchema } from "~/schemas/auth";
import { resetPassword } from "~/server/accounts/account.server";
import { parseSubmission, refused } from "~/server/http/forms.server";
import { redirectWithToast } from "~/server/http/toast.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "Nueva contraseña", description: "Elige una nueva contraseña.", path: "/auth/nueva-contrasena", noindex: true });

export function loader({ url }: Route.LoaderArgs) {
  return { token: url.searchParams.get("token") ?? "", invalid: url.searchParams.get("error") === "INVALID_TOKEN" };
}

const INVALID = "El enlace no es válido o ya expiró. Pide uno nuevo.";

export async function action({ request }: Route.ActionArgs) {
  const hideFields = ["password", "confirm"];
  const submission = await parseSubmission(request, resetPasswordSchema);
  if (submission.status !== "success") return refused(submission, {}, { hideFields });
  const result = await resetPassword(submission.value.token, submission.value.password);
  // A too common password keeps the form (the link still works); anything else means the link is dead.
  if (!result.ok && result.tooCommon) {
    return data({ result: submission.reply({ fieldErrors: { password: [PASSWORD_TOO_COMMON] }, hideFields }) }, { status: 400 });
  }
  if (!result.ok) return data({ result: submission.reply({ formErrors: [INVALID], hideFields }) }, { status: 400 });
  return redirectWithToast("/auth", {
    type: "success",
    title: "Contraseña actualizada",
    description: "Ya puedes iniciar sesión con tu nueva contraseña.",
  });
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useSchemaForm(resetPasswordSchema, { lastResult: actionData?.result });
  // A dead link (from the e-mail, or refused by the server) offers no form, only a new link.
  const dead = loaderData.invalid || !loaderData.token || Boolean(form.errors?.length);
  const problem = dead ? INVALID : fields.token.errors?.[0];
  return (
    <section className="flex flex-1 items-center justify-center bg-gradient-to-b from-ocean-50 to-white px-4 py-16">
      <Card className="w-full max-w-md p-6 sm:p-8">
        <h1 className="text-2xl font-extrabold">Nueva contraseña</h1>
        {problem ? (
          <p role="alert" className="mt-4 rounded-xl bg-red-50 p-3 text-sm font-medium text-danger">
            {problem}{" "}
            <Link to="/auth/recuperar" className="underline">
              Pedir otro enlace
            </Link>
          </p>
        ) : null}
        {dead ? null : (
          <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
            <input type="hidden" name="token" value={loaderData.token} />
            <NewPasswordFields password={fields.password} confirm={fields.confirm} confirmLabel="Repite la contraseña" />
            <Button type="submit" size="lg" className="w-full" disabled={busy || !loaderData.token}>
              {busy ? "Procesando..." : "Guardar contraseña"}
            </Button>
          </Form>
        )}
      </Card>
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
