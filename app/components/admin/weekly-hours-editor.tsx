/**
 * The weekly opening hours of a listing as seven rows, Monday first: 'Cerrado' or open-close
 * ranges in <input type="time">. Plain named inputs, so it works without JavaScript; the schema
 * (weeklyHoursField) turns the rows into periods and puts its errors on the day's row. With
 * JavaScript, one day's hours can be copied to every day or to Monday–Friday.
 */
import type { FieldMetadata } from "@conform-to/react";
import { useEffect, useRef, useState, type RefObject } from "react";
import { Icon } from "~/components/icons/icon";
import { Button } from "~/components/ui/button";
import { Input, Select } from "~/components/ui/input";
import { FieldErrors } from "~/components/ui/field";
import { DAY_NAMES, WEEK_ORDER } from "~/lib/opening-hours";
import type { HoursRow } from "~/schemas/admin";

const capitalized = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

// "turno", not "horario": the free-text field is labelled "Horario".
const ORDINAL = ["", " (2.º turno)", " (3.er turno)", " (4.º turno)"];

/** Rows of WEEK_ORDER (Monday first): all of them, and the working days, Monday to Friday. */
const ALL_DAYS = WEEK_ORDER.map((_, i) => i);
const WEEKDAYS = [0, 1, 2, 3, 4];
const SLOTS = [0, 1];

/**
 * 'Copiar el horario del [día] a todos los días / a días laborables'. It writes into the rows' own
 * inputs and announces each input's change, so the form (Conform) sees typed values: what is sent and
 * checked on the server is the same as if the admin had typed every row.
 */
function CopyHours({ name, fieldset }: { name: string; fieldset: RefObject<HTMLFieldSetElement | null> }) {
  const [source, setSource] = useState(0);
  const [done, setDone] = useState("");
  const selectId = `${name}-copy-source`;

  function copy(targets: number[], to: string) {
    const elements = fieldset.current?.elements;
    if (!elements) return;
    const input = (row: number, field: string) => elements.namedItem(`${name}[${row}].${field}`) as HTMLInputElement | null;
    // A box takes true/false, a time its text; each change is announced as typing would.
    const write = (el: HTMLInputElement | null, value: string | boolean) => {
      if (!el) return;
      if (typeof value === "boolean") el.checked = value;
      else el.value = value;
      el.dispatchEvent(new Event("input", { bubbles: true }));
      el.dispatchEvent(new Event("change", { bubbles: true }));
    };
    const closed = input(source, "cerrado")?.checked ?? false;
    const times = SLOTS.map((j) => [input(source, `rangos[${j}].abre`)?.value ?? "", input(source, `rangos[${j}].cierra`)?.value ?? ""]);
    for (const row of targets) {
      if (row === source) continue;
      write(input(row, "cerrado"), closed);
      for (const j of SLOTS) {
        write(input(row, `rangos[${j}].abre`), times[j]![0]!);
        write(input(row, `rangos[${j}].cierra`), times[j]![1]!);
      }
    }
    setDone(`Copiamos el horario del ${DAY_NAMES[WEEK_ORDER[source]]} ${to}. Guarda para aplicar los cambios.`);
  }

  return (
    <div className="mt-3 rounded-xl bg-ocean-50/70 p-3">
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={selectId} className="text-sm font-semibold text-ocean-950">
          Copiar el horario del
        </label>
        {/* The select fills its box: the box sets its width. */}
        <div className="w-36">
          <Select
            id={selectId}
            value={source}
            onChange={(e) => {
              setSource(Number(e.target.value));
              setDone("");
            }}
          >
            {WEEK_ORDER.map((day, i) => (
              <option key={day} value={i}>
                {DAY_NAMES[day]}
              </option>
            ))}
          </Select>
        </div>
        <Button variant="outline" size="compact" onClick={() => copy(ALL_DAYS, "a todos los días")}>
          <Icon name="copy" aria-hidden className="size-4" />
          Copiar a todos los días
        </Button>
        <Button variant="outline" size="compact" onClick={() => copy(WEEKDAYS, "a los días laborables (lunes a viernes)")}>
          <Icon name="copy" aria-hidden className="size-4" />
          Copiar a días laborables
        </Button>
      </div>
      {/* Always in the page (empty, unseen) so that screen readers announce the copy. */}
      <p role="status" className={done ? "mt-2 text-sm text-ocean-800" : "sr-only"}>
        {done}
      </p>
    </div>
  );
}

