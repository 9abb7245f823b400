/**
 * A list of short texts (blog tags, listing specialties) as a Conform field list: each entry travels
 * as `name[i]`, so errors keep their index and the action needs nothing special.
 *
 * With JavaScript, a box adds what is typed (Enter) and a click on an entry removes it, without a round
 * trip. Without it, the same buttons are Conform's list buttons: «Agregar» asks the server for an
 * empty entry (a text box to type in) and a click on an entry asks it to remove that one; everything
 * else typed comes back with the answer.
 */
import { getInputProps, type FieldMetadata, type FormMetadata } from "@conform-to/react";
import { useEffect, useId, useState, type KeyboardEvent } from "react";
import { Icon } from "~/components/icons/icon";
import { Button } from "~/components/ui/button";
import { FieldErrors } from "~/components/ui/field";
import { Input, Label } from "~/components/ui/input";
import { cn } from "~/lib/cn";

export type ChipListTexts = {
  label: string;
  /** Accessible name of the list of entries. */
  listLabel: string;
  /** Accessible name of an empty entry's text box (added without JavaScript). */
  newLabel: string;
  addLabel: string;
  placeholder: string;
  hint: string;
  /** The hint until JavaScript runs (no box to press Enter in: «Agregar» asks for one). */
  hintPlain: string;
  chip: (value: string) => string;
  remove: (value: string) => string;
  duplicate: (value: string) => string;
  empty?: string;
  full?: string;
};

export function ChipListField({
  form,
  meta,
  texts,
  maxLength,
  maxItems,
  clean = (raw) => raw.trim(),
  commaAdds = false,
}: {
  // biome-ignore lint/suspicious/noExplicitAny: any form's schema may hold this list field
  form: FormMetadata<any, string[]>;
  // biome-ignore lint/suspicious/noExplicitAny: the field belongs to that same, unknown form schema
  meta: FieldMetadata<string[], any, string[]>;
  texts: ChipListTexts;
  maxLength: number;
  maxItems?: number;
  clean?: (raw: string) => string;
  /** Tags: a comma also adds, Backspace in the empty box removes the last one, leaving the box adds. */
  commaAdds?: boolean;
}) {
  const draftId = useId();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const [draft, setDraft] = useState("");
  const [note, setNote] = useState<string | null>(null);
  // A list sent by hand as repeated `name=` fields comes back as one string: shown as no entries
  // rather than failing the page.
  const items = Array.isArray(meta.initialValue) || meta.initialValue == null ? meta.getFieldList() : [];
  const values = items.map((item) => (typeof item.initialValue === "string" ? item.initialValue : ""));
  const full = maxItems !== undefined && values.filter(Boolean).length >= maxItems;

  function add() {
    const value = clean(draft).slice(0, maxLength);
    if (!value) {
      setDraft("");
      setNote(texts.empty ?? null);
      return;
    }
    if (values.some((v) => v.toLocaleLowerCase("es") === value.toLocaleLowerCase("es"))) {
      setNote(texts.duplicate(value));
      setDraft("");
      return;
    }
    if (full) {
      setNote(texts.full ?? null);
      return;
    }
    form.insert({ name: meta.name, defaultValue: value });
    setDraft("");
    setNote(null);
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === "Enter" || (commaAdds && e.key === ",")) {
      e.preventDefault();
      add();
    } else if (commaAdds && e.key === "Backspace" && !draft && items.length) {
      form.remove({ name: meta.name, index: items.length - 1 });
    }
  }

  const itemErrors = items.filter((item) => item.errors?.length);
  const hintId = `${draftId}-hint`;
  const errorId = `${draftId}-error`;
  const invalid = Boolean(meta.errors?.length || itemErrors.length);
  return (
    <div>
      {/* The box it names appears with JavaScript; a label must not point at a missing control. */}
      <Label htmlFor={hydrated ? draftId : undefined}>{texts.label}</Label>
      {items.length ? (
        <ul className="mb-2 flex flex-wrap gap-2" aria-label={texts.listLabel}>
          {items.map((item, index) => {
            const value = values[index]!;
            const remove = form.remove.getButtonProps({ name: meta.name, index });
            return (
              <li key={item.key} className={value ? undefined : "flex w-full items-start gap-2"}>
                {value ? (
                  <>
                    <input {...getInputProps(item, { type: "hidden" })} />
                    <button
                      {...remove}
                      type="submit"
                      className={cn(
                        "inline-flex min-h-11 max-w-full items-center gap-1.5 rounded-full px-3 text-sm font-semibold break-all ring-1 hover:bg-red-50 hover:text-danger hover:ring-red-200",
                        item.errors?.length ? "bg-red-50 text-danger ring-red-300" : "bg-ocean-50 text-ocean-800 ring-ocean-200",
                      )}
                      aria-label={texts.remove(value)}
                      aria-describedby={item.errors?.length ? item.errorId : undefined}
                    >
                      {texts.chip(value)} <Icon name="x" aria-hidden className="size-3.5 shrink-0" />
                    </button>
                  </>
                ) : (
                  <>
                    <Input
                      {...getInputProps(item, { type: "text" })}
                      aria-label={texts.newLabel}
                      placeholder={texts.newLabel}
                      maxLength={maxLength}
                      className="flex-1"
                    />
                    <Button {...remove} type="submit" variant="ghost" size="icon" aria-label="Descartar esta casilla">
                      <Icon name="x" aria-hidden className="size-4" />
                    </Button>
                  </>
                )}
              </li>
            );
          })}
        </ul>
      ) : null}
      <div className="flex gap-2">
        {hydrated ? (
          <Input
            id={draftId}
            value={draft}
            onChange={(e) => {
              setDraft(e.target.value);
              setNote(null);
            }}
            onKeyDown={onKeyDown}
            onBlur={() => commaAdds && draft.trim() && add()}
            maxLength={maxLength}
            placeholder={full ? texts.full : texts.placeholder}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? `${errorId} ${hintId}` : hintId}
            enterKeyHint="enter"
            className="flex-1"
          />
        ) : null}
        <Button
          {...form.insert.getButtonProps({ name: meta.name })}
          type="submit"
          variant="outline"
          onClick={(e) => {
            // With JavaScript the typed text is added here; without it the button asks the server.
            e.preventDefault();
            add();
          }}
        >
          <Icon name="plus" aria-hidden className="size-4" /> {texts.addLabel}
        </Button>
      </div>
      <p id={hintId} className="mt-1 text-sm text-muted" aria-live="polite">
        {note ?? (hydrated ? texts.hint : texts.hintPlain)}
      </p>
      <div id={errorId}>
        <FieldErrors id={meta.errorId} errors={meta.errors} />
        {itemErrors.map((item) => (
          <FieldErrors key={item.key} id={item.errorId} errors={item.errors} />
        ))}
      </div>
    </div>
  );
}
