/**
 * /mi-negocio/nuevo: a signed-in person with a confirmed address submits a restaurant or business
 * missing from the directory, with the admin form's fields (the admin's own aside). It stays private
 * until an admin approves it; the approval makes them its manager. `?tipo=negocio` picks the kind.
 */
import { getFormProps } from "@conform-to/react";
import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/submit";
import { LISTING_KIND_IDS, LISTING_KINDS, type ListingKind } from "~/catalog/listing-kinds";
import { provinceLabel } from "~/catalog/provinces";
import { FormError, FormSection, InputField, locationAndHours } from "~/components/admin/form-parts";
import { BasicsSection, LocationHoursSection } from "~/components/admin/listing-sections";
import { SpecialtiesInput } from "~/components/admin/specialties-input";
import { Icon } from "~/components/icons/icon";
import { OwnerCard, OwnerFrame } from "~/components/owners/owner-frame";
import { Badge } from "~/components/ui/card";
import { Button, buttonClass } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { useSchemaForm } from "~/lib/conform";
import { entryPath } from "~/lib/entry-path";
import { formatDate } from "~/lib/format";
import { seo } from "~/lib/meta";
import { businessSchema, LIMITS, restaurantSchema } from "~/schemas/admin";
import { parseSubmission, refused } from "~/server/http/forms.server";
import { redirectWithToast } from "~/server/http/toast.server";
import { createSubmission, listSubmissionsOf } from "~/server/models/listing-submissions.server";
import { recordHit, releaseHit } from "~/server/models/rate-limits.server";
import { requireConfirmedUser } from "~/server/owners/guards.server";
import { data } from "react-router";

const SCHEMAS = { restaurant: restaurantSchema, business: businessSchema } as const;
/** Submissions one account may send a day: enough for a family of businesses, not for a flood. */
const PER_DAY = 5;

const kindOf = (url: URL): ListingKind =>
  LISTING_KIND_IDS.find((k) => LISTING_KINDS[k].singular === url.searchParams.get("tipo")) ?? "restaurant";
const pathOf = (kind: ListingKind) => `/mi-negocio/nuevo?tipo=${LISTING_KINDS[kind].singular}`;

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Añade tu negocio",
    description: "Envía tu restaurante o negocio al directorio.",
    path: "/mi-negocio/nuevo",
    noindex: true,
  });

export async function loader({ request, url }: Route.LoaderArgs) {
  const { user } = await requireConfirmedUser(request, "/");
  const submissions = await listSubmissionsOf(user.id);
  return {
    kind: kindOf(url),
    ...locationAndHours(null),
    submissions: submissions.map((s) => ({
      key: `${s.kind}:${s.id}`,
      nombre: s.nombre,
      label: LISTING_KINDS[s.kind].label,
      provincia: provinceLabel(s.provincia),
      status: s.review_status ?? (s.is_active ? "published" : "inactive"),
      path: s.review_status === null && s.is_active ? entryPath(s.kind, s.slug) : null,
      at: s.created_at.toISOString(),
    })),
  };
}

export async function action({ request, url }: Route.ActionArgs) {
  const { user } = await requireConfirmedUser(request, "/");
  const kind = kindOf(url);
  const submission = await parseSubmission(request, SCHEMAS[kind]);
  if (submission.status !== "success") return refused(submission);
  const key = `listing-submission:${user.id}`;
  const hit = await recordHit(key, 24 * 60 * 60);
  if (hit.count > PER_DAY) {
    await releaseHit(key, 24 * 60 * 60);
    return data(
      {
        result: submission.reply({
          formErrors: ["Ya enviaste varios negocios hoy. Inténtalo de nuevo mañana o escríbenos desde Contacto."],
        }),
      },
      { status: 429 },
    );
  }
  const { repeated } = await createSubmission(kind, submission.value, { id: user.id, email: user.email });
  // The same listing sent again while it waits is the first request: it does not count twice.
  if (repeated) await releaseHit(key, 24 * 60 * 60);
  return redirectWithToast(pathOf(kind), {
    type: "success",
    title: `Recibimos «${submission.value.nombre}»`,
    description: "Lo revisaremos pronto y te escribiremos por email. Mientras tanto no aparece en el directorio.",
  });
}

const STATUS = {
  pending: { label: "En revisión", tone: "sun" },
  refused: { label: "No aprobado", tone: "red" },
  published: { label: "Publicado", tone: "green" },
  inactive: { label: "Inactivo", tone: "slate" },
} as const;

