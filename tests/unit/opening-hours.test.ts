/**
 * Weekly opening hours (app/lib/opening-hours.ts) at fixed instants in America/Panama (UTC-5
 * all year, no daylight saving): the week of Monday 1 June 2026. Every label is the one a visitor
 * reads on a card or an entry page.
 */
import { describe, expect, it } from "vitest";
import {
  DAY_MINUTES,
  type DayHours,
  daysOf,
  isOpenAt,
  openRanges,
  openStatus,
  panamaMinuteOfWeek,
  periodsFromDays,
  periodsFromText,
  WEEK_MINUTES,
  type WeeklyPeriod,
} from "~/lib/opening-hours";

/** A wall-clock time in Panama, 'YYYY-MM-DDTHH:MM'. 2026-06-01 is a Monday, 2026-06-07 a Sunday. */
const panama = (local: string) => new Date(`${local}:00-05:00`);
const label = (periods: readonly WeeklyPeriod[] | null, local: string) => openStatus(periods, panama(local))?.label;
const state = (periods: readonly WeeklyPeriod[] | null, local: string) => openStatus(periods, panama(local))?.state;

const p = (day: number, open: string, closeDay: number, close: string): WeeklyPeriod => {
  const [oh, om] = open.split(":").map(Number);
  const [ch, cm] = close.split(":").map(Number);
  return { open: { day, hour: oh!, minute: om! }, close: { day: closeDay, hour: ch!, minute: cm! } };
};

/** Weekdays 8-17, Saturday morning, Sunday closed. */
const OFFICE = periodsFromText("Lun-Vie 8:00-17:00, Sáb 8:00-12:00")!;
/** A bar: Wednesday to Saturday, 18:00 to 2:00 the next morning. */
const BAR = periodsFromText("Mié-Sáb 18:00-2:00")!;
/** Google's way of saying open around the clock: one period without close. */
const ALWAYS: WeeklyPeriod[] = [{ open: { day: 0, hour: 0, minute: 0 } }];

describe("Panama's clock", () => {
  it("reads the minute of the week in Panama whatever the machine's zone", () => {
    expect(panamaMinuteOfWeek(panama("2026-06-07T00:00"))).toBe(0); // Sunday midnight
    expect(panamaMinuteOfWeek(panama("2026-06-01T08:30"))).toBe(DAY_MINUTES + 8 * 60 + 30);
    // 03:00 UTC on Monday is still Sunday 22:00 in Panama.
    expect(panamaMinuteOfWeek(new Date("2026-06-08T03:00:00Z"))).toBe(22 * 60);
    expect(panamaMinuteOfWeek(panama("2026-06-06T23:59"))).toBe(WEEK_MINUTES - 1);
  });
});