export function WeeklyHoursEditor({
  meta,
  note,
}: {
  // biome-ignore lint/suspicious/noExplicitAny: the field holds the form's rows, its schema output is the periods
  meta: FieldMetadata<any, any, string[]>;
  /** Shown above the rows (e.g. 'filled in from the text'). */
  note?: string | null;
}) {
  const rows = (Array.isArray(meta.initialValue) ? meta.initialValue : []) as Partial<HoursRow>[];
  const errors = meta.allErrors as Record<string, string[]>;
  const listErrors = errors[meta.name];
  const fieldset = useRef<HTMLFieldSetElement>(null);
  // The copy buttons work only with JavaScript; without it they are not shown.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <fieldset ref={fieldset} key={meta.key} className="min-w-0" aria-describedby={`${meta.id}-description`}>
      <legend className="text-sm font-semibold text-ocean-950">Horario semanal</legend>
      <div id={`${meta.id}-description`} className="mt-1 space-y-1 text-sm text-muted">
        <p>
          Hasta dos turnos por día (abre – cierra). Si cierra de madrugada (18:00 – 02:00), el horario sigue al día siguiente, hasta las
          06:00. 00:00 – 00:00 es abierto todo el día.
        </p>
        <p>Deja todos los días vacíos si no quieres publicar un horario; los días vacíos junto a otros con horas quedan cerrados.</p>
      </div>
      {note ? (
        <p role="status" className="mt-3 rounded-xl border border-sun-300 bg-sun-100 p-3 text-sm text-ocean-950">
          {note}
        </p>
      ) : null}
      {hydrated ? <CopyHours name={meta.name} fieldset={fieldset} /> : null}
      <FieldErrors id={`${meta.id}-error`} errors={listErrors} />
      {/* On a phone the rows go edge to edge (no frame, no side padding): two time inputs side by side
          need every pixel of a 390 px screen to show '06:30 PM' whole. */}
      <ol className="mt-3 divide-y divide-slate-200 border-y border-slate-200 sm:rounded-xl sm:border-x">
        {WEEK_ORDER.map((day, i) => {
          const row = rows[i] ?? {};
          const name = `${meta.name}[${i}]`;
          const id = `${meta.id}-${i}`;
          const dayName = capitalized(DAY_NAMES[day]);
          const rowErrors = Object.entries(errors)
            .filter(([key]) => key === name || key.startsWith(`${name}.`))
            .flatMap(([, list]) => list);
          const hasError = rowErrors.length > 0;
          const ranges = [...(row.rangos ?? [])];
          while (ranges.length < 2) ranges.push({ abre: "", cierra: "" });
          const a11y = { "aria-invalid": hasError || undefined, "aria-describedby": hasError ? `${id}-error` : undefined };
          return (
            <li key={day} className="py-3 sm:flex sm:px-3 sm:flex-wrap sm:items-start sm:gap-x-4 sm:gap-y-2" data-testid="hours-row">
              <div className="flex items-center justify-between gap-3 sm:w-44 sm:shrink-0 sm:pt-2.5">
                <span className="font-semibold text-ocean-950" id={`${id}-day`}>
                  {dayName}
                </span>
                <label className="flex min-h-11 cursor-pointer items-center gap-2 text-sm sm:min-h-0">
                  <input
                    type="checkbox"
                    name={`${name}.cerrado`}
                    defaultChecked={row.cerrado === "on"}
                    className="size-5 accent-ocean-700"
                    {...a11y}
                  />
                  <span>
                    <span className="sr-only">{dayName}: </span>Cerrado
                  </span>
                </label>
              </div>
              <div className="mt-2 grid min-w-0 flex-1 gap-2 sm:mt-0 md:grid-cols-2 md:gap-4">
                {ranges.map((r, j) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: fixed slots (first and second range), never reordered
                  <div key={j} className="grid grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)] items-center gap-1.5">
                    <label htmlFor={`${id}-${j}-abre`} className="sr-only">
                      {`${dayName}, abre${ORDINAL[j] ?? ` (turno ${j + 1})`}`}
                    </label>
                    <Input id={`${id}-${j}-abre`} type="time" name={`${name}.rangos[${j}].abre`} defaultValue={r?.abre ?? ""} {...a11y} />
                    <span aria-hidden className="text-muted">
                      –
                    </span>
                    <label htmlFor={`${id}-${j}-cierra`} className="sr-only">
                      {`${dayName}, cierra${ORDINAL[j] ?? ` (turno ${j + 1})`}`}
                    </label>
                    <Input
                      id={`${id}-${j}-cierra`}
                      type="time"
                      name={`${name}.rangos[${j}].cierra`}
                      defaultValue={r?.cierra ?? ""}
                      {...a11y}
                    />
                  </div>
                ))}
              </div>
              {hasError ? (
                <div className="sm:basis-full">
                  <FieldErrors id={`${id}-error`} errors={rowErrors} />
                </div>
              ) : null}
            </li>
          );
        })}
      </ol>
    </fieldset>
  );
}
