/**
 * The entry page's notice of upcoming closures: «Cerrado el lunes 3 de noviembre (Día de la
 * Separación de Panamá de Colombia)», the days its managers closed and, when it closes on national
 * holidays, the next one. Data from upcomingClosures (listing-closures.server.ts); nothing when there
 * is nothing to say.
 */
import { dayLabel, type Holiday, holidayName } from "~/catalog/holidays";
import { Icon } from "~/components/icons/icon";

export type ClosuresNoticeProps = {
  closures: { day: string; reason: string | null }[];
  closesOnHolidays: boolean;
  nextHoliday: Holiday | null;
  /** Panama's day the data was read for ('YYYY-MM-DD'). */
  today: string;
};

/** The notice's lines, soonest first: a closure's reason, or the holiday's name. */
export function closureLines({ closures, closesOnHolidays, nextHoliday, today }: ClosuresNoticeProps): string[] {
  const days = new Map<string, string | null>(closures.map((c) => [c.day, c.reason]));
  if (closesOnHolidays && nextHoliday && !days.get(nextHoliday.day)) days.set(nextHoliday.day, holidayName(nextHoliday));
  const year = Number(today.slice(0, 4));
  return [...days.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([day, why]) => `Cerrado ${day === today ? "hoy" : `el ${dayLabel(day, year)}`}${why ? ` (${why})` : ""}`);
}

export function ClosuresNotice(props: ClosuresNoticeProps) {
  const lines = closureLines(props);
  if (!lines.length && !props.closesOnHolidays) return null;
  return (
    <aside aria-label="Cierres próximos" className="rounded-card border border-sun-300 bg-sun-100 p-4 text-sm text-ocean-950">
      <div className="flex gap-3">
        <Icon name="calendar-clock" aria-hidden className="mt-0.5 size-5 shrink-0 text-sun-700" />
        <div className="min-w-0 space-y-1">
          {lines.map((line) => (
            <p key={line} className="font-semibold wrap-anywhere">
              {line}
            </p>
          ))}
          {props.closesOnHolidays ? <p className="text-ocean-900">Cierra los feriados nacionales.</p> : null}
        </div>
      </div>
    </aside>
  );
}
