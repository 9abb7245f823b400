import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/reset-password";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { seo } from "~/lib/meta";
import { useFormErrors } from "~/lib/use-form-errors";
import { fieldErrorsOf, formToObject, resetPasswordSchema } from "~/schemas/auth";
import { resetPassword } from "~/server/account.server";
import { redirectWithToast } from "~/server/toast.server";
import { readForm } from "~/server/request.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "Nueva contraseña", description: "Elige una nueva contraseña.", path: "/auth/nueva-contrasena", noindex: true });

export function loader({ url }: Route.LoaderArgs) {
  return { token: url.searchParams.get("token") ?? "", invalid: url.searchParams.get("error") === "INVALID_TOKEN" };
}

const INVALID = "El enlace no es válido o ya expiró. Pide uno nuevo.";

export async function action({ request }: Route.ActionArgs) {
  const parsed = resetPasswordSchema.safeParse(formToObject(await readForm(request)));
  if (!parsed.success) return data({ fieldErrors: fieldErrorsOf(parsed.error), formError: null }, { status: 400 });
  const result = await resetPassword(parsed.data.token, parsed.data.password);
  if (!result.ok) return data({ fieldErrors: null, formError: INVALID }, { status: 400 });
  return redirectWithToast("/auth", { type: "success", title: "Contraseña actualizada", description: "Ya puedes iniciar sesión con tu nueva contraseña." });
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const { errors, onSubmit } = useFormErrors(resetPasswordSchema, actionData?.fieldErrors);
  const problem = loaderData.invalid || !loaderData.token ? INVALID : (actionData?.formError ?? errors.token?.[0]);
  return (
    <section className="flex flex-1 items-center justify-center bg-gradient-to-b from-ocean-50 to-white px-4 py-16">
      <Card className="w-full max-w-md p-6 sm:p-8">
        <h1 className="text-2xl font-extrabold">Nueva contraseña</h1>
        {problem ? (
          <p role="alert" className="mt-4 rounded-xl bg-red-50 p-3 text-sm font-medium text-danger">
            {problem} <Link to="/auth/recuperar" className="underline">Pedir otro enlace</Link>
          </p>
        ) : null}
        {loaderData.invalid || !loaderData.token || actionData?.formError ? null : (
        <Form method="post" noValidate onSubmit={onSubmit} className="mt-6 space-y-4">
          <input type="hidden" name="token" value={loaderData.token} />
          <Field label="Nueva contraseña" name="password" type="password" autoComplete="new-password" required maxLength={128} errors={errors.password} hint="Mínimo 8 caracteres." />
          <Field label="Repite la contraseña" name="confirm" type="password" autoComplete="new-password" required maxLength={128} errors={errors.confirm} />
          <Button type="submit" size="lg" className="w-full" disabled={busy || !loaderData.token}>
            {busy ? "Procesando..." : "Guardar contraseña"}
          </Button>
        </Form>
        )}
      </Card>
    </section>
  );
}
