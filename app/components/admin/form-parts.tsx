/** Small building blocks of the admin forms. */
import { CatalogOptions } from "~/components/catalog-options";
import { getInputProps, getSelectProps, type FieldMetadata } from "@conform-to/react";
import type { ComponentProps, ReactNode } from "react";
import { PLAN_TYPES } from "~/catalog/plans";
import { Card } from "~/components/ui/card";
import { InputField as BoundInput, SelectField } from "~/components/ui/field";
import type { LatLng } from "~/lib/geo";
import { periodsFromText, type WeeklyPeriod } from "~/lib/opening-hours";
import { hoursRowsOf, LIMITS, locationText, type HoursRow } from "~/schemas/admin";

export function FormSection({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="text-lg font-bold">{title}</h2>
      {description ? <p className="mt-0.5 text-sm text-muted">{description}</p> : null}
      <div className="mt-5 grid gap-4 sm:grid-cols-2">{children}</div>
    </Card>
  );
}

export function CheckboxField({ meta, label, hint }: { meta: FieldMetadata<unknown>; label: string; hint?: string }) {
  return (
    <label className="flex min-h-11 cursor-pointer items-start gap-3 rounded-xl border border-slate-200 p-3 hover:bg-ocean-50/50">
      <input {...getInputProps(meta, { type: "checkbox" })} className="mt-0.5 size-5 shrink-0 accent-ocean-700" />
      <span>
        <span className="block text-sm font-semibold text-ocean-950">{label}</span>
        {hint ? <span className="block text-sm text-muted">{hint}</span> : null}
      </span>
    </label>
  );
}

/**
 * The shared Conform-bound input. A web address is a text input with the URL keyboard and length
 * limit: the browser's own url type would refuse 'www.ejemplo.com', which the schema completes.
 */
export function InputField({ type, ...props }: ComponentProps<typeof BoundInput>) {
  const url =
    type === "url"
      ? { inputMode: "url" as const, maxLength: LIMITS.url, autoCapitalize: "none", autoCorrect: "off", spellCheck: false }
      : null;
  return <BoundInput type={type === "url" ? "text" : type} {...url} {...props} />;
}

export function FormError({ message }: { message?: string | null }) {
  if (!message) return null;
  return (
    <div role="alert" className="rounded-card border border-red-200 bg-red-50 p-4 text-sm font-semibold text-danger">
      {message}
    </div>
  );
}

/** A saved row as the form shows it: strings, "on" for a checked box. */
export function toFormValues(row: Record<string, unknown>, keys: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of keys) {
    const v = row[k];
    out[k] = v === null || v === undefined ? "" : typeof v === "boolean" ? (v ? "on" : "") : String(v);
  }
  return out;
}

type Located = {
  latitud?: number | null;
  longitud?: number | null;
  horario?: string | null;
  horario_semanal?: WeeklyPeriod[] | null;
};

/**
 * The location field's text, the hours editor's rows and the saved point of a listing. A
 * listing without a schedule whose free-text hours read as one gets the editor filled in from the
 * text, with a note: the admin checks it and saves.
 */
export function locationAndHours(row: Located | null): {
  ubicacion: string;
  horario_semanal: HoursRow[];
  saved: LatLng | null;
  hoursNote: string | null;
} {
  const saved = row?.latitud != null && row.longitud != null ? { lat: row.latitud, lng: row.longitud } : null;
  const fromText = row && !row.horario_semanal ? periodsFromText(row.horario) : null;
  return {
    ubicacion: locationText(row?.latitud, row?.longitud),
    horario_semanal: hoursRowsOf(row?.horario_semanal ?? fromText),
    saved,
    hoursNote: fromText ? `Rellenamos el horario semanal a partir del texto «${row?.horario}». Revísalo y guarda para publicarlo.` : null,
  };
}

type ListingFields = Record<"rating" | "plan_type" | "is_active" | "is_verified", FieldMetadata<unknown>>;

/** Rating 0-5 in steps of 0.1; empty means no rating. */
export function RatingField({ fields }: { fields: ListingFields }) {
  return (
    <BoundInput
      label="Calificación (0 a 5)"
      meta={fields.rating}
      type="number"
      inputMode="decimal"
      min={0}
      max={5}
      step={0.1}
      hint="Déjala vacía si no tiene calificación."
    />
  );
}

/** Plan, active and verified: the same for restaurants and businesses. */
export function PublicationSection({ fields }: { fields: ListingFields }) {
  return (
    <FormSection title="Publicación">
      <SelectField label="Plan" {...getSelectProps(fields.plan_type)} errors={fields.plan_type.errors}>
        <CatalogOptions items={PLAN_TYPES} />
      </SelectField>
      <div className="grid gap-3">
        <CheckboxField meta={fields.is_active} label="Activo" hint="Visible en el directorio público." />
        <CheckboxField meta={fields.is_verified} label="Verificado" hint="Datos revisados por el equipo." />
      </div>
    </FormSection>
  );
}