export default function SubmitPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <OwnerFrame
      wide
      title="Añade tu negocio"
      intro="¿Tu restaurante o negocio no está en el directorio? Envíanos sus datos: lo revisamos y, al aprobarlo, lo publicamos y quedas como su administrador."
    >
      <nav aria-label="Tipo de negocio" className="flex gap-2">
        {LISTING_KIND_IDS.map((k) => (
          <Link
            key={k}
            to={pathOf(k)}
            aria-current={k === loaderData.kind ? "page" : undefined}
            className={cn(buttonClass(k === loaderData.kind ? "primary" : "outline"))}
          >
            <Icon name={k === "restaurant" ? "utensils" : "briefcase"} aria-hidden className="size-4" /> {LISTING_KINDS[k].label}
          </Link>
        ))}
      </nav>
      {/* A new form (Conform's state and all) for each kind. */}
      <SubmissionForm key={loaderData.kind} loaderData={loaderData} actionData={actionData} />
      {loaderData.submissions.length ? (
        <OwnerCard title="Tus envíos">
          <ul className="divide-y divide-ocean-100">
            {loaderData.submissions.map((s) => (
              <li key={s.key} className="flex flex-wrap items-center justify-between gap-2 py-3">
                <div className="min-w-0">
                  <p className="font-semibold text-ocean-950">
                    {s.path ? (
                      <Link to={s.path} className="hover:underline">
                        {s.nombre}
                      </Link>
                    ) : (
                      s.nombre
                    )}
                  </p>
                  <p className="text-sm text-muted">
                    {s.label} · {s.provincia} · enviado el {formatDate(s.at)}
                  </p>
                </div>
                <Badge tone={STATUS[s.status as keyof typeof STATUS]?.tone ?? "slate"}>
                  {STATUS[s.status as keyof typeof STATUS]?.label ?? s.status}
                </Badge>
              </li>
            ))}
          </ul>
        </OwnerCard>
      ) : null}
    </OwnerFrame>
  );
}

function SubmissionForm({ loaderData, actionData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const { kind } = loaderData;
  const restaurant = kind === "restaurant";
  const noun = LISTING_KINDS[kind].singular;
  const [form, fields] = useSchemaForm(SCHEMAS[kind], {
    id: `submit-${kind}`,
    lastResult: actionData?.result,
    defaultValue: { especialidades: [], ubicacion: "", horario_semanal: loaderData.horario_semanal as never },
  });
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-6">
      {/* Enter in a text field sends the form, not the first specialty button (also a submit button). */}
      <button type="submit" hidden tabIndex={-1} />
      <FormError message={form.errors?.[0]} />
      <BasicsSection fields={fields} restaurant={restaurant} description="Los campos con * son obligatorios." />

      <FormSection title="Contacto y enlaces">
        <InputField label="Teléfono" meta={fields.telefono} type="tel" maxLength={LIMITS.telefono} />
        <InputField label="Sitio web" meta={restaurant ? fields.website_url : fields.website} type="url" placeholder="www.tunegocio.com" />
        {restaurant ? (
          <>
            <InputField label="Facebook" meta={fields.facebook_url} type="url" placeholder="https://facebook.com/…" />
            <InputField label="Instagram" meta={fields.instagram_url} type="url" placeholder="https://instagram.com/…" />
          </>
        ) : null}
        <div className="sm:col-span-2">
          <InputField label="Imagen (URL)" meta={fields.imagen} type="url" placeholder="https://…/foto.jpg" />
        </div>
      </FormSection>

      <LocationHoursSection fields={fields} restaurant={restaurant} saved={null} hoursNote={null} />

      <FormSection title="Detalles">
        <div className="sm:col-span-2">
          <InputField
            label={restaurant ? "Plato especial" : "Servicio especial"}
            meta={restaurant ? fields.special_dish : fields.special_service}
            maxLength={LIMITS.specialDish}
          />
        </div>
        <div className="sm:col-span-2">
          <SpecialtiesInput form={form} meta={fields.especialidades} max={LIMITS.especialidad} />
        </div>
      </FormSection>

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Link to="/" className={buttonClass("outline")}>
          Cancelar
        </Link>
        <Button type="submit" disabled={busy}>
          <Icon name="send" aria-hidden className="size-4" /> {busy ? "Enviando..." : `Enviar ${noun}`}
        </Button>
      </div>
    </Form>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
