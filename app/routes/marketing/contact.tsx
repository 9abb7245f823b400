import { Icon, type IconName } from "~/components/icons/icon";
import { Suspense, useEffect } from "react";
import { data, useLocation } from "react-router";
import { clientKey } from "~/server/accounts/auth.server";
import { clientIpOf } from "~/server/http/request-context.server";
import type { Route } from "./+types/contact";
import { CONTACT_SUCCESS, FAQ, OPENING_HOURS, PROMISES } from "~/catalog/marketing";
import { CONTACT_SERVICES, PLAN_TYPES } from "~/catalog/plans";
import { SITE, whatsappLink } from "~/catalog/site";
import { FaqList } from "~/components/marketing/faq-list";
import { TermList } from "~/components/marketing/pair-list";
import { PageHero, Section } from "~/components/marketing/section";
import { Card } from "~/components/ui/card";
import { publicPageHeaders } from "~/lib/cache-headers";
import { lazyOnFirstUse } from "~/lib/lazy-on-first-use";
import { seo } from "~/lib/meta";
import { contactSchema } from "~/schemas/contact";
import { CONTACT_HONEYPOT } from "~/schemas/contact-fields";
import { refused, submissionOf } from "~/server/http/forms.server";
import { CONTACT_MAX_PER_WINDOW, CONTACT_WINDOW_SECONDS, createContactMessage } from "~/server/models/contact.server";
import { recordHit } from "~/server/models/rate-limits.server";
import { readForm } from "~/server/http/request.server";
import { redirectWithToast } from "~/server/http/toast.server";

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

// The form's script comes when the visitor reaches for the server's form (decision 091).
const { Component: ContactForm, load: loadForm } = lazyOnFirstUse("contact", () => import("~/components/marketing/contact-form"));

export function loader({ url }: Route.LoaderArgs) {
  const service = url.searchParams.get("servicio");
  const plan = PLAN_TYPES.find((p) => p.slug === url.searchParams.get("plan"));
  return {
    // The page's copy reaches the browser as loader data, not as JavaScript to download (decision 017).
    content: { FAQ, OPENING_HOURS, PROMISES },
    prefill: {
      service: CONTACT_SERVICES.some((s) => s.slug === service) ? service! : "",
      message: plan ? `Hola, me interesa el plan ${plan.label}.` : "",
    },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  // A malformed, oversized or non-form body is a 4xx (never a 500); the form itself is a few kB.
  const form = await readForm(request, 64_000);
  // A filled honeypot is a bot: answer like a success, store nothing.
  if (form.get(CONTACT_HONEYPOT)) throw await redirectWithToast("/contact?enviado=1", { type: "success", ...CONTACT_SUCCESS });

  const submission = submissionOf(form, contactSchema);
  if (submission.status !== "success") return refused(submission);

  const ip = clientIpOf(context);
  const hit = await recordHit(`contact:${clientKey(ip)}`, CONTACT_WINDOW_SECONDS);
  if (hit.count > CONTACT_MAX_PER_WINDOW) {
    const minutes = Math.max(1, Math.ceil(hit.retryAfterSeconds / 60));
    const message = `Recibimos varios mensajes seguidos desde tu conexión. Intenta de nuevo en ${minutes} ${minutes === 1 ? "minuto" : "minutos"} o escríbenos por WhatsApp.`;
    return data(
      { result: submission.reply({ formErrors: [message] }) },
      { status: 429, headers: { "Retry-After": String(hit.retryAfterSeconds) } },
    );
  }

  try {
    await createContactMessage(submission.value);
  } catch (error) {
    console.error("[contact] no se pudo guardar el mensaje:", error);
    const message = "No pudimos enviar tu mensaje. Intenta de nuevo en unos minutos o escríbenos por WhatsApp.";
    return data({ result: submission.reply({ formErrors: [message] }) }, { status: 503 });
  }
  // Stored, so the lead is never lost: only now the visitor is told it was sent.
  throw await redirectWithToast("/contact?enviado=1", { type: "success", ...CONTACT_SUCCESS });
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  // A new location (the redirect after sending) starts an empty form.
  const location = useLocation();
  useEffect(() => () => loadForm(), []);
  const { FAQ, OPENING_HOURS, PROMISES } = loaderData.content;

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
            <div className="mt-6">
              <Suspense fallback={<div className="min-h-[46rem]" aria-busy="true" />}>
                <ContactForm key={location.key} lastResult={actionData?.result} prefill={loaderData.prefill} />
              </Suspense>
            </div>
          </Card>

          <div className="space-y-6">
            <ContactChannels />

            <Card tone="inverse" className="p-6">
              <h2 className="flex items-center gap-2 text-lg font-bold text-white">
                <Icon name="timer" aria-hidden className="size-5 text-sun-300" /> Garantía de respuesta
              </h2>
              <p className="mt-3 text-2xl font-extrabold text-sun-300">
                <KeepRangesTogether text={PROMISES.contactPageTypical} />
              </p>
              <p className="mt-1 text-ocean-100">{PROMISES.contactPageMax}, en horario laboral.</p>
            </Card>

            <Card className="p-6">
              <h2 className="flex items-center gap-2 text-lg font-bold">
                <Icon name="clock" aria-hidden className="size-5 text-ocean-700" /> Horario de atención
              </h2>
              <TermList
                items={OPENING_HOURS.map((h) => ({ key: h.days, term: h.days, detail: h.hours }))}
                className="mt-4 space-y-2"
                itemClassName="flex flex-wrap justify-between gap-2 text-sm"
                firstClassName="font-semibold text-ocean-950"
                secondClassName="text-muted"
              />
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

/** A range such as «2-4 horas» on one line: browsers may break a line after a hyphen. */
function KeepRangesTogether({ text }: { text: string }) {
  return text.split(/(\d+-\d+ \p{L}+)/u).map((part, i) =>
    i % 2 ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, in order
      <span key={i} className="whitespace-nowrap">
        {part}
      </span>
    ) : (
      part
    ),
  );
}

/** Phone, email and WhatsApp, for those who would rather not use the form. */
function ContactChannels() {
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
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
