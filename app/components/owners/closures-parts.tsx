/** The closures page's parts: the national holidays switch with the next holidays, and the list of upcoming closures. */
import { Form } from "react-router";
import { Icon } from "~/components/icons/icon";
import { Button } from "~/components/ui/button";

export type HolidayRow = { day: string; label: string; name: string };
export type ClosureRow = { day: string; label: string; reason: string | null };

/** «Cerrado los feriados nacionales»: a checkbox and its button (works without JavaScript), then the next holidays. */
export function HolidaysSwitch({ checked, holidays, busy }: { checked: boolean; holidays: HolidayRow[]; busy: boolean }) {
  return (
    <>
      <Form method="post" className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <input type="hidden" name="intent" value="holidays" />
        <label className="flex min-h-11 items-center gap-3 font-semibold text-ocean-950">
          <input type="checkbox" name="cierra_feriados" defaultChecked={checked} className="size-5 shrink-0 accent-ocean-700" />
          Cerrado los feriados nacionales
        </label>
        <Button type="submit" variant="outline" disabled={busy} className="w-full sm:w-auto">
          <Icon name="save" aria-hidden className="size-4" /> {busy ? "Procesando..." : "Guardar"}
        </Button>
      </Form>
      <p className="text-sm text-muted">
        {checked
          ? "Esos días tu ficha dice «Cerrado hoy» y no sales en «abierto ahora»."
          : "Tu ficha sigue tu horario también los feriados."}{" "}
        Próximos feriados:
      </p>
      <ul className="divide-y divide-ocean-100 rounded-xl border border-ocean-100 text-sm">
        {holidays.map((h) => (
          <li key={h.day} className="flex flex-col gap-0.5 px-3 py-2 sm:flex-row sm:justify-between sm:gap-4">
            <span className="font-semibold text-ocean-950 first-letter:uppercase">{h.label}</span>
            <span className="text-muted sm:text-right">{h.name}</span>
          </li>
        ))}
      </ul>
    </>
  );
}

/** The closures from today on, each with its button to remove it; a sentence when there are none. */
export function ClosuresList({ closures, removing }: { closures: ClosureRow[]; removing: string | null }) {
  if (!closures.length) {
    return <p className="text-sm text-muted">No tienes cierres programados. Los días pasados no se muestran.</p>;
  }
  return (
    <ul className="divide-y divide-ocean-100 rounded-xl border border-ocean-100">
      {closures.map((c) => (
        <li key={c.day} className="flex items-center justify-between gap-3 px-3 py-2">
          <div className="min-w-0">
            <p className="font-semibold text-ocean-950 first-letter:uppercase">{c.label}</p>
            {c.reason ? <p className="text-sm text-muted wrap-anywhere">{c.reason}</p> : null}
          </div>
          <Form method="post">
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="dia" value={c.day} />
            <Button
              type="submit"
              variant="ghost-danger"
              size="compact"
              disabled={removing === c.day}
              aria-label={`Quitar el cierre: ${c.label}`}
            >
              <Icon name="trash-2" aria-hidden className="size-4" /> {removing === c.day ? "Procesando..." : "Quitar"}
            </Button>
          </Form>
        </li>
      ))}
    </ul>
  );
}
