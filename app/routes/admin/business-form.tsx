import { getFormProps, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { Icon } from "~/components/icons/icon";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/business-form";
import { AdminShell } from "~/components/admin/admin-shell";
import { FormError, FormSection, locationAndHours, PublicationSection, RatingField, toFormValues } from "~/components/admin/form-parts";
import { LocationField } from "~/components/admin/location-field";
import { WeeklyHoursEditor } from "~/components/admin/weekly-hours-editor";
import { SpecialtiesInput } from "~/components/admin/specialties-input";
import { useShowToast } from "~/components/toaster";
import { Button, buttonClass } from "~/components/ui/button";
import { Field, SelectField, TextareaField } from "~/components/ui/field";
import { INDUSTRIES } from "~/catalog/industries";
import { useSchemaForm } from "~/lib/conform";
import { seo } from "~/lib/meta";
import { businessSchema, LIMITS } from "~/schemas/admin";
import { parseSubmission, refused } from "~/server/forms.server";
import { requireAdmin } from "~/server/guards.server";
import { createListing, getListing, updateListing } from "~/server/models/admin-listings.server";
import { ListingNotFoundError } from "~/server/models/listing-admin.server";
import { redirectWithToast } from "~/server/toast.server";
import { ProvinceOptions } from "~/components/province-options";

const TEXT_KEYS = [
  "nombre",
  "descripcion",
  "direccion",
  "telefono",
  "horario",
  "rating",
  "industria",
  "provincia",
  "website",
  "imagen",
  "special_service",
  "customer_reviews",
  "plan_type",
  "is_verified",
  "is_active",
] as const;

export const meta: Route.MetaFunction = ({ matches, loaderData: d }) =>
  seo(matches, {
    title: d?.id ? "Editar negocio" : "Nuevo negocio",
    description: "Formulario de negocio.",
    path: d?.id ? `/admin/business/edit/${d.id}` : "/admin/business/new",
    noindex: true,
  });

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const id = (params as { id?: string }).id;
  if (!id) {
    return {
      id: null,
      values: toFormValues({ plan_type: "free_local", is_active: true }, TEXT_KEYS),
      especialidades: [] as string[],
      ...locationAndHours(null),
    };
  }
  const row = await getListing("business", id);
  if (!row) {
    // SPEC §8: 'Error al cargar negocio: {message}', then back to /admin.
    throw await redirectWithToast("/admin?tab=negocios", {
      type: "error",
      title: `Error al cargar negocio: ${new ListingNotFoundError().message}`,
    });
  }
  return { id: row.id, values: toFormValues(row, TEXT_KEYS), especialidades: row.especialidades, ...locationAndHours(row) };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { user } = await requireAdmin(request);
  const id = (params as { id?: string }).id ?? null;
  const submission = await parseSubmission(request, businessSchema);
  if (submission.status !== "success") return refused(submission);
  const actor = { id: user.id, email: user.email };
  const verb = id ? "actualizar" : "crear";
  try {
    if (id) await updateListing("business", id, submission.value, actor);
    else await createListing("business", submission.value, actor);
  } catch (e) {
    if (e instanceof ListingNotFoundError) {
      return data({ result: submission.reply({ formErrors: [`Error al ${verb} negocio: ${e.message}`] }) }, { status: 404 });
    }
    console.error("[admin] business save:", e);
    return data(
      { result: submission.reply({ formErrors: [`Error al ${verb} negocio: no se pudo guardar. Intenta de nuevo.`] }) },
      { status: 500 },
    );
  }
  // The business form keeps going past empty and repeated specialties (SPEC §5) but says so.
  const sent = [submission.payload.especialidades ?? []].flat().length;
  const dropped = sent - submission.value.especialidades.length;
  const note =
    dropped === 1
      ? " Se omitió 1 especialidad vacía o repetida."
      : dropped > 1
        ? ` Se omitieron ${dropped} especialidades vacías o repetidas.`
        : "";
  return redirectWithToast("/admin?tab=negocios", {
    type: "success",
    title: "Éxito",
    description: `Negocio «${submission.value.nombre}» ${id ? "actualizado" : "creado"}.${note}`,
  });
}

