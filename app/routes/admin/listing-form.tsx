import { getFormProps, getTextareaProps } from "@conform-to/react";
import { Icon } from "~/components/icons/icon";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/listing-form";
import { BasicsSection, LocationHoursSection } from "~/components/admin/listing-sections";
import { AdminShell } from "~/components/admin/admin-shell";
import {
  FormError,
  FormSection,
  InputField,
  locationAndHours,
  PublicationSection,
  RatingField,
  toFormValues,
} from "~/components/admin/form-parts";
import { SpecialtiesInput } from "~/components/admin/specialties-input";
import { useShowToast } from "~/components/toaster";
import { Button, buttonClass } from "~/components/ui/button";
import { TextareaField } from "~/components/ui/field";
import { useSchemaForm } from "~/lib/conform";
import { seo } from "~/lib/meta";
import { businessSchema, LIMITS, restaurantSchema } from "~/schemas/admin";
import { LISTING_KIND_IDS, LISTING_KINDS, type ListingKind } from "~/catalog/listing-kinds";
import { parseSubmission, refused } from "~/server/http/forms.server";
import { requireAdmin } from "~/server/accounts/guards.server";
import { createListing, getListing, StripePlanLockedError, updateListing } from "~/server/models/admin-listings.server";
import { LISTING_GONE, ListingNotFoundError, PendingSubmissionError } from "~/server/models/listing-admin.server";
import { redirectWithToast } from "~/server/http/toast.server";

/** What the two kinds' forms hold differently; their names are the catalog's (LISTING_KINDS). */
const KINDS = {
  restaurant: {
    schema: restaurantSchema,
    loadError: "Error al cargar el restaurante",
    keys: ["categoria", "website_url", "facebook_url", "instagram_url", "maps_url", "special_dish"],
  },
  business: {
    schema: businessSchema,
    // Each kind keeps the wording admins know; the business one is the product's fixed message.
    loadError: "Error al cargar negocio",
    keys: ["industria", "website", "special_service"],
  },
} as const;

const COMMON_KEYS = [
  "nombre",
  "descripcion",
  "direccion",
  "telefono",
  "horario",
  "rating",
  "provincia",
  "imagen",
  "customer_reviews",
  "plan_type",
  "is_verified",
  "is_active",
] as const;

/** The one message of a failed save: what went wrong goes to the server's log, not to the page. */
const SAVE_FAILED = "Error al guardar. Inténtalo de nuevo.";

const kindOf = (url: { pathname: string }): ListingKind =>
  LISTING_KIND_IDS.find((k) => url.pathname.toLowerCase().startsWith(`${LISTING_KINDS[k].adminPath}/`)) ?? "restaurant";

/** The admin's list of a kind: its tab of the dashboard. */
const listOf = (kind: ListingKind) => `/admin?tab=${LISTING_KINDS[kind].plural}`;

const formValues = (kind: ListingKind, row: Record<string, unknown>) => toFormValues(row, [...COMMON_KEYS, ...KINDS[kind].keys]);

export const meta: Route.MetaFunction = ({ matches, location, loaderData: d }) => {
  const { adminPath: base, singular: noun } = LISTING_KINDS[kindOf(location)];
  return seo(matches, {
    title: d?.id ? `Editar ${noun}` : `Nuevo ${noun}`,
    description: `Formulario de ${noun}.`,
    path: d?.id ? `${base}/edit/${d.id}` : `${base}/new`,
    noindex: true,
  });
};

export async function loader({ request, params, url }: Route.LoaderArgs) {
  await requireAdmin(request);
  const kind = kindOf(url);
  const id = (params as { id?: string }).id;
  if (!id) {
    return {
      kind,
      id: null,
      values: formValues(kind, { plan_type: "free_local", is_active: true }),
      especialidades: [] as string[],
      ...locationAndHours(null),
    };
  }
  const row = await getListing(kind, id);
  if (!row) throw await redirectWithToast(listOf(kind), { type: "error", title: `${KINDS[kind].loadError}: ${LISTING_GONE}` });
  return { kind, id: row.id, values: formValues(kind, row), especialidades: row.especialidades, ...locationAndHours(row) };
}

