/**
 * The listing form's sections that the admin's form and a member's submission share word for word:
 * what the entry is and where, and its location and hours.
 */
import { type FieldMetadata, getSelectProps, getTextareaProps } from "@conform-to/react";
import { RESTAURANT_CATEGORIES } from "~/catalog/categories";
import { INDUSTRIES } from "~/catalog/industries";
import { CatalogOptions, ProvinceOptions } from "~/components/catalog-options";
import { FormSection, InputField } from "~/components/admin/form-parts";
import { LocationField } from "~/components/admin/location-field";
import { WeeklyHoursEditor } from "~/components/admin/weekly-hours-editor";
import { SelectField, TextareaField } from "~/components/ui/field";
import type { LatLng } from "~/lib/geo";
import { LIMITS } from "~/schemas/admin";

type Meta = FieldMetadata<unknown>;
type BasicsFields = Record<"nombre" | "provincia" | "categoria" | "industria" | "direccion" | "descripcion", Meta>;
type PlaceFields = Record<"maps_url" | "ubicacion" | "horario" | "horario_semanal", Meta>;

/** Name, province, category or industry, address and description. */
export function BasicsSection({ fields, restaurant, description }: { fields: BasicsFields; restaurant: boolean; description?: string }) {
  const province = (
    <SelectField label="Provincia *" {...getSelectProps(fields.provincia)} required errors={fields.provincia.errors}>
      <ProvinceOptions emptyLabel="Selecciona una provincia" />
    </SelectField>
  );
  return (
    <FormSection title="Información básica" description={description}>
      <div className="sm:col-span-2">
        <InputField label="Nombre *" meta={fields.nombre} maxLength={LIMITS.nombre} required />
      </div>
      {restaurant ? (
        <>
          {province}
          <SelectField label="Categoría" {...getSelectProps(fields.categoria)} errors={fields.categoria.errors}>
            <CatalogOptions items={RESTAURANT_CATEGORIES} emptyLabel="Sin categoría" />
          </SelectField>
        </>
      ) : (
        <>
          <SelectField label="Industria *" {...getSelectProps(fields.industria)} required errors={fields.industria.errors}>
            <CatalogOptions items={INDUSTRIES} emptyLabel="Selecciona una industria" />
          </SelectField>
          {province}
        </>
      )}
      <div className="sm:col-span-2">
        <InputField label="Dirección *" meta={fields.direccion} maxLength={LIMITS.direccion} required />
      </div>
      <div className="sm:col-span-2">
        {/* A business needs a description; a restaurant may go without. */}
        <TextareaField
          label={restaurant ? "Descripción" : "Descripción *"}
          {...getTextareaProps(fields.descripcion)}
          rows={4}
          maxLength={LIMITS.descripcion}
          required={!restaurant}
          errors={fields.descripcion.errors}
        />
      </div>
    </FormSection>
  );
}

/** Maps link, coordinates, the hours as read and the weekly hours that decide «abierto ahora». */
export function LocationHoursSection({
  fields,
  restaurant,
  saved,
  hoursNote,
}: {
  fields: PlaceFields;
  restaurant: boolean;
  saved: LatLng | null;
  hoursNote: string | null;
}) {
  return (
    <FormSection title="Ubicación y horario" description="Para «cerca de mí» y «abierto ahora» en el directorio.">
      {restaurant ? (
        <div className="sm:col-span-2">
          <InputField label="Google Maps" meta={fields.maps_url} type="url" placeholder="https://maps.google.com/…" />
        </div>
      ) : null}
      <div className="sm:col-span-2">
        <LocationField meta={fields.ubicacion} saved={saved} fallbackHint={restaurant} />
      </div>
      <div className="sm:col-span-2">
        {/* A textarea: imported hours come one day per line, which an input would flatten on save. */}
        <TextareaField
          label="Horario"
          {...getTextareaProps(fields.horario)}
          rows={2}
          maxLength={LIMITS.horario}
          placeholder={restaurant ? "Lun-Sáb 11:00-22:00" : "Lun-Vie 8:00-17:00"}
          hint="El horario como se lee en la ficha. El horario semanal de abajo es el que decide «abierto ahora»."
          errors={fields.horario.errors}
        />
      </div>
      <div className="min-w-0 sm:col-span-2">
        <WeeklyHoursEditor meta={fields.horario_semanal} note={hoursNote} />
      </div>
    </FormSection>
  );
}
