import { Icon } from "~/components/icons/icon";
import { useId, useState, type KeyboardEvent } from "react";
import { FieldErrors } from "~/components/ui/field";
import { Input, Label } from "~/components/ui/input";
import { TAG_MAX, TAGS_MAX } from "~/schemas/blog";

/**
 * Tags (SPEC §5): Enter (or a comma) adds the typed tag, duplicates are ignored (without regard to
 * case), clicking a tag removes it. The list travels in one hidden field, comma-separated.
 */
export function TagInput({ name, defaultValue, errors }: { name: string; defaultValue: string[]; errors?: string[] }) {
  const id = useId();
  const [tags, setTags] = useState<string[]>(defaultValue);
  const [text, setText] = useState("");
  const [note, setNote] = useState<string | null>(null);

  function add(raw: string) {
    const tag = raw.replace(/[\u0000-\u001f\u007f,]/g, " ").replace(/\s+/g, " ").trim().slice(0, TAG_MAX);
    setText("");
    if (!tag) return;
    if (tags.some((t) => t.toLocaleLowerCase("es") === tag.toLocaleLowerCase("es"))) {
      setNote(`La etiqueta «${tag}» ya está en la lista.`);
      return;
    }
    if (tags.length >= TAGS_MAX) {
      setNote(`Máximo ${TAGS_MAX} etiquetas.`);
      return;
    }
    setNote(null);
    setTags([...tags, tag]);
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === "Enter" || e.key === ",") {
      e.preventDefault();
      add(text);
    } else if (e.key === "Backspace" && !text && tags.length) {
      setTags(tags.slice(0, -1));
    }
  }

  return (
    <div>
      <Label htmlFor={id}>Etiquetas</Label>
      <input type="hidden" name={name} value={[...tags, ...(text.trim() ? [text.trim()] : [])].join(",")} />
      <div className="rounded-xl border border-slate-300 bg-white p-2 focus-within:border-ocean-500 focus-within:ring-2 focus-within:ring-ocean-200">
        {tags.length ? (
          <ul className="mb-2 flex flex-wrap gap-2" aria-label="Añadidas">
            {tags.map((t) => (
              <li key={t}>
                <button
                  type="button"
                  onClick={() => setTags(tags.filter((x) => x !== t))}
                  className="inline-flex min-h-9 max-w-full items-center gap-1 rounded-full bg-ocean-50 px-3 text-sm font-semibold break-all text-ocean-800 ring-1 ring-ocean-200 hover:bg-red-50 hover:text-danger hover:ring-red-200"
                  aria-label={`Quitar etiqueta ${t}`}
                >
                  #{t} <Icon name="x" aria-hidden className="size-3.5 shrink-0" />
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <Input
          id={id}
          name={`${name}_nuevas`}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          onBlur={() => text.trim() && add(text)}
          maxLength={TAG_MAX}
          placeholder={tags.length >= TAGS_MAX ? "Has llegado al máximo" : "Escribe una etiqueta y pulsa Enter"}
          bare
          aria-describedby={`${id}-hint`}
          enterKeyHint="enter"
        />
      </div>
      <p id={`${id}-hint`} className="mt-1 text-sm text-muted" aria-live="polite">
        {note ?? `Pulsa Enter para añadir; haz clic en una etiqueta para quitarla. Máximo ${TAGS_MAX}.`}
      </p>
      <FieldErrors id={`${id}-error`} errors={errors} />
    </div>
  );
}
