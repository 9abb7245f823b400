/**
 * Weekly opening hours, stored as Google's Places periods (day 0 is Sunday, a period without close
 * is open around the clock) in America/Panama time. Everything here works on minutes of the week
 * (Sunday 00:00 = 0), so overnight ranges (18:00-02:00) and the week's end need no special case
 * beyond wrapping. The database answers the same question in SQL (`listing_open_at`, and the open
 * minutes each listing stores, migration 0020); a test holds them to the same answers.
 */
import type { WeeklyPeriod } from "~/db/schema";

export type { WeeklyPeriod };

export const DAY_MINUTES = 1440;
export const WEEK_MINUTES = 7 * DAY_MINUTES;
/** Within this many minutes of closing, an open listing 'closes soon'. */
export const CLOSING_SOON_MINUTES = 30;

/** Spanish day names by Google's day number (0 = domingo). */
export const DAY_NAMES = ["domingo", "lunes", "martes", "miércoles", "jueves", "viernes", "sábado"] as const;
/** The same days in English, for the machine answers in English. */
export const DAY_NAMES_EN = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;
/** The week as people in Panama read it: Monday first. */
export const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

const panamaParts = new Intl.DateTimeFormat("en-US", {
  timeZone: "America/Panama",
  weekday: "short",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});
const WEEKDAYS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

/** Minute of the week in America/Panama at `now`. */
export function panamaMinuteOfWeek(now: Date): number {
  let day = 0;
  let hour = 0;
  let minute = 0;
  for (const p of panamaParts.formatToParts(now)) {
    if (p.type === "weekday") day = WEEKDAYS[p.value] ?? 0;
    else if (p.type === "hour") hour = Number(p.value);
    else if (p.type === "minute") minute = Number(p.value);
  }
  return day * DAY_MINUTES + hour * 60 + minute;
}

/** Minute of the week of a period's open or close (Google may leave out a zero minute). */
export const minuteOfWeek = (t: { day: number; hour: number; minute?: number }) => t.day * DAY_MINUTES + t.hour * 60 + (t.minute ?? 0);

/** The open minutes of the week as sorted, merged [start, end) ranges within [0, WEEK_MINUTES). */
export function openRanges(periods: readonly WeeklyPeriod[]): [number, number][] {
  const raw: [number, number][] = [];
  for (const p of periods) {
    if (!p.close) return [[0, WEEK_MINUTES]];
    const start = minuteOfWeek(p.open) % WEEK_MINUTES;
    let end = minuteOfWeek(p.close) % WEEK_MINUTES;
    if (end <= start) end += WEEK_MINUTES;
    if (end > WEEK_MINUTES) raw.push([start, WEEK_MINUTES], [0, end - WEEK_MINUTES]);
    else raw.push([start, end]);
  }
  return merged(raw.sort((a, b) => a[0] - b[0]));
}

/** Sorted [start, end) ranges with those that touch or overlap joined. */
function merged(sorted: readonly [number, number][]): [number, number][] {
  const out: [number, number][] = [];
  for (const r of sorted) {
    const last = out[out.length - 1];
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else out.push([r[0], r[1]]);
  }
  return out;
}

export function isOpenAt(periods: readonly WeeklyPeriod[], minute: number): boolean {
  return openRanges(periods).some(([s, e]) => s <= minute && minute < e);
}

export type OpenState = "open" | "closing" | "closed";
/** `label` in Spanish (the site's); `labelEn` the same in English, for answers in English. */
export type OpenStatus = { state: OpenState; label: string; labelEn: string };

const pad = (n: number) => String(n).padStart(2, "0");
/** '8:00', '18:30': as the free-text hours write them. */
export function clockOf(minuteOfDay: number): string {
  return `${Math.floor(minuteOfDay / 60)}:${pad(minuteOfDay % 60)}`;
}

