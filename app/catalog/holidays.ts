/**
 * Panama's national holidays ("días de fiesta o duelo nacional"), as the Código de Trabajo lists
 * them (art. 46, reformed by Ley 28 de 2015 and Ley 291 de 2022, which made the 20th of December a
 * day of rest), and the days of rest they move to (art. 47: a holiday that falls on a Sunday is
 * rested on the Monday after). Pure and browser-safe: the owners' page shows them and 'abierto
 * ahora' asks `isHolidayPanama` once per request.
 *
 * Art. 46: fiesta nacional: 1 de enero, Martes de Carnaval, 1 de mayo, 3 y 5 de noviembre, 10 y 28
 * de noviembre, 8 y 25 de diciembre, and the day the president-elect takes office (1 de julio,
 * every five years: Constitución, art. 177); duelo nacional: 9 de enero, Viernes Santo, 20 de
 * diciembre. Left out (decision 095): Carnival Monday (customary, not a legal holiday: an owner who
 * closes adds it as a closure), the 4th of November (a patriotic date, not a day of rest) and the 8th
 * of July (mourning in Changuinola only).
 */

/** A calendar day in Panama as 'YYYY-MM-DD'. */
export type IsoDay = string;

export type Holiday = {
  /** The day it is rested on. */
  day: IsoDay;
  /** Its Spanish name: «Día de la Separación de Panamá de Colombia». */
  name: string;
  /** A Monday rested because the holiday fell on the Sunday before (art. 47). */
  movedFrom?: IsoDay;
};

const FIXED: readonly { month: number; day: number; name: string }[] = [
  { month: 1, day: 1, name: "Año Nuevo" },
  { month: 1, day: 9, name: "Día de los Mártires" },
  { month: 5, day: 1, name: "Día del Trabajador" },
  { month: 11, day: 3, name: "Día de la Separación de Panamá de Colombia" },
  { month: 11, day: 5, name: "Día de Colón" },
  { month: 11, day: 10, name: "Primer Grito de Independencia" },
  { month: 11, day: 28, name: "Día de la Independencia de Panamá de España" },
  { month: 12, day: 8, name: "Día de las Madres" },
  { month: 12, day: 20, name: "Día de Duelo Nacional" },
  { month: 12, day: 25, name: "Navidad" },
];

/** The first 1st of July a president took office on (the 2004 reform moved it from the 1st of September). */
const INAUGURATION_CYCLE_FROM = 2009;

const pad = (n: number) => String(n).padStart(2, "0");

/** 'YYYY-MM-DD' of a UTC-midnight date. */
function isoOf(d: Date): IsoDay {
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

function utcDay(year: number, month: number, day: number): Date {
  return new Date(Date.UTC(year, month - 1, day));
}

/** Easter Sunday of a Gregorian year (the anonymous Gregorian algorithm, "Meeus/Jones/Butcher"). */
export function easterSunday(year: number): IsoDay {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return isoOf(utcDay(year, month, day));
}

/** The day `days` after (or before) `day`. */
export function addDays(day: IsoDay, days: number): IsoDay {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return isoOf(utcDay(y, m, d + days));
}

/** Day of the week of a calendar day (0 = domingo). */
export function weekdayOf(day: IsoDay): number {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return utcDay(y, m, d).getUTCDay();
}

/** The year's national holidays in date order, each Sunday one followed by its Monday of rest. */
export function holidaysOf(year: number): Holiday[] {
  const easter = easterSunday(year);
  const days: Holiday[] = [
    ...FIXED.map((f) => ({ day: `${year}-${pad(f.month)}-${pad(f.day)}`, name: f.name })),
    { day: addDays(easter, -47), name: "Martes de Carnaval" },
    { day: addDays(easter, -2), name: "Viernes Santo" },
  ];
  if (year >= INAUGURATION_CYCLE_FROM && (year - INAUGURATION_CYCLE_FROM) % 5 === 0) {
    days.push({ day: `${year}-07-01`, name: "Toma de posesión del presidente de la República" });
  }
  const taken = new Set(days.map((h) => h.day));
  for (const h of [...days]) {
    const monday = addDays(h.day, 1);
    if (weekdayOf(h.day) === 0 && !taken.has(monday)) {
      days.push({ day: monday, name: h.name, movedFrom: h.day });
      taken.add(monday);
    }
  }
  return days.sort((a, b) => a.day.localeCompare(b.day));
}

const panamaDate = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Panama", year: "numeric", month: "2-digit", day: "2-digit" });

/** Today's calendar day in Panama at `now` ('YYYY-MM-DD'). */
export function panamaToday(now: Date = new Date()): IsoDay {
  return panamaDate.format(now);
}

/** The holiday rested on a calendar day, if any. */
export function holidayOn(day: IsoDay): Holiday | undefined {
  return holidaysOf(Number(day.slice(0, 4))).find((h) => h.day === day);
}

/** Whether `date` falls, in America/Panama time, on a national holiday or its Monday of rest. */
export function isHolidayPanama(date: Date): boolean {
  return holidayOn(panamaToday(date)) !== undefined;
}

/** The next `count` holidays from `from` (that day included). */
export function nextHolidays(from: IsoDay, count: number): Holiday[] {
  const year = Number(from.slice(0, 4));
  return [...holidaysOf(year), ...holidaysOf(year + 1)].filter((h) => h.day >= from).slice(0, count);
}

const MONTHS = [
  "enero",
  "febrero",
  "marzo",
  "abril",
  "mayo",
  "junio",
  "julio",
  "agosto",
  "septiembre",
  "octubre",
  "noviembre",
  "diciembre",
];
const WEEKDAYS = ["domingo", "lunes", "martes", "miércoles", "jueves", "viernes", "sábado"];

/** «lunes 3 de noviembre» (with the year when it is not `thisYear`'s). */
export function dayLabel(day: IsoDay, thisYear?: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const year = thisYear !== undefined && y !== thisYear ? ` de ${y}` : "";
  return `${WEEKDAYS[weekdayOf(day)]} ${d} de ${MONTHS[m - 1]}${year}`;
}

/** A holiday's name as shown: a Monday of rest says which day it stands for. */
export function holidayName(h: Holiday): string {
  return h.movedFrom ? `${h.name}, que cayó en domingo` : h.name;
}

/** Whether a string is a real calendar day written 'YYYY-MM-DD'. */
export function isIsoDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [y, m, d] = value.split("-").map(Number) as [number, number, number];
  return isoOf(utcDay(y, m, d)) === value;
}

/** Calendar days from `a` to `b` (b - a). */
export function daysBetween(a: IsoDay, b: IsoDay): number {
  const [ya, ma, da] = a.split("-").map(Number) as [number, number, number];
  const [yb, mb, db] = b.split("-").map(Number) as [number, number, number];
  return Math.round((utcDay(yb, mb, db).getTime() - utcDay(ya, ma, da).getTime()) / 86_400_000);
}
