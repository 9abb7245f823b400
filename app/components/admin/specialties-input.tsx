import type { FieldMetadata, FormMetadata } from "@conform-to/react";
import { ChipListField } from "~/components/chip-list-field";

/** Specialties: Enter adds one, empty and duplicate ones are refused, a click removes it. */
export function SpecialtiesInput({
  form,
  meta,
  max,
}: {
  // biome-ignore lint/suspicious/noExplicitAny: any form's schema may hold this list field
  form: FormMetadata<any, string[]>;
  // biome-ignore lint/suspicious/noExplicitAny: the field belongs to that same, unknown form schema
  meta: FieldMetadata<string[], any, string[]>;
  max: number;
}) {
  return (
    <ChipListField
      form={form}
      meta={meta}
      maxLength={max}
      texts={{
        label: "Especialidades",
        listLabel: "Especialidades agregadas",
        newLabel: "Nueva especialidad",
        addLabel: "Agregar",
        placeholder: "Escribe y presiona Enter",
        hint: "Presiona Enter para agregar; haz clic en una especialidad para quitarla.",
        hintPlain: "Pulsa «Agregar» para escribir una especialidad; haz clic en una especialidad para quitarla.",
        chip: (s) => s,
        remove: (s) => `Quitar ${s}`,
        duplicate: (s) => `«${s}» ya está en la lista.`,
        empty: "Escribe una especialidad antes de agregarla.",
      }}
    />
  );
}
