import { Icon, type IconName } from "~/components/icons/icon";
import { data, Form, useLocation, useNavigation } from "react-router";
import { clientIpOf } from "~/server/request-context.server";
import type { Route } from "./+types/contact";
import { CONTACT_SUCCESS, FAQ, OPENING_HOURS, PROMISES } from "~/catalog/marketing";
import { CONTACT_SERVICES, PLAN_TYPES } from "~/catalog/plans";
import { SITE, whatsappLink } from "~/catalog/site";
import { FaqList } from "~/components/marketing/faq-list";
import { PageHero, Section } from "~/components/marketing/section";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field, SelectField, TextareaField } from "~/components/ui/field";
import { publicPageHeaders } from "~/lib/cache-headers";
import { seo } from "~/lib/meta";
import { fieldErrorsOf, formToObject, type FieldErrors } from "~/schemas/auth";
import { contactSchema } from "~/schemas/contact";
import { CONTACT_HONEYPOT, CONTACT_LIMITS } from "~/schemas/contact-fields";
import { CONTACT_MAX_PER_WINDOW, CONTACT_WINDOW_SECONDS, createContactMessage } from "~/server/models/contact.server";
import { recordHit } from "~/server/models/rate-limits.server";
import { readForm } from "~/server/request.server";
import { redirectWithToast } from "~/server/toast.server";

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ matches }) => [
  ...seo(matches, {
    title: "Contacto",
    description:
      "Escríbenos por el formulario, WhatsApp, teléfono o email. Normalmente respondemos en 2-4 horas y siempre en menos de 24 horas. Lunes a viernes de 8 AM a 6 PM.",
    path: "/contact",
  }),
  // The server's `Referrer-Policy: no-referrer` makes browsers send `Origin: null` on a plain
  // (no-JavaScript) form POST, which React Router refuses as a possible CSRF. Same-origin requests
  // may carry the origin; other sites still get no referrer (docs/decisions/013).
  { name: "referrer", content: "same-origin" },
];

const FIELDS = ["name", "email", "phone", "business", "service", "message"] as const;
type Values = Partial<Record<(typeof FIELDS)[number], string>>;

export function loader({ url }: Route.LoaderArgs) {
  const service = url.searchParams.get("servicio");
  const plan = PLAN_TYPES.find((p) => p.slug === url.searchParams.get("plan"));
  return {
    // The page's copy reaches the browser as loader data, not as JavaScript to download (decision 017).
    content: { CONTACT_SUCCESS, FAQ, OPENING_HOURS, PROMISES },
    sent: url.searchParams.has("enviado"),
    prefill: {
      service: CONTACT_SERVICES.some((s) => s.slug === service) ? service! : "",
      message: plan ? `Hola, me interesa el plan ${plan.label}.` : "",
    },
  };
}

/** What the visitor typed, echoed back on errors (capped so a huge post is not reflected whole). */
function echo(values: Record<string, string>): Values {
  const out: Values = {};
  for (const f of FIELDS) if (typeof values[f] === "string") out[f] = values[f]!.slice(0, CONTACT_LIMITS.message * 2);
  return out;
}