export default function BusinessFormPage({ loaderData, actionData }: Route.ComponentProps) {
  // What was typed (and refused) wins over the saved entry.
  const [form, fields] = useSchemaForm(businessSchema, {
    id: "business",
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

  return (
    <AdminShell
      title={editing ? "Editar negocio" : "Nuevo negocio"}
      intro={editing ? `Estás editando «${loaderData.values.nombre}».` : "Los campos con * son obligatorios."}
      actions={
        <Link to="/admin?tab=negocios" className={buttonClass("ghost")}>
          <Icon name="arrow-left" aria-hidden className="size-4" /> Volver al panel
        </Link>
      }
    >
      <Form key={loaderData.id ?? "new"} method="post" {...getFormProps(form)} className="mx-auto max-w-4xl space-y-6">
        {/* Enter in a text field saves, as the save button: the specialty buttons below are submit
            buttons too (Conform's list buttons), and the first one would otherwise be the default. */}
        <button type="submit" hidden tabIndex={-1} />
        <FormError message={form.errors?.[0]} />
        <FormSection title="Información básica">
          <div className="sm:col-span-2">
            <Field
              label="Nombre *"
              {...getInputProps(fields.nombre, { type: "text" })}
              maxLength={LIMITS.nombre}
              required
              errors={fields.nombre.errors}
            />
          </div>
          <SelectField label="Industria *" {...getSelectProps(fields.industria)} required errors={fields.industria.errors}>
            <option value="">Selecciona una industria</option>
            {INDUSTRIES.map((i) => (
              <option key={i.slug} value={i.slug}>
                {i.label}
              </option>
            ))}
          </SelectField>
          <SelectField label="Provincia *" {...getSelectProps(fields.provincia)} required errors={fields.provincia.errors}>
            <ProvinceOptions emptyLabel="Selecciona una provincia" />
          </SelectField>
          <div className="sm:col-span-2">
            <Field
              label="Dirección *"
              {...getInputProps(fields.direccion, { type: "text" })}
              maxLength={LIMITS.direccion}
              required
              errors={fields.direccion.errors}
            />
          </div>
          <div className="sm:col-span-2">
            <TextareaField
              label="Descripción *"
              {...getTextareaProps(fields.descripcion)}
              rows={4}
              maxLength={LIMITS.descripcion}
              required
              errors={fields.descripcion.errors}
            />
          </div>
        </FormSection>

        <FormSection title="Contacto y enlaces" description="Los enlaces deben empezar con http:// o https://.">
          <Field
            label="Teléfono"
            {...getInputProps(fields.telefono, { type: "tel" })}
            maxLength={LIMITS.telefono}
            errors={fields.telefono.errors}
          />
          <Field
            label="Sitio web"
            {...getInputProps(fields.website, { type: "url" })}
            inputMode="url"
            maxLength={LIMITS.url}
            placeholder="https://"
            errors={fields.website.errors}
          />
          <Field
            label="Imagen (URL)"
            {...getInputProps(fields.imagen, { type: "url" })}
            inputMode="url"
            maxLength={LIMITS.url}
            placeholder="https://…/foto.jpg"
            errors={fields.imagen.errors}
          />
        </FormSection>

        <FormSection title="Ubicación y horario" description="Para «cerca de mí» y «abierto ahora» en el directorio.">
          <div className="sm:col-span-2">
            <LocationField meta={fields.ubicacion} saved={loaderData.saved} />
          </div>
          <div className="sm:col-span-2">
            <Field
              label="Horario"
              {...getInputProps(fields.horario, { type: "text" })}
              maxLength={LIMITS.horario}
              placeholder="Lun-Vie 8:00-17:00"
              hint="El horario como se lee en la ficha. El horario semanal de abajo es el que decide «abierto ahora»."
              errors={fields.horario.errors}
            />
          </div>
          <div className="min-w-0 sm:col-span-2">
            <WeeklyHoursEditor meta={fields.horario_semanal} note={loaderData.hoursNote} />
          </div>
        </FormSection>

        <FormSection title="Detalles">
          <RatingField fields={fields} />
          <Field
            label="Servicio especial"
            {...getInputProps(fields.special_service, { type: "text" })}
            maxLength={LIMITS.specialDish}
            errors={fields.special_service.errors}
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
          <Link to="/admin?tab=negocios" className={buttonClass("outline")}>
            Cancelar
          </Link>
          <Button type="submit" disabled={busy}>
            <Icon name="save" aria-hidden className="size-4" /> {busy ? "Procesando..." : editing ? "Guardar cambios" : "Crear negocio"}
          </Button>
        </div>
      </Form>
    </AdminShell>
  );
}
