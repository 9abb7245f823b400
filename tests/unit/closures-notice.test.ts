/** The entry page's closures notice: its lines in Spanish, soonest first, a holiday named, nothing to say when there is nothing. */
import { describe, expect, it } from "vitest";
import { holidayOn } from "~/catalog/holidays";
import { closureLines } from "~/components/directory/closures-notice";

describe("closures notice", () => {
  it("names the days, today as «hoy», the reason or the holiday, soonest first", () => {
    const lines = closureLines({
      today: "2025-10-30",
      closesOnHolidays: true,
      nextHoliday: holidayOn("2025-11-03")!,
      closures: [
        { day: "2025-11-10", reason: null },
        { day: "2025-10-30", reason: "Inventario" },
      ],
    });
    expect(lines).toEqual([
      "Cerrado hoy (Inventario)",
      "Cerrado el lunes 3 de noviembre (Día de la Separación de Panamá de Colombia)",
      "Cerrado el lunes 10 de noviembre",
    ]);
  });

  it("leaves out the holiday when it does not close on them, and gives the year when it is another", () => {
    expect(
      closureLines({ today: "2026-12-30", closesOnHolidays: false, nextHoliday: null, closures: [{ day: "2027-01-02", reason: null }] }),
    ).toEqual(["Cerrado el sábado 2 de enero de 2027"]);
    expect(closureLines({ today: "2026-12-30", closesOnHolidays: false, nextHoliday: null, closures: [] })).toEqual([]);
  });
});