describe("openStatus", () => {
  it("is open inside a range and says 'Cierra pronto' in its last 30 minutes", () => {
    expect(openStatus(OFFICE, panama("2026-06-01T10:00"))).toEqual({ state: "open", label: "Abierto ahora", labelEn: "Open now" });
    expect(label(OFFICE, "2026-06-01T08:00")).toBe("Abierto ahora"); // the opening minute is open
    expect(label(OFFICE, "2026-06-01T16:29")).toBe("Abierto ahora");
    expect(openStatus(OFFICE, panama("2026-06-01T16:30"))).toEqual({ state: "closing", label: "Cierra pronto", labelEn: "Closing soon" });
    expect(label(OFFICE, "2026-06-01T16:59")).toBe("Cierra pronto");
    expect(label(OFFICE, "2026-06-06T11:45")).toBe("Cierra pronto"); // Saturday, closes at 12:00
  });

  it("names the next opening: hoy, mañana, or the day", () => {
    expect(openStatus(OFFICE, panama("2026-06-01T07:00"))).toEqual({
      state: "closed",
      label: "Cerrado · abre hoy a las 8:00",
      labelEn: "Closed · opens today at 8:00",
    });
    // The closing minute is closed.
    expect(label(OFFICE, "2026-06-01T17:00")).toBe("Cerrado · abre mañana a las 8:00");
    expect(label(OFFICE, "2026-06-05T23:00")).toBe("Cerrado · abre mañana a las 8:00"); // Friday night
    expect(label(OFFICE, "2026-06-07T10:00")).toBe("Cerrado · abre mañana a las 8:00"); // Sunday, closed all day
    expect(label(BAR, "2026-06-01T12:00")).toBe("Cerrado · abre el miércoles a las 18:00");
    // The same in English, for the machine answers in English.
    expect(openStatus(OFFICE, panama("2026-06-01T17:00"))?.labelEn).toBe("Closed · opens tomorrow at 8:00");
    expect(openStatus(BAR, panama("2026-06-01T12:00"))?.labelEn).toBe("Closed · opens Wednesday at 18:00");
  });

  it("looks past the week's end: Saturday night opens again on Monday", () => {
    expect(label(OFFICE, "2026-06-06T13:00")).toBe("Cerrado · abre el lunes a las 8:00");
    expect(label(OFFICE, "2026-06-06T23:30")).toBe("Cerrado · abre el lunes a las 8:00");
    expect(state(OFFICE, "2026-06-06T23:30")).toBe("closed");
  });

  it("keeps an overnight range open after midnight, also across the week's end", () => {
    expect(label(BAR, "2026-06-03T23:00")).toBe("Abierto ahora"); // Wednesday night
    expect(label(BAR, "2026-06-04T01:00")).toBe("Abierto ahora"); // Thursday 01:00, Wednesday's range
    expect(isOpenAt(BAR, panamaMinuteOfWeek(panama("2026-06-04T01:30")))).toBe(true);
    expect(label(BAR, "2026-06-04T01:30")).toBe("Cierra pronto");
    expect(label(BAR, "2026-06-04T02:00")).toBe("Cerrado · abre hoy a las 18:00");
    // Saturday 18:00 to Sunday 02:00 runs over the week's end (Sunday is minute 0).
    expect(label(BAR, "2026-06-07T01:00")).toBe("Abierto ahora");
    expect(label(BAR, "2026-06-07T03:00")).toBe("Cerrado · abre el miércoles a las 18:00");
    // Tuesday has no range, so Tuesday night into Wednesday is closed.
    expect(label(BAR, "2026-06-03T01:30")).toBe("Cerrado · abre hoy a las 18:00");
  });

  it("is always open around the clock, never closing soon", () => {
    for (const at of ["2026-06-01T00:00", "2026-06-03T23:45", "2026-06-06T23:59", "2026-06-07T00:00"]) {
      expect(openStatus(ALWAYS, panama(at)), at).toEqual({ state: "open", label: "Abierto ahora", labelEn: "Open now" });
    }
    // Seven whole days from the editor (00:00-00:00 each) are the same week without a gap.
    const wholeWeek = periodsFromDays(
      [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, closed: false, ranges: [{ open: "00:00", close: "00:00" }] })),
    );
    expect("periods" in wholeWeek).toBe(true);
    if ("periods" in wholeWeek) {
      expect(openRanges(wholeWeek.periods)).toEqual([[0, WEEK_MINUTES]]);
      expect(label(wholeWeek.periods, "2026-06-06T23:45")).toBe("Abierto ahora");
    }
  });

  it("says 'Cerrado' for a schedule closed every day, and nothing without a schedule", () => {
    expect(openStatus([], panama("2026-06-01T10:00"))).toEqual({ state: "closed", label: "Cerrado", labelEn: "Closed" });
    expect(openStatus(null, panama("2026-06-01T10:00"))).toBeNull();
    expect(openStatus(undefined, panama("2026-06-01T10:00"))).toBeNull();
  });
});

describe("periodsFromDays (the editor's days)", () => {
  const day = (d: number, ...ranges: [string, string][]): DayHours => ({
    day: d,
    closed: false,
    ranges: ranges.map(([open, close]) => ({ open, close })),
  });
  const closed = (d: number): DayHours => ({ day: d, closed: true, ranges: [{ open: "xx", close: "yy" }] });

  it("turns days into Google periods, an overnight range closing the next day", () => {
    expect(periodsFromDays([day(1, ["08:00", "12:00"], ["14:00", "18:00"]), day(5, ["18:00", "02:00"]), closed(0)])).toEqual({
      periods: [p(1, "08:00", 1, "12:00"), p(1, "14:00", 1, "18:00"), p(5, "18:00", 6, "02:00")],
    });
    // Saturday night closes on Sunday (day 0), and 00:00-00:00 is the whole day.
    expect(periodsFromDays([day(6, ["20:00", "03:00"]), day(2, ["00:00", "00:00"])])).toEqual({
      periods: [p(6, "20:00", 0, "03:00"), p(2, "00:00", 3, "00:00")],
    });
  });

  it("names the day in every error", () => {
    expect(periodsFromDays([day(1, ["8:00", "17:00"])])).toEqual({
      errors: [{ day: 1, message: "Escribe las horas del lunes como HH:MM, de 00:00 a 23:59." }],
    });
    expect(periodsFromDays([day(3, ["09:00", "24:00"])])).toEqual({
      errors: [{ day: 3, message: "Escribe las horas del miércoles como HH:MM, de 00:00 a 23:59." }],
    });
    expect(periodsFromDays([day(2, ["18:00", "10:00"])])).toEqual({
      errors: [
        {
          day: 2,
          message:
            "El martes, la hora de cierre (10:00) debe ser posterior a la de apertura (18:00), o de madrugada (hasta las 06:00) si cierra después de medianoche.",
        },
      ],
    });
    // The same minute is not a range (only 00:00-00:00, the whole day, is).
    expect("errors" in periodsFromDays([day(4, ["09:00", "09:00"])])).toBe(true);
    // 06:00 is still early morning; 06:01 is not.
    expect("periods" in periodsFromDays([day(5, ["22:00", "06:00"])])).toBe(true);
    expect("errors" in periodsFromDays([day(5, ["22:00", "06:01"])])).toBe(true);
  });

  it("refuses overlapping ranges, an overnight one and the week's end included", () => {
    expect(periodsFromDays([day(1, ["08:00", "12:00"], ["11:00", "14:00"])])).toEqual({
      errors: [{ day: 1, message: "Los horarios del lunes se superponen con otro horario." }],
    });
    expect(periodsFromDays([day(4, ["20:00", "03:00"]), day(5, ["02:00", "10:00"])])).toEqual({
      errors: [{ day: 5, message: "Los horarios del viernes se superponen con otro horario." }],
    });
    // Saturday night into Sunday morning.
    expect(periodsFromDays([day(6, ["20:00", "03:00"]), day(0, ["02:00", "05:00"])])).toEqual({
      errors: [{ day: 0, message: "Los horarios del domingo se superponen con otro horario." }],
    });
    // Touching is not overlapping.
    expect("periods" in periodsFromDays([day(1, ["08:00", "12:00"], ["12:00", "14:00"])])).toBe(true);
  });
});

