/**
 * Specialties editor (SPEC §5): Enter adds one, empty and duplicate ones are refused, a click removes
 * it. Each is submitted as a repeated hidden `especialidades` field, so the list also works without
 * JavaScript (the text box then submits its comma-separated content, split by the action).
 */
import { Icon } from "~/components/icons/icon";
import { useEffect, useId, useState } from "react";
import { Input, Label } from "~/components/ui/input";
import { FieldErrors } from "~/components/ui/field";

export function SpecialtiesInput({
  defaultValue,
  errors,
  max = 60,
  label = "Especialidades",
}: {
  defaultValue: string[];
  errors?: string[];
  max?: number;
  label?: string;
}) {
  const id = useId();
  const [items, setItems] = useState<string[]>(defaultValue);
  const [draft, setDraft] = useState("");
  const [hint, setHint] = useState<string | null>(null);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const defaultKey = JSON.stringify(defaultValue);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => setItems(defaultValue), [defaultKey]);

  function add() {
    const value = draft.trim();
    if (!value) {
      setHint("Escribe una especialidad antes de agregarla.");
      return;
    }
    if (items.some((i) => i.toLocaleLowerCase("es") === value.toLocaleLowerCase("es"))) {
      setHint(`"${value}" ya está en la lista.`);
      return;
    }
    setItems([...items, value]);
    setDraft("");
    setHint(null);
  }

  const errorId = `${id}-error`;
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      {items.length > 0 && (
        <ul className="mb-2 flex flex-wrap gap-2" aria-label="Especialidades agregadas">
          {items.map((item) => (
            <li key={item}>
              <input type="hidden" name="especialidades" value={item} />
              <button
                type="button"
                onClick={() => setItems(items.filter((i) => i !== item))}
                className="inline-flex min-h-11 items-center gap-1.5 rounded-full bg-ocean-50 px-3 text-sm font-medium text-ocean-800 ring-1 ring-ocean-200 hover:bg-red-50 hover:text-danger hover:ring-red-200"
                aria-label={`Quitar ${item}`}
                disabled={!hydrated}
              >
                {item} <Icon name="x" aria-hidden className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <Input
        id={id}
        name={hydrated ? undefined : "especialidades_texto"}
        value={draft}
        maxLength={max}
        placeholder={hydrated ? "Escribe y presiona Enter" : "Separadas por comas"}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? errorId : `${id}-hint`}
        onChange={(e) => {
          setDraft(e.target.value);
          setHint(null);
        }}
        onKeyDown={(e) => {
          if (e.key === "Enter") {
            e.preventDefault();
            add();
          }
        }}
      />
      <p id={`${id}-hint`} className="mt-1 text-sm text-muted" aria-live="polite">
        {hint ?? "Presiona Enter para agregar; haz clic en una especialidad para quitarla."}
      </p>
      <FieldErrors id={errorId} errors={errors} />
    </div>
  );
}