export async function action({ request, params, url }: Route.ActionArgs) {
  const { user } = await requireAdmin(request);
  const kind = kindOf(url);
  const id = (params as { id?: string }).id ?? null;
  const submission = await parseSubmission(request, KINDS[kind].schema);
  if (submission.status !== "success") return refused(submission);
  const actor = { id: user.id, email: user.email };
  try {
    if (id) await updateListing(kind, id, submission.value, actor);
    else await createListing(kind, submission.value, actor);
  } catch (e) {
    if (e instanceof StripePlanLockedError) {
      return data({ result: submission.reply({ fieldErrors: { plan_type: [e.message] } }) }, { status: 409 });
    }
    if (e instanceof PendingSubmissionError) {
      return data({ result: submission.reply({ fieldErrors: { is_active: [e.message] } }) }, { status: 409 });
    }
    const gone = e instanceof ListingNotFoundError;
    if (!gone) console.error(`[admin] ${kind} save:`, e);
    return data(
      { result: submission.reply({ formErrors: [gone ? `Error al guardar: ${LISTING_GONE}` : SAVE_FAILED] }) },
      { status: gone ? 404 : 500 },
    );
  }
  // Businesses keep going past empty and repeated specialties but say so; restaurants refuse
  // them, so nothing is ever left out of theirs.
  const sent = [submission.payload.especialidades ?? []].flat().length;
  const dropped = sent - submission.value.especialidades.length;
  const note =
    dropped === 1
      ? " Se omitió 1 especialidad vacía o repetida."
      : dropped > 1
        ? ` Se omitieron ${dropped} especialidades vacías o repetidas.`
        : "";
  return redirectWithToast(listOf(kind), {
    type: "success",
    title: "Éxito",
    description: `${LISTING_KINDS[kind].label} «${submission.value.nombre}» ${id ? "actualizado" : "creado"}.${note}`,
  });
}

/** A new form (Conform's state and all) for each kind and entry. */
export default function ListingFormPage({ loaderData, actionData }: Route.ComponentProps) {
  return <ListingForm key={`${loaderData.kind}:${loaderData.id ?? "new"}`} loaderData={loaderData} actionData={actionData} />;
}

function ListingForm({ loaderData, actionData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const { kind } = loaderData;
  const list = listOf(kind);
  const noun = LISTING_KINDS[kind].singular;
  const restaurant = kind === "restaurant";
  // What was typed (and refused) wins over the saved entry.
  const [form, fields] = useSchemaForm(KINDS[kind].schema, {
    id: kind,
    lastResult: actionData?.result,
    defaultValue: {
      ...loaderData.values,
      especialidades: loaderData.especialidades,
      ubicacion: loaderData.ubicacion,
      // The editor's rows: the form sends rows, the schema turns them into the stored periods.
      horario_semanal: loaderData.horario_semanal as never,
    },
  });
  const saveError = actionData?.result.status === "error" ? actionData.result.error?.[""]?.[0] : undefined;
  useShowToast(saveError ? { type: "error", title: saveError } : null, actionData);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const editing = Boolean(loaderData.id);

  const image = <InputField label="Imagen (URL)" meta={fields.imagen} type="url" placeholder="https://…/foto.jpg" />;

  return (
    <AdminShell
      title={editing ? `Editar ${noun}` : `Nuevo ${noun}`}
      intro={editing ? `Estás editando «${loaderData.values.nombre}».` : "Los campos con * son obligatorios."}
      actions={
        <Link to={list} className={buttonClass("ghost")}>
          <Icon name="arrow-left" aria-hidden className="size-4" /> Volver al panel
        </Link>
      }
    >
      <Form method="post" {...getFormProps(form)} className="mx-auto max-w-4xl space-y-6">
        {/* Enter in a text field saves, as the save button: the specialty buttons below are submit
            buttons too (Conform's list buttons), and the first one would otherwise be the default. */}
        <button type="submit" hidden tabIndex={-1} />
        <FormError message={form.errors?.[0]} />
        <BasicsSection fields={fields} restaurant={restaurant} />

        <FormSection title="Contacto y enlaces" description="Los enlaces deben empezar con http:// o https://.">
          <InputField label="Teléfono" meta={fields.telefono} type="tel" maxLength={LIMITS.telefono} />
          <InputField label="Sitio web" meta={restaurant ? fields.website_url : fields.website} type="url" placeholder="https://" />
          {restaurant && (
            <>
              <InputField label="Facebook" meta={fields.facebook_url} type="url" placeholder="https://facebook.com/…" />
              <InputField label="Instagram" meta={fields.instagram_url} type="url" placeholder="https://instagram.com/…" />
            </>
          )}
          {restaurant ? <div className="sm:col-span-2">{image}</div> : image}
        </FormSection>

        <LocationHoursSection fields={fields} restaurant={restaurant} saved={loaderData.saved} hoursNote={loaderData.hoursNote} />

        <FormSection title="Detalles">
          <RatingField fields={fields} />
          <InputField
            label={restaurant ? "Plato especial" : "Servicio especial"}
            meta={restaurant ? fields.special_dish : fields.special_service}
            maxLength={LIMITS.specialDish}
          />
          <div className="sm:col-span-2">
            <SpecialtiesInput form={form} meta={fields.especialidades} max={LIMITS.especialidad} />
          </div>
          <div className="sm:col-span-2">
            <TextareaField
              label="Reseñas de clientes"
              {...getTextareaProps(fields.customer_reviews)}
              rows={3}
              maxLength={LIMITS.reviews}
              errors={fields.customer_reviews.errors}
            />
          </div>
        </FormSection>

        <PublicationSection fields={fields} />

        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Link to={list} className={buttonClass("outline")}>
            Cancelar
          </Link>
          <Button type="submit" disabled={busy}>
            <Icon name="save" aria-hidden className="size-4" /> {busy ? "Procesando..." : editing ? "Guardar cambios" : `Crear ${noun}`}
          </Button>
        </div>
      </Form>
    </AdminShell>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