const OPEN_NOW: OpenStatus = { state: "open", label: "Abierto ahora", labelEn: "Open now" };
/** A listing closed today by a special closure or a national holiday, whatever its weekly hours. */
export const CLOSED_TODAY: OpenStatus = { state: "closed", label: "Cerrado hoy", labelEn: "Closed today" };
const CLOSING_SOON: OpenStatus = { state: "closing", label: "Cierra pronto", labelEn: "Closing soon" };

/**
 * 'Abierto ahora', 'Cierra pronto' (within 30 minutes) or 'Cerrado · abre {día} a las {hora}', at
 * `now` in Panama (and in English); null without a schedule. An empty schedule (every day closed) is 'Cerrado'.
 */
export function openStatus(periods: readonly WeeklyPeriod[] | null | undefined, now: Date): OpenStatus | null {
  if (!periods) return null;
  const ranges = openRanges(periods);
  if (!ranges.length) return { state: "closed", label: "Cerrado", labelEn: "Closed" };
  const m = panamaMinuteOfWeek(now);
  // Two weeks in a row, so that a range running over the week's end reads as one.
  const twoWeeks = mergeTwoWeeks(ranges);
  const current = twoWeeks.find(([s, e]) => s <= m && m < e);
  if (current) {
    if (current[1] - m >= WEEK_MINUTES) return { ...OPEN_NOW };
    return current[1] - m <= CLOSING_SOON_MINUTES ? { ...CLOSING_SOON } : { ...OPEN_NOW };
  }
  const next = twoWeeks.find(([s]) => s > m)!;
  const days = Math.floor(next[0] / DAY_MINUTES) - Math.floor(m / DAY_MINUTES);
  const weekday = Math.floor(next[0] / DAY_MINUTES) % 7;
  const day = days === 0 ? "hoy" : days === 1 ? "mañana" : `el ${DAY_NAMES[weekday]}`;
  const dayEn = days === 0 ? "today" : days === 1 ? "tomorrow" : DAY_NAMES_EN[weekday];
  const clock = clockOf(next[0] % DAY_MINUTES);
  return { state: "closed", label: `Cerrado · abre ${day} a las ${clock}`, labelEn: `Closed · opens ${dayEn} at ${clock}` };
}

/** The week's ranges over [0, 2 weeks), merged across the first week's end. */
function mergeTwoWeeks(ranges: [number, number][]): [number, number][] {
  return merged([...ranges, ...ranges.map(([s, e]): [number, number] => [s + WEEK_MINUTES, e + WEEK_MINUTES])]);
}

// ---------------------------------------------------------------- days (editor and display)

/** One day's ranges as 'HH:MM' pairs; an overnight range closes the next morning. */
export type DayHours = { day: number; closed: boolean; ranges: { open: string; close: string }[] };

const toClock = (h: number, m: number) => `${pad(h)}:${pad(m)}`;

/** The schedule by day, Monday first, each day's ranges by the day they open. */
export function daysOf(periods: readonly WeeklyPeriod[] | null | undefined): DayHours[] {
  return WEEK_ORDER.map((day) => {
    const ranges = (periods ?? [])
      .filter((p) => p.open.day === day)
      .sort((a, b) => minuteOfWeek(a.open) - minuteOfWeek(b.open))
      .map((p) => ({
        open: toClock(p.open.hour, p.open.minute),
        close: toClock(p.close?.hour ?? 0, p.close?.minute ?? 0),
      }));
    // Open around the clock (a period without close): every day 00:00-00:00.
    if (periods?.some((p) => !p.close)) return { day, closed: false, ranges: [{ open: "00:00", close: "00:00" }] };
    return { day, closed: ranges.length === 0, ranges };
  });
}

/** The week as display rows, Monday first: 'Lunes' · '11:00-15:00, 18:00-23:00', 'Cerrado' or '24 horas'. */
export function weekRows(periods: readonly WeeklyPeriod[]): { day: string; hours: string }[] {
  return daysOf(periods).map((d) => {
    const name = DAY_NAMES[d.day]!;
    const day = name[0]!.toUpperCase() + name.slice(1);
    if (d.closed) return { day, hours: "Cerrado" };
    if (d.ranges.length === 1 && d.ranges[0]!.open === "00:00" && d.ranges[0]!.close === "00:00") return { day, hours: "24 horas" };
    return { day, hours: d.ranges.map((r) => `${r.open}-${r.close}`).join(", ") };
  });
}