describe("periodsFromText (the free-text hours)", () => {
  it("reads day ranges, single days, every day and several parts", () => {
    expect(periodsFromText("Lun-Sáb 12:00-23:00, Dom 12:00-18:00")).toEqual([
      ...[1, 2, 3, 4, 5, 6].map((d) => p(d, "12:00", d, "23:00")),
      p(0, "12:00", 0, "18:00"),
    ]);
    expect(periodsFromText("Todos los días 7:00-21:00")).toEqual([1, 2, 3, 4, 5, 6, 0].map((d) => p(d, "07:00", d, "21:00")));
    expect(periodsFromText("Lun-Vie 8:00-17:00; Sáb 8:00-12:00")).toEqual([
      ...[1, 2, 3, 4, 5].map((d) => p(d, "08:00", d, "17:00")),
      p(6, "08:00", 6, "12:00"),
    ]);
    // Words instead of hyphens, full day names, accents or none.
    expect(periodsFromText("lunes a viernes 8:00 a 16:30 y sabado 9:00 a 12:00")).toEqual([
      ...[1, 2, 3, 4, 5].map((d) => p(d, "08:00", d, "16:30")),
      p(6, "09:00", 6, "12:00"),
    ]);
    // Split days: two ranges on one day.
    expect(periodsFromText("Lun-Vie 7:00-11:00, Lun-Vie 13:00-17:00")?.filter((x) => x.open.day === 3)).toEqual([
      p(3, "07:00", 3, "11:00"),
      p(3, "13:00", 3, "17:00"),
    ]);
  });

  it("reads overnight hours and day ranges over the week's end", () => {
    expect(periodsFromText("Mié-Sáb 17:00-2:00")).toEqual([
      p(3, "17:00", 4, "02:00"),
      p(4, "17:00", 5, "02:00"),
      p(5, "17:00", 6, "02:00"),
      p(6, "17:00", 0, "02:00"),
    ]);
    expect(periodsFromText("Vie-Lun 10:00-14:00")?.map((x) => x.open.day)).toEqual([1, 5, 6, 0]);
  });

  it("gives null for anything else", () => {
    for (const text of ["Con cita previa", "", "Lun-Xyz 8:00-17:00", "Lun 8:00", "Lun 8:00-12:00, Lun 11:00-13:00", "Lun 18:00-9:00"]) {
      expect(periodsFromText(text), text).toBeNull();
    }
    expect(periodsFromText(null)).toBeNull();
    expect(periodsFromText(undefined)).toBeNull();
  });
});

describe("daysOf (display and editor)", () => {
  it("lists the week Monday first, an overnight range on the day it opens", () => {
    const days = daysOf(BAR);
    expect(days.map((d) => d.day)).toEqual([1, 2, 3, 4, 5, 6, 0]);
    expect(days.find((d) => d.day === 6)).toEqual({ day: 6, closed: false, ranges: [{ open: "18:00", close: "02:00" }] });
    expect(days.find((d) => d.day === 0)).toEqual({ day: 0, closed: true, ranges: [] });
    // Round trip: the editor's days give back the same periods.
    expect(periodsFromDays(days)).toEqual({ periods: BAR });
  });

  it("shows around the clock as 00:00-00:00 every day, and no schedule as closed days", () => {
    expect(
      daysOf(ALWAYS).every((d) => !d.closed && d.ranges.length === 1 && d.ranges[0]!.open === "00:00" && d.ranges[0]!.close === "00:00"),
    ).toBe(true);
    expect(daysOf(null).every((d) => d.closed)).toBe(true);
  });
});
