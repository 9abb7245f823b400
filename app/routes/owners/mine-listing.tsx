/**
 * /mi-negocio/:tipo/:id: a manager edits the listing they run. Their own details apply at once;
 * name, category or industry and province wait for an admin. Anyone who does not manage it gets
 * nothing of it (requireManager, before the listing is read).
 */
import { getFormProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/mine-listing";
import { RESTAURANT_CATEGORIES } from "~/catalog/categories";
import { INDUSTRIES } from "~/catalog/industries";
import { KIND_SINGULARS, kindOfSingular, LISTING_KINDS, type KindSingular, type ListingKind } from "~/catalog/listing-kinds";
import { CatalogOptions, ProvinceOptions } from "~/components/catalog-options";
import { FormError, FormSection, InputField, locationAndHours, toFormValues } from "~/components/admin/form-parts";
import { LocationField } from "~/components/admin/location-field";
import { SpecialtiesInput } from "~/components/admin/specialties-input";
import { WeeklyHoursEditor } from "~/components/admin/weekly-hours-editor";
import { Icon } from "~/components/icons/icon";
import { useShowToast } from "~/components/toaster";
import { Button, buttonClass } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { SelectField, TextareaField } from "~/components/ui/field";
import { useSchemaForm } from "~/lib/conform";
import { entryPath } from "~/lib/entry-path";
import { errorPage, PAGE_NOT_FOUND } from "~/lib/error-page";
import { formatDate } from "~/lib/format";
import { seo } from "~/lib/meta";
import { LIMITS } from "~/schemas/admin-fields";
import {
  ownerBusinessSchema,
  ownerRestaurantSchema,
  REVIEWED_FIELDS,
  REVIEWED_LABELS,
  reviewedValueLabel,
  type ReviewedField,
} from "~/schemas/owner-listing";
import { refused, submissionOf } from "~/server/http/forms.server";
import { readForm } from "~/server/http/request.server";
import { redirectWithToast } from "~/server/http/toast.server";
import { isUuid, LISTING_GONE, ListingNotFoundError } from "~/server/models/listing-admin.server";
import { requireUser } from "~/server/accounts/guards.server";
import { confirmOwnerListing, getOwnerListing, pendingChangeOf, saveOwnerListing } from "~/server/models/owner-listings.server";
import { OWNER_MESSAGES, requireManager } from "~/server/owners/guards.server";

const SCHEMAS = { restaurant: ownerRestaurantSchema, business: ownerBusinessSchema } as const;

const KEYS = {
  restaurant: ["categoria", "website_url"],
  business: ["industria", "website"],
} as const;
const COMMON_KEYS = [
  "nombre",
  "provincia",
  "descripcion",
  "direccion",
  "telefono",
  "whatsapp",
  "horario",
  "imagen",
  "facebook_url",
  "instagram_url",
];

const SAVE_FAILED = "No se pudieron guardar los cambios. Inténtalo de nuevo.";

/** The kind the path names; any other word is a 404. */
function kindOf(tipo: string): ListingKind {
  if (!(KIND_SINGULARS as readonly string[]).includes(tipo)) throw errorPage(404, PAGE_NOT_FOUND);
  return kindOfSingular(tipo as KindSingular);
}

export const meta: Route.MetaFunction = ({ matches, params, loaderData: d }) =>
  seo(matches, {
    title: d ? `Editar ${d.published.nombre}` : "Mi negocio",
    description: "Edita la ficha de tu negocio.",
    path: `/mi-negocio/${params.tipo}/${params.id}`,
    noindex: true,
  });

/**
 * The listing's manager, or the same answer as for anyone else; an id that cannot be a listing's
 * names none (it never reaches the database).
 */
async function managerOf(request: Request, params: { tipo: string; id: string }) {
  const kind = kindOf(params.tipo);
  if (!isUuid(params.id)) {
    await requireUser(request);
    throw await redirectWithToast("/mi-negocio", { type: "error", title: OWNER_MESSAGES.notManager });
  }
  return { kind, current: await requireManager(request, kind, params.id) };
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const { kind } = await managerOf(request, params);
  const row = await getOwnerListing(kind, params.id);
  if (!row) throw await redirectWithToast("/mi-negocio", { type: "error", title: LISTING_GONE });
  const pending = await pendingChangeOf(kind, row.id);
  const record = row as unknown as Record<string, unknown>;
  // The form shows what the manager asked for while it waits for review.
  const values = { ...toFormValues(record, [...COMMON_KEYS, ...KINDS_KEYS(kind)]), ...(pending?.changes ?? {}) };
  const published = Object.fromEntries(REVIEWED_FIELDS.map((f) => [f, (record[f] as string | null | undefined) ?? null])) as Record<
    ReviewedField,
    string | null
  >;
  return {
    kind,
    id: row.id,
    slug: row.slug,
    live: row.is_active && !row.review_status,
    values,
    especialidades: row.especialidades,
    ...locationAndHours(row),
    published: { ...published, nombre: row.nombre },
    pending: pending?.changes ?? null,
    confirmedAt: row.info_confirmed_at ? row.info_confirmed_at.toISOString() : null,
    /** A saved change starts the form again from what is stored (a WhatsApp number comes back formatted). */
    version: `${row.updated_at.toISOString()}:${row.info_confirmed_at?.toISOString() ?? ""}`,
  };
}

const KINDS_KEYS = (kind: ListingKind): readonly string[] => KEYS[kind];

export async function action({ request, params }: Route.ActionArgs) {
  const {
    kind,
    current: { user },
  } = await managerOf(request, params);
  const here = `/mi-negocio/${params.tipo}/${params.id}`;
  const actor = { id: user.id, email: user.email };
  const form = await readForm(request);
  // Parsed outside the try: a malformed form is a 400 the parser throws, not a failed save.
  const submission = form.get("intent") === "confirm" ? null : submissionOf(form, SCHEMAS[kind]);
  if (submission && submission.status !== "success") return refused(submission);
  try {
    if (!submission) {
      await confirmOwnerListing(kind, params.id, actor);
      return redirectWithToast(here, { type: "success", title: "Gracias: la información queda confirmada." });
    }
    const { queued } = await saveOwnerListing(kind, params.id, submission.value!, actor);
    return redirectWithToast(here, {
      type: "success",
      title: "Cambios guardados",
      description: queued
        ? "Ya se ven en tu ficha. El cambio de nombre, categoría o provincia lo revisa nuestro equipo antes de publicarlo."
        : "Ya se ven en tu ficha.",
    });
  } catch (e) {
    if (e instanceof ListingNotFoundError) throw await redirectWithToast("/mi-negocio", { type: "error", title: LISTING_GONE });
    console.error("[mi-negocio] save:", e);
    return data({ result: { status: "error" as const, error: { "": [SAVE_FAILED] } } }, { status: 503 });
  }
}

export default function MineListingPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <MineListingForm key={`${loaderData.kind}:${loaderData.id}:${loaderData.version}`} loaderData={loaderData} actionData={actionData} />
  );
}