export async function action({ request, context }: Route.ActionArgs) {
  // A malformed, oversized or non-form body is a 4xx (never a 500); the form itself is a few kB.
  const values = formToObject(await readForm(request, 64_000));
  // A filled honeypot is a bot: answer like a success, store nothing.
  if (values[CONTACT_HONEYPOT]) throw await redirectWithToast("/contact?enviado=1", { type: "success", ...CONTACT_SUCCESS });

  const parsed = contactSchema.safeParse(values);
  if (!parsed.success) {
    return data({ fieldErrors: fieldErrorsOf(parsed.error), values: echo(values), formError: null }, { status: 400 });
  }

  const ip = clientIpOf(context);
  const hit = await recordHit(`contact:${ip}`, CONTACT_WINDOW_SECONDS);
  if (hit.count > CONTACT_MAX_PER_WINDOW) {
    const minutes = Math.max(1, Math.ceil(hit.retryAfterSeconds / 60));
    return data(
      {
        fieldErrors: null,
        values: echo(values),
        formError: `Recibimos varios mensajes seguidos desde tu conexión. Intenta de nuevo en ${minutes} ${minutes === 1 ? "minuto" : "minutos"} o escríbenos por WhatsApp.`,
      },
      { status: 429, headers: { "Retry-After": String(hit.retryAfterSeconds) } },
    );
  }

  try {
    await createContactMessage(parsed.data);
  } catch (error) {
    console.error("[contact] no se pudo guardar el mensaje:", error);
    return data(
      { fieldErrors: null, values: echo(values), formError: "No pudimos enviar tu mensaje. Intenta de nuevo en unos minutos o escríbenos por WhatsApp." },
      { status: 503 },
    );
  }
  // Stored: only now the visitor is told it was sent (D9).
  throw await redirectWithToast("/contact?enviado=1", { type: "success", ...CONTACT_SUCCESS });
}

