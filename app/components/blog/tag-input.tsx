import type { FieldMetadata, FormMetadata } from "@conform-to/react";
import { ChipListField } from "~/components/chip-list-field";
import { TAG_MAX, TAGS_MAX } from "~/schemas/blog";

/**
 * Tags: Enter (or a comma) adds the typed tag, duplicates are ignored (without regard to
 * case), clicking a tag removes it. Each tag is one `tags[i]` field.
 */
export function TagInput({
  form,
  meta,
}: {
  // biome-ignore lint/suspicious/noExplicitAny: any form's schema may hold this list field
  form: FormMetadata<any, string[]>;
  // biome-ignore lint/suspicious/noExplicitAny: the field belongs to that same, unknown form schema
  meta: FieldMetadata<string[], any, string[]>;
}) {
  return (
    <ChipListField
      form={form}
      meta={meta}
      maxLength={TAG_MAX}
      maxItems={TAGS_MAX}
      commaAdds
      clean={(raw) =>
        raw
          .replace(/[\u0000-\u001f\u007f,]/g, " ")
          .replace(/\s+/g, " ")
          .trim()
      }
      texts={{
        label: "Etiquetas",
        listLabel: "Añadidas",
        newLabel: "Nueva etiqueta",
        addLabel: "Añadir",
        placeholder: "Escribe una etiqueta y pulsa Enter",
        hint: `Pulsa Enter para añadir; haz clic en una etiqueta para quitarla. Máximo ${TAGS_MAX}.`,
        hintPlain: "Pulsa «Añadir» para escribir una etiqueta; haz clic en una etiqueta para quitarla.",
        chip: (t) => `#${t}`,
        remove: (t) => `Quitar etiqueta ${t}`,
        duplicate: (t) => `La etiqueta «${t}» ya está en la lista.`,
        full: "Has llegado al máximo",
      }}
    />
  );
}