/** A range may close after midnight (18:00-02:00) only this early in the morning. */
export const OVERNIGHT_UNTIL = 6 * 60;

const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)$/;

export function parseClock(value: string): number | null {
  const m = CLOCK.exec(value.trim());
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

export type ScheduleError = { day: number; message: string };

/**
 * Periods from the editor's days, or the errors in Spanish naming the day: times as HH:MM (00:00 to
 * 23:59), closing after opening unless the range runs past midnight into the early morning
 * (closing at 06:00 at the latest), no ranges that overlap (an overnight one included); 00:00-00:00
 * is open the whole day.
 */
export function periodsFromDays(days: readonly DayHours[]): { periods: WeeklyPeriod[] } | { errors: ScheduleError[] } {
  const errors: ScheduleError[] = [];
  const periods: WeeklyPeriod[] = [];
  const spans: { day: number; s: number; e: number }[] = [];
  for (const d of days) {
    if (d.closed) continue;
    const name = DAY_NAMES[d.day]!;
    for (const r of d.ranges) {
      const open = parseClock(r.open);
      const close = parseClock(r.close);
      if (open === null || close === null) {
        errors.push({ day: d.day, message: `Escribe las horas del ${name} como HH:MM, de 00:00 a 23:59.` });
        continue;
      }
      // 00:00-00:00 is the whole day; any other range closes after it opens, or early next morning.
      const wholeDay = open === 0 && close === 0;
      if ((close === open && !wholeDay) || (close < open && close > OVERNIGHT_UNTIL)) {
        errors.push({
          day: d.day,
          message: `El ${name}, la hora de cierre (${r.close}) debe ser posterior a la de apertura (${r.open}), o de madrugada (hasta las 06:00) si cierra después de medianoche.`,
        });
        continue;
      }
      const closeDay = close <= open ? (d.day + 1) % 7 : d.day;
      periods.push({
        open: { day: d.day, hour: Math.floor(open / 60), minute: open % 60 },
        close: { day: closeDay, hour: Math.floor(close / 60), minute: close % 60 },
      });
      const s = d.day * DAY_MINUTES + open;
      spans.push({ day: d.day, s, e: s + (wholeDay ? DAY_MINUTES : (close - open + DAY_MINUTES) % DAY_MINUTES) });
    }
  }
  // Overlaps, the week's end included (Saturday night into Sunday morning).
  const sorted = [...spans, ...spans.map((x) => ({ ...x, s: x.s + WEEK_MINUTES, e: x.e + WEEK_MINUTES }))].sort((a, b) => a.s - b.s);
  const reported = new Set<number>();
  for (let i = 1; i < sorted.length; i++) {
    const prev = sorted[i - 1]!;
    const cur = sorted[i]!;
    if (cur.s < prev.e && !reported.has(cur.day)) {
      reported.add(cur.day);
      errors.push({ day: cur.day, message: `Los horarios del ${DAY_NAMES[cur.day]} se superponen con otro horario.` });
    }
  }
  return errors.length ? { errors } : { periods };
}

// ---------------------------------------------------------------- free text

const TEXT_DAYS: Record<string, number> = {
  dom: 0,
  domingo: 0,
  lun: 1,
  lunes: 1,
  mar: 2,
  martes: 2,
  mie: 3,
  miercoles: 3,
  jue: 4,
  jueves: 4,
  vie: 5,
  viernes: 5,
  sab: 6,
  sabado: 6,
};

/** One part of free-text hours: Google day numbers from..to (wrapping), times as 'HH:MM'. */
export type HorarioPart = { from: number; to: number; everyDay: boolean; open: string; close: string };

/**
 * The parts of free-text hours in the directory's usual shape ('Lun-Sáb 11:00-22:00',
 * 'Todos los días 7:00-21:00', 'Lun-Vie 8:00-17:00, Sáb 8:00-12:00'); null when the text says
 * something else ('Con cita previa'). Read by periodsFromText and by the text-only JSON-LD.
 */
export function horarioParts(text: string | null | undefined): HorarioPart[] | null {
  if (!text) return null;
  const parts: HorarioPart[] = [];
  for (const part of text.split(/[;,]|\by\b/)) {
    const clean = part
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .trim();
    if (!clean) continue;
    const m = clean.match(/^(todos los dias|diario|[a-z]+)(?:\s*(?:-|a)\s*([a-z]+))?\.?\s+(\d{1,2}:\d{2})\s*(?:-|a)\s*(\d{1,2}:\d{2})$/);
    if (!m) return null;
    const times = { open: m[3]!.padStart(5, "0"), close: m[4]!.padStart(5, "0") };
    if (m[1] === "todos los dias" || m[1] === "diario") {
      parts.push({ from: 1, to: 0, everyDay: true, ...times });
      continue;
    }
    const from = TEXT_DAYS[m[1]!];
    const to = m[2] ? TEXT_DAYS[m[2]] : from;
    if (from === undefined || to === undefined) return null;
    parts.push({ from, to, everyDay: false, ...times });
  }
  return parts.length ? parts : null;
}

/** Periods from free-text hours (horarioParts); null when the text does not read as hours. */
export function periodsFromText(text: string | null | undefined): WeeklyPeriod[] | null {
  const parts = horarioParts(text);
  if (!parts) return null;
  const days: DayHours[] = WEEK_ORDER.map((day) => ({ day, closed: true, ranges: [] }));
  const byDay = new Map(days.map((d) => [d.day, d]));
  for (const { from, to, open, close } of parts) {
    for (let d = from; ; d = (d + 1) % 7) {
      const day = byDay.get(d)!;
      day.closed = false;
      day.ranges.push({ open, close });
      if (d === to) break;
    }
  }
  const result = periodsFromDays(days);
  return "periods" in result ? result.periods : null;
}

// ---------------------------------------------------------------- periods as free text

const SHORT_DAYS = ["Dom", "Lun", "Mar", "Mié", "Jue", "Vie", "Sáb"] as const;
const shortClock = (hhmm: string) => hhmm.replace(/^0(\d)/, "$1");

/**
 * A schedule in the directory's usual free-text shape, for cards and lists: 'Lun-Sáb 11:00-22:00,
 * Dom 12:00-18:00', 'Todos los días 7:00-21:00', 'Abierto 24 horas'. Days in a row with the same hours
 * share a part, closed days are left out, a day's second range follows with 'y'. Null when no day opens.
 */
export function horarioOf(periods: readonly WeeklyPeriod[] | null | undefined): string | null {
  if (!periods) return null;
  const days = daysOf(periods);
  const hoursOf = (d: DayHours) =>
    d.closed
      ? null
      : d.ranges.length === 1 && d.ranges[0]!.open === "00:00" && d.ranges[0]!.close === "00:00"
        ? "24 horas"
        : d.ranges.map((r) => `${shortClock(r.open)}-${shortClock(r.close)}`).join(" y ");
  const groups: { from: number; to: number; hours: string }[] = [];
  let last: string | null = null;
  for (const d of days) {
    const hours = hoursOf(d);
    if (hours !== null && hours === last) groups[groups.length - 1]!.to = d.day;
    else if (hours !== null) groups.push({ from: d.day, to: d.day, hours });
    last = hours;
  }
  if (groups.length === 0) return null;
  if (groups.length === 1 && groups[0]!.from === 1 && groups[0]!.to === 0) {
    return groups[0]!.hours === "24 horas" ? "Abierto 24 horas" : `Todos los días ${groups[0]!.hours}`;
  }
  return groups.map((g) => `${SHORT_DAYS[g.from]}${g.to === g.from ? "" : `-${SHORT_DAYS[g.to]}`} ${g.hours}`).join(", ");
}