function ContactForm({ actionData, prefill }: { actionData: Route.ComponentProps["actionData"]; prefill: { service: string; message: string } }) {
  const navigation = useNavigation();
  const location = useLocation();
  const busy = navigation.state === "submitting" && navigation.formAction?.startsWith("/contact");
  // The action validates (the Zod schema stays on the server): its Spanish field errors come back
  // with what was typed, with or without JavaScript. No schema is shipped to the browser.
  const errors: FieldErrors = actionData?.fieldErrors ?? {};
  const v: Values = actionData?.values ?? { service: prefill.service, message: prefill.message };

  return (
    <Form method="post" action="/contact" noValidate className="space-y-5" key={location.key} aria-labelledby="form-title">
      {actionData?.formError ? (
        <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm font-medium text-danger">
          {actionData.formError}
        </p>
      ) : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Nombre *" name="name" autoComplete="name" required maxLength={CONTACT_LIMITS.name} defaultValue={v.name} errors={errors.name} />
        <Field
          label="Email *"
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={CONTACT_LIMITS.email}
          defaultValue={v.email}
          errors={errors.email}
        />
        <Field label="Teléfono" name="phone" type="tel" autoComplete="tel" maxLength={CONTACT_LIMITS.phone} defaultValue={v.phone} errors={errors.phone} />
        <Field
          label="Negocio"
          name="business"
          autoComplete="organization"
          maxLength={CONTACT_LIMITS.business}
          defaultValue={v.business}
          errors={errors.business}
        />
      </div>
      <SelectField label="Servicio de interés" name="service" defaultValue={v.service ?? ""} errors={errors.service}>
        <option value="">Selecciona un servicio (opcional)</option>
        {CONTACT_SERVICES.map((s) => (
          <option key={s.slug} value={s.slug}>
            {s.label}
          </option>
        ))}
      </SelectField>
      <TextareaField
        label="Mensaje *"
        name="message"
        rows={6}
        required
        maxLength={CONTACT_LIMITS.message}
        defaultValue={v.message}
        errors={errors.message}
        hint={`Cuéntanos sobre tu negocio y lo que necesitas (máximo ${CONTACT_LIMITS.message} caracteres).`}
      />
      {/* Honeypot: off-screen and out of the tab order; people never fill it in. */}
      <div aria-hidden="true" className="absolute -left-[10000px] top-auto size-px overflow-hidden">
        <label htmlFor="contact-hp">No llenes este campo</label>
        <input id="contact-hp" type="text" name={CONTACT_HONEYPOT} tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <p className="text-sm text-muted">Los campos con * son obligatorios.</p>
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={busy}>
        <Icon name="send" aria-hidden className="size-4" />
        {busy ? "Enviando..." : "Enviar Mensaje"}
      </Button>
    </Form>
  );
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { CONTACT_SUCCESS, FAQ, OPENING_HOURS, PROMISES } = loaderData.content;
  const channels = [
    { icon: "phone" as IconName, label: "Teléfono", value: SITE.phone, href: SITE.phoneHref, external: false },
    { icon: "mail" as IconName, label: "Email", value: SITE.email, href: `mailto:${SITE.email}`, external: false },
    {
      icon: "message-circle" as IconName,
      label: "WhatsApp",
      value: "Escríbenos por WhatsApp",
      href: whatsappLink("Hola, quiero información sobre sus servicios."),
      external: true,
    },
  ];

  return (
    <>
      <PageHero
        eyebrow="Contacto"
        title="Hablemos de tu negocio"
        intro="Cuéntanos qué necesitas y te proponemos un plan. La primera consulta es gratuita."
      />
      <Section className="relative">
        <div className="grid gap-8 lg:grid-cols-[3fr_2fr]">
          <Card className="relative p-6 sm:p-8">
            <h2 id="form-title" className="text-2xl font-extrabold">
              Envíanos un mensaje
            </h2>
            {loaderData.sent && !actionData ? (
              <div role="status" className="mt-5 flex gap-3 rounded-xl bg-emerald-50 p-4 text-success" data-testid="contact-sent">
                <Icon name="circle-check" aria-hidden className="mt-0.5 size-5 shrink-0" />
                <p>
                  <strong className="block">{CONTACT_SUCCESS.title}</strong>
                  {CONTACT_SUCCESS.description}
                </p>
              </div>
            ) : null}
            <div className="mt-6">
              <ContactForm actionData={actionData} prefill={loaderData.prefill} />
            </div>
          </Card>

          <div className="space-y-6">
            <Card className="p-6">
              <h2 className="text-lg font-bold">Otros canales</h2>
              <ul className="mt-4 space-y-2">
                {channels.map(({ icon, label, value, href, external }) => (
                  <li key={label}>
                    <a
                      href={href}
                      {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})}
                      className="flex min-h-11 items-center gap-3 rounded-xl p-2 hover:bg-ocean-50"
                    >
                      <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-ocean-50 text-ocean-700">
                        <Icon name={icon} aria-hidden className="size-5" />
                      </span>
                      <span>
                        <span className="block text-xs font-semibold uppercase tracking-wider text-muted">{label}</span>
                        <span className="block font-semibold text-ocean-900">
                          {value}
                          {external ? <span className="sr-only"> (se abre en una pestaña nueva)</span> : null}
                        </span>
                      </span>
                    </a>
                  </li>
                ))}
              </ul>
            </Card>

            <Card tone="inverse" className="p-6">
              <h2 className="flex items-center gap-2 text-lg font-bold text-white">
                <Icon name="timer" aria-hidden className="size-5 text-sun-300" /> Garantía de respuesta
              </h2>
              <p className="mt-3 text-2xl font-extrabold text-sun-300">{PROMISES.contactPageTypical}</p>
              <p className="mt-1 text-ocean-100">{PROMISES.contactPageMax}, en horario laboral.</p>
            </Card>

            <Card className="p-6">
              <h2 className="flex items-center gap-2 text-lg font-bold">
                <Icon name="clock" aria-hidden className="size-5 text-ocean-700" /> Horario de atención
              </h2>
              <dl className="mt-4 space-y-2">
                {OPENING_HOURS.map((h) => (
                  <div key={h.days} className="flex flex-wrap justify-between gap-2 text-sm">
                    <dt className="font-semibold text-ocean-950">{h.days}</dt>
                    <dd className="text-muted">{h.hours}</dd>
                  </div>
                ))}
              </dl>
            </Card>
          </div>
        </div>
      </Section>

      <Section className="bg-ocean-50" labelledBy="faq-title">
        <div className="mx-auto max-w-3xl">
          <h2 id="faq-title" className="text-center text-3xl font-extrabold">
            Preguntas frecuentes
          </h2>
          <FaqList items={FAQ} className="mt-8" />
        </div>
      </Section>
    </>
  );
}
