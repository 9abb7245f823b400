/**
 * Panama's national holidays: the fixed days of the Código de Trabajo (art. 46), Carnival Tuesday and
 * Good Friday from Easter, the Monday rested for a holiday on a Sunday (art. 47), and the day in
 * America/Panama time whatever the server's zone.
 */
import { describe, expect, it } from "vitest";
import { dayLabel, easterSunday, holidayOn, holidaysOf, isHolidayPanama, isIsoDay, nextHolidays, panamaToday } from "~/catalog/holidays";

const days = (year: number) => holidaysOf(year).map((h) => h.day);

describe("Panama's national holidays", () => {
  it("computes Easter for known years", () => {
    expect(easterSunday(2024)).toBe("2024-03-31");
    expect(easterSunday(2025)).toBe("2025-04-20");
    expect(easterSunday(2026)).toBe("2026-04-05");
    expect(easterSunday(2027)).toBe("2027-03-28");
    expect(easterSunday(2038)).toBe("2038-04-25");
  });

  it("lists 2026: Carnival Tuesday 17 February, Good Friday 3 April, 20 December rested on Monday 21", () => {
    expect(days(2026)).toEqual([
      "2026-01-01",
      "2026-01-09",
      "2026-02-17",
      "2026-04-03",
      "2026-05-01",
      "2026-11-03",
      "2026-11-05",
      "2026-11-10",
      "2026-11-28",
      "2026-12-08",
      "2026-12-20",
      "2026-12-21",
      "2026-12-25",
    ]);
    expect(holidayOn("2026-02-17")?.name).toBe("Martes de Carnaval");
    expect(holidayOn("2026-02-16")).toBeUndefined();
    expect(holidayOn("2026-04-03")?.name).toBe("Viernes Santo");
    expect(holidayOn("2026-12-21")).toEqual({ day: "2026-12-21", name: "Día de Duelo Nacional", movedFrom: "2026-12-20" });
    expect(holidayOn("2026-11-04")).toBeUndefined();
  });

  it("lists 2027: Carnival 9 February, Good Friday 26 March, 28 November rested on Monday 29", () => {
    expect(holidayOn("2027-02-09")?.name).toBe("Martes de Carnaval");
    expect(holidayOn("2027-03-26")?.name).toBe("Viernes Santo");
    expect(holidayOn("2027-11-29")?.movedFrom).toBe("2027-11-28");
    // Saturdays are not moved.
    expect(holidayOn("2027-01-09")?.name).toBe("Día de los Mártires");
    expect(holidayOn("2027-01-11")).toBeUndefined();
    expect(days(2027)).toHaveLength(13);
  });

  it("adds the president's inauguration every five years, moved to Monday when on a Sunday", () => {
    expect(holidayOn("2024-07-01")?.name).toBe("Toma de posesión del presidente de la República");
    expect(holidayOn("2026-07-01")).toBeUndefined();
    expect(holidayOn("2029-07-01")).toBeDefined();
    expect(holidayOn("2029-07-02")?.movedFrom).toBe("2029-07-01");
  });

  it("reads the day in America/Panama time (UTC-5)", () => {
    expect(panamaToday(new Date("2026-11-03T04:30:00Z"))).toBe("2026-11-02");
    expect(isHolidayPanama(new Date("2026-11-03T04:30:00Z"))).toBe(false);
    expect(isHolidayPanama(new Date("2026-11-03T05:30:00Z"))).toBe(true);
    expect(isHolidayPanama(new Date("2026-11-04T04:59:00Z"))).toBe(true);
    expect(isHolidayPanama(new Date("2026-11-04T05:00:00Z"))).toBe(false);
  });

  it("gives the next holidays across the year's end, and Spanish day labels", () => {
    expect(nextHolidays("2026-12-22", 3).map((h) => h.day)).toEqual(["2026-12-25", "2027-01-01", "2027-01-09"]);
    expect(dayLabel("2025-11-03")).toBe("lunes 3 de noviembre");
    expect(dayLabel("2027-01-01", 2026)).toBe("viernes 1 de enero de 2027");
  });

  it("accepts only real calendar days", () => {
    expect(isIsoDay("2026-02-28")).toBe(true);
    expect(isIsoDay("2026-02-29")).toBe(false);
    expect(isIsoDay("2026-2-3")).toBe(false);
    expect(isIsoDay("mañana")).toBe(false);
  });
});
