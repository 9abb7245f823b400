/**
 * The sign-in and sign-up form of /auth. The page loads it when the visitor reaches for it, so Conform
 * and Zod stay out of the public pages' budget (decision 091); the server renders it whole, and it
 * posts as a plain form until then.
 */
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import type { z } from "zod";
import { Icon } from "~/components/icons/icon";
import { LegalConsent } from "~/components/legal-consent";
import { Button } from "~/components/ui/button";
import { InputField } from "~/components/ui/field";
import { useSchemaForm } from "~/lib/conform";
import { loginSchema, PASSWORD_HINT, PASSWORD_MAX, signupSchema } from "~/schemas/auth";

export default function AuthForm({
  mode,
  redirectTo,
  lastResult,
}: {
  mode: "login" | "signup";
  redirectTo: string;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const schema: z.ZodType<{ full_name?: string; email: string; password: string }> = mode === "signup" ? signupSchema : loginSchema;
  const [form, fields] = useSchemaForm(schema, { id: `auth-${mode}`, lastResult });

  return (
    <>
      {form.errors?.length ? (
        <p role="alert" id={form.errorId} className="mt-4 rounded-xl bg-red-50 p-3 text-sm font-medium text-danger">
          {form.errors[0]}
        </p>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
        <input type="hidden" name="intent" value={mode} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        {mode === "signup" ? (
          <InputField label="Nombre completo" meta={fields.full_name} autoComplete="name" required maxLength={100} />
        ) : null}
        <InputField label="Email" meta={fields.email} type="email" autoComplete="email" required maxLength={254} />
        <InputField
          label="Contraseña"
          meta={fields.password}
          type="password"
          autoComplete={mode === "signup" ? "new-password" : "current-password"}
          required
          maxLength={PASSWORD_MAX}
          hint={mode === "signup" ? PASSWORD_HINT : undefined}
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
        {mode === "signup" ? <LegalConsent lead="Al crear tu cuenta" className="text-center" /> : null}
      </Form>
    </>
  );
}