function MineListingForm({ loaderData, actionData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const { kind, pending, published } = loaderData;
  const restaurant = kind === "restaurant";
  const [form, fields] = useSchemaForm(SCHEMAS[kind], {
    id: `mine-${kind}`,
    lastResult: actionData?.result as never,
    defaultValue: {
      ...loaderData.values,
      especialidades: loaderData.especialidades,
      ubicacion: loaderData.ubicacion,
      horario_semanal: loaderData.horario_semanal as never,
    } as never,
  });
  const f = fields as unknown as Record<string, Parameters<typeof InputField>[0]["meta"]>;
  const saveError =
    actionData?.result.status === "error" ? (actionData.result.error as Record<string, string[]> | undefined)?.[""]?.[0] : undefined;
  useShowToast(saveError ? { type: "error", title: saveError } : null, actionData);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const confirming = busy && navigation.formData?.get("intent") === "confirm";
  const saving = busy && !confirming;
  const { singular } = LISTING_KINDS[kind];

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-10 sm:px-6 sm:py-12">
      <Link to="/mi-negocio" className="inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-ocean-700 hover:underline">
        <Icon name="arrow-left" aria-hidden className="size-4" /> Mi negocio
      </Link>
      <h1 className="mt-2 text-3xl font-extrabold wrap-anywhere">{published.nombre}</h1>
      <p className="mt-1 text-muted">Lo que cambies aquí se ve en tu ficha al momento.</p>
      <nav aria-label="Más de tu negocio" className="mt-4 flex flex-wrap gap-2">
        <Link to={`/mi-negocio/${singular}/${loaderData.id}/visibilidad`} className={buttonClass("outline", "md")}>
          <Icon name="search-check" aria-hidden className="size-4" /> Visibilidad
        </Link>
        <Link to={`/mi-negocio/${singular}/${loaderData.id}/cierres`} className={buttonClass("outline", "md")}>
          <Icon name="calendar-days" aria-hidden className="size-4" /> Cierres y feriados
        </Link>
        <Link to={`/mi-negocio/${singular}/${loaderData.id}/plan`} className={buttonClass("outline", "md")}>
          <Icon name="crown" aria-hidden className="size-4" /> Plan Local AI
        </Link>
      </nav>

      <Card className="mt-6 flex flex-col gap-4 p-5 md:flex-row md:items-center md:justify-between">
        <div className="min-w-0 flex-1">
          <h2 className="font-bold">¿Todo sigue igual?</h2>
          <p className="text-sm text-muted">
            {loaderData.confirmedAt
              ? `Confirmaste la información el ${formatDate(loaderData.confirmedAt)}.`
              : "Aún no has confirmado la información de tu ficha."}{" "}
            Tus clientes ven la fecha en la ficha.
          </p>
        </div>
        <div className="flex shrink-0 flex-col gap-2 sm:flex-row">
          {loaderData.live ? (
            <Link to={entryPath(kind, loaderData.slug)} className={buttonClass("outline", "md", "whitespace-nowrap")}>
              <Icon name="eye" aria-hidden className="size-4" /> Ver mi ficha
            </Link>
          ) : null}
          <Form method="post">
            <input type="hidden" name="intent" value="confirm" />
            <Button type="submit" variant="primary" disabled={busy} className="w-full">
              <Icon name="circle-check" aria-hidden className="size-4" />
              {confirming ? "Procesando..." : "Confirmar que la información está al día"}
            </Button>
          </Form>
        </div>
      </Card>

      <Form method="post" {...getFormProps(form)} className="mt-6 space-y-6">
        {/* Enter in a text field saves (the specialty buttons below are submit buttons too). */}
        <button type="submit" hidden tabIndex={-1} />
        <FormError message={form.errors?.[0]} />

        <FormSection title="Nombre, categoría y provincia" description="Nuestro equipo revisa estos cambios antes de publicarlos.">
          {pending ? (
            <div role="status" className="rounded-xl border border-sun-300 bg-sun-100 p-3 text-sm sm:col-span-2">
              <p className="font-semibold">Cambio pendiente de revisión:</p>
              <ul className="mt-1 list-disc pl-5">
                {(Object.keys(pending) as ReviewedField[]).map((k) => (
                  <li key={k}>
                    {REVIEWED_LABELS[k]}: {reviewedValueLabel(k, published[k])} → {reviewedValueLabel(k, pending[k])}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          <div className="sm:col-span-2">
            <InputField label="Nombre *" meta={f.nombre!} maxLength={LIMITS.nombre} required />
          </div>
          {restaurant ? (
            <SelectField label="Categoría" {...getSelectProps(f.categoria as never)} errors={f.categoria!.errors}>
              <CatalogOptions items={RESTAURANT_CATEGORIES} emptyLabel="Sin categoría" />
            </SelectField>
          ) : (
            <SelectField label="Industria *" {...getSelectProps(f.industria as never)} required errors={f.industria!.errors}>
              <CatalogOptions items={INDUSTRIES} emptyLabel="Selecciona una industria" />
            </SelectField>
          )}
          <SelectField label="Provincia *" {...getSelectProps(f.provincia as never)} required errors={f.provincia!.errors}>
            <ProvinceOptions emptyLabel="Selecciona una provincia" />
          </SelectField>
        </FormSection>

        <FormSection title="Tu negocio">
          <div className="sm:col-span-2">
            <TextareaField
              label={restaurant ? "Descripción" : "Descripción *"}
              {...getTextareaProps(f.descripcion as never)}
              rows={4}
              maxLength={LIMITS.descripcion}
              required={!restaurant}
              errors={f.descripcion!.errors}
            />
          </div>
          <div className="sm:col-span-2">
            <SpecialtiesInput form={form as never} meta={f.especialidades as never} max={LIMITS.especialidad} />
          </div>
          <div className="sm:col-span-2">
            <InputField label="Imagen (URL)" meta={f.imagen!} type="url" placeholder="https://…/foto.jpg" />
          </div>
        </FormSection>

        <FormSection title="Contacto y enlaces" description="Los enlaces pueden empezar con www. o https://.">
          <InputField label="Teléfono" meta={f.telefono!} type="tel" maxLength={LIMITS.telefono} autoComplete="tel" />
          <InputField
            label="WhatsApp"
            meta={f.whatsapp!}
            type="tel"
            maxLength={LIMITS.telefono}
            placeholder="6000-0000"
            hint="Tus clientes te escriben aquí desde la ficha. Vacío: usamos el teléfono."
          />
          <div className="sm:col-span-2">
            <InputField label="Sitio web" meta={(restaurant ? f.website_url : f.website)!} type="url" placeholder="https://" />
          </div>
          <InputField label="Facebook" meta={f.facebook_url!} type="url" placeholder="https://facebook.com/…" />
          <InputField label="Instagram" meta={f.instagram_url!} type="url" placeholder="https://instagram.com/…" />
        </FormSection>

        <FormSection title="Ubicación y horario" description="Para «cerca de mí» y «abierto ahora» en el directorio.">
          <div className="sm:col-span-2">
            <InputField label="Dirección *" meta={f.direccion!} maxLength={LIMITS.direccion} required />
          </div>
          <div className="sm:col-span-2">
            <LocationField meta={f.ubicacion as never} saved={loaderData.saved} />
          </div>
          <div className="sm:col-span-2">
            <TextareaField
              label="Horario (texto)"
              {...getTextareaProps(f.horario as never)}
              rows={2}
              maxLength={LIMITS.horario}
              placeholder={restaurant ? "Lun-Sáb 11:00-22:00" : "Lun-Vie 8:00-17:00"}
              hint="Como quieres que se lea. El horario semanal de abajo es el que decide «abierto ahora»."
              errors={f.horario!.errors}
            />
          </div>
          <div className="min-w-0 sm:col-span-2">
            <WeeklyHoursEditor meta={f.horario_semanal as never} note={loaderData.hoursNote} />
          </div>
        </FormSection>

        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Link to="/mi-negocio" className={buttonClass("outline")}>
            Cancelar
          </Link>
          <Button type="submit" disabled={busy}>
            <Icon name="save" aria-hidden className="size-4" /> {saving ? "Procesando..." : `Guardar mi ${singular}`}
          </Button>
        </div>
      </Form>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
