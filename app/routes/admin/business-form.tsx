import { Icon } from "~/components/icons/icon";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/business-form";
import { AdminShell } from "~/components/admin/admin-shell";
import { FormError, FormSection, PublicationSection, RatingField, toFormValues } from "~/components/admin/form-parts";
import { SpecialtiesInput } from "~/components/admin/specialties-input";
import { useAdminFormErrors } from "~/components/admin/use-admin-form";
import { useShowToast } from "~/components/toaster";
import { Button, buttonClass } from "~/components/ui/button";
import { Field, SelectField, TextareaField } from "~/components/ui/field";
import { INDUSTRIES } from "~/catalog/industries";
import { seo } from "~/lib/meta";
import { adminFormToObject, businessSchema, LIMITS } from "~/schemas/admin";
import { fieldErrorsOf } from "~/schemas/auth";
import { requireAdmin } from "~/server/guards.server";
import { createBusiness, getBusiness, updateBusiness } from "~/server/models/admin-listings.server";
import { ListingNotFoundError } from "~/server/models/listing-admin.server";
import { redirectWithToast } from "~/server/toast.server";
import { ProvinceOptions } from "~/components/province-options";

const TEXT_KEYS = [
  "nombre", "descripcion", "direccion", "telefono", "horario", "rating", "industria", "provincia", "website", "imagen",
  "special_service", "customer_reviews", "plan_type", "is_verified", "is_active",
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
    return { id: null, values: toFormValues({ plan_type: "free_local", is_active: true }, TEXT_KEYS), especialidades: [] as string[] };
  }
  const row = await getBusiness(id);
  if (!row) {
    // SPEC §8: 'Error al cargar negocio: {message}', then back to /admin.
    throw await redirectWithToast("/admin?tab=negocios", {
      type: "error",
      title: `Error al cargar negocio: ${new ListingNotFoundError().message}`,
    });
  }
  return { id: row.id, values: toFormValues(row, TEXT_KEYS), especialidades: row.especialidades };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { user } = await requireAdmin(request);
  const id = (params as { id?: string }).id ?? null;
  const raw = adminFormToObject(await request.formData());
  const echo = {
    values: Object.fromEntries(TEXT_KEYS.map((k) => [k, typeof raw[k] === "string" ? (raw[k] as string).slice(0, 5000) : ""])),
    especialidades: (raw.especialidades as string[]).slice(0, 50).map((s) => s.slice(0, 200)),
  };
  const parsed = businessSchema.safeParse(raw);
  if (!parsed.success) {
    return data({ ...echo, fieldErrors: fieldErrorsOf(parsed.error), formError: null }, { status: 400 });
  }
  const actor = { id: user.id, email: user.email };
  const verb = id ? "actualizar" : "crear";
  try {
    if (id) await updateBusiness(id, parsed.data, actor);
    else await createBusiness(parsed.data, actor);
  } catch (e) {
    if (e instanceof ListingNotFoundError) {
      return data({ ...echo, fieldErrors: null, formError: `Error al ${verb} negocio: ${e.message}` }, { status: 404 });
    }
    console.error("[admin] business save:", e);
    return data({ ...echo, fieldErrors: null, formError: `Error al ${verb} negocio: no se pudo guardar. Intenta de nuevo.` }, { status: 500 });
  }
  return redirectWithToast("/admin?tab=negocios", {
    type: "success",
    title: "Éxito",
    description: id ? `Negocio "${parsed.data.nombre}" actualizado.` : `Negocio "${parsed.data.nombre}" creado.`,
  });
}

export default function BusinessFormPage({ loaderData, actionData }: Route.ComponentProps) {
  const values = actionData?.values ?? loaderData.values;
  const especialidades = actionData?.especialidades ?? loaderData.especialidades;
  const { errors, onSubmit } = useAdminFormErrors(businessSchema, actionData?.fieldErrors);
  useShowToast(actionData?.formError ? { type: "error", title: actionData.formError } : null, actionData);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const editing = Boolean(loaderData.id);
  const v = (k: (typeof TEXT_KEYS)[number]) => values[k] ?? "";

  return (
    <AdminShell
      title={editing ? "Editar negocio" : "Nuevo negocio"}
      intro={editing ? `Estás editando "${loaderData.values.nombre}".` : "Los campos con * son obligatorios."}
      actions={
        <Link to="/admin?tab=negocios" className={buttonClass("ghost")}>
          <Icon name="arrow-left" aria-hidden className="size-4" /> Volver al panel
        </Link>
      }
    >
      <Form key={loaderData.id ?? "new"} method="post" noValidate onSubmit={onSubmit} className="mx-auto max-w-4xl space-y-6">
        <FormError message={actionData?.formError} />
        <FormSection title="Información básica">
          <div className="sm:col-span-2">
            <Field label="Nombre *" name="nombre" defaultValue={v("nombre")} maxLength={LIMITS.nombre} required errors={errors.nombre} />
          </div>
          <SelectField label="Industria *" name="industria" defaultValue={v("industria")} required errors={errors.industria}>
            <option value="">Selecciona una industria</option>
            {INDUSTRIES.map((i) => (
              <option key={i.slug} value={i.slug}>
                {i.label}
              </option>
            ))}
          </SelectField>
          <SelectField label="Provincia *" name="provincia" defaultValue={v("provincia")} required errors={errors.provincia}>
            <ProvinceOptions emptyLabel="Selecciona una provincia" />
          </SelectField>
          <div className="sm:col-span-2">
            <Field label="Dirección *" name="direccion" defaultValue={v("direccion")} maxLength={LIMITS.direccion} required errors={errors.direccion} />
          </div>
          <div className="sm:col-span-2">
            <TextareaField label="Descripción *" name="descripcion" rows={4} defaultValue={v("descripcion")} maxLength={LIMITS.descripcion} required errors={errors.descripcion} />
          </div>
        </FormSection>

        <FormSection title="Contacto y enlaces" description="Los enlaces deben empezar con http:// o https://.">
          <Field label="Teléfono" name="telefono" type="tel" defaultValue={v("telefono")} maxLength={LIMITS.telefono} errors={errors.telefono} />
          <Field label="Horario" name="horario" defaultValue={v("horario")} maxLength={LIMITS.horario} placeholder="Lun-Vie 8:00-17:00" errors={errors.horario} />
          <Field label="Sitio web" name="website" type="url" inputMode="url" defaultValue={v("website")} maxLength={LIMITS.url} placeholder="https://" errors={errors.website} />
          <Field label="Imagen (URL)" name="imagen" type="url" inputMode="url" defaultValue={v("imagen")} maxLength={LIMITS.url} placeholder="https://…/foto.jpg" errors={errors.imagen} />
        </FormSection>

        <FormSection title="Detalles">
          <RatingField v={v} errors={errors} />
          <Field label="Servicio especial" name="special_service" defaultValue={v("special_service")} maxLength={LIMITS.specialDish} errors={errors.special_service} />
          <div className="sm:col-span-2">
            <SpecialtiesInput defaultValue={especialidades} errors={errors.especialidades} max={LIMITS.especialidad} />
          </div>
          <div className="sm:col-span-2">
            <TextareaField label="Reseñas de clientes" name="customer_reviews" rows={3} defaultValue={v("customer_reviews")} maxLength={LIMITS.reviews} errors={errors.customer_reviews} />
          </div>
        </FormSection>

        <PublicationSection v={v} errors={errors} />

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
