/**
 * The /contact form. The page loads it with React.lazy once the visitor reaches for it, so Conform and
 * Zod are not part of the page's download (decisions 045, 091); the server renders it whole, and until
 * it is loaded it posts as a plain form.
 */
import { CatalogOptions } from "~/components/catalog-options";
import { getFormProps, getSelectProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation } from "react-router";
import { CONTACT_SERVICES } from "~/catalog/plans";
import { LEGAL_PATHS } from "~/catalog/site";
import { Icon } from "~/components/icons/icon";
import { Button } from "~/components/ui/button";
import { InputField, SelectField, TextareaField } from "~/components/ui/field";
import { useSchemaForm } from "~/lib/conform";
import { contactSchema } from "~/schemas/contact";
import { CONTACT_HONEYPOT, CONTACT_LIMITS } from "~/schemas/contact-fields";

const INPUTS = [
  { name: "name", label: "Nombre *", type: "text", autoComplete: "name", required: true },
  { name: "email", label: "Email *", type: "email", autoComplete: "email", required: true },
  { name: "phone", label: "Teléfono", type: "tel", autoComplete: "tel", required: false },
  { name: "business", label: "Negocio", type: "text", autoComplete: "organization", required: false },
] as const;

export default function ContactForm({
  lastResult,
  prefill,
}: {
  lastResult?: SubmissionResult<string[]> | null;
  prefill: { service: string; message: string };
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction?.startsWith("/contact");
  const [form, fields] = useSchemaForm(contactSchema, { id: "contact", lastResult, defaultValue: prefill });

  return (
    <Form method="post" action="/contact" {...getFormProps(form)} className="space-y-5" aria-labelledby="form-title">
      {form.errors?.length ? (
        <p role="alert" id={form.errorId} className="rounded-xl bg-red-50 p-3 text-sm font-medium text-danger">
          {form.errors[0]}
        </p>
      ) : null}
      <div className="grid gap-5 sm:grid-cols-2">
        {INPUTS.map(({ name, label, type, autoComplete, required }) => (
          <InputField
            key={name}
            label={label}
            meta={fields[name]}
            type={type}
            autoComplete={autoComplete}
            required={required}
            maxLength={CONTACT_LIMITS[name]}
          />
        ))}
      </div>
      <SelectField label="Servicio de interés" {...getSelectProps(fields.service)} errors={fields.service.errors}>
        <CatalogOptions items={CONTACT_SERVICES} emptyLabel="Selecciona un servicio (opcional)" />
      </SelectField>
      <TextareaField
        label="Mensaje *"
        {...getTextareaProps(fields.message)}
        rows={6}
        required
        maxLength={CONTACT_LIMITS.message}
        errors={fields.message.errors}
        hint={`Cuéntanos sobre tu negocio y lo que necesitas (máximo ${CONTACT_LIMITS.message} caracteres).`}
      />
      {/* Honeypot: off-screen and out of the tab order; people never fill it in. */}
      <div aria-hidden="true" className="absolute -left-[10000px] top-auto size-px overflow-hidden">
        <label htmlFor="contact-hp">No llenes este campo</label>
        <input id="contact-hp" type="text" name={CONTACT_HONEYPOT} tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <p className="text-sm text-muted">
        Los campos con * son obligatorios. Usamos tus datos para atender tu consulta; más detalles en nuestra{" "}
        <Link to={LEGAL_PATHS.privacy} className="font-semibold text-ocean-700 underline underline-offset-2">
          Política de privacidad
        </Link>
        .
      </p>
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={busy}>
        <Icon name="send" aria-hidden className="size-4" />
        {busy ? "Enviando..." : "Enviar Mensaje"}
      </Button>
    </Form>
  );
}
