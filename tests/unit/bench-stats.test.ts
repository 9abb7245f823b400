/**
 * The figures the benchmarks and the security scan print come from one set of helpers: percentiles
 * by nearest rank, milliseconds in two spellings, and tables aligned for a terminal or in Markdown.
 */
import { describe, expect, it } from "vitest";
import { alignedTable, markdownTable } from "../../scripts/lib/report-table";
import { ascending, ms, msRounded, percentile, sum } from "../../scripts/lib/stats";

describe("benchmark statistics", () => {
  it("takes a percentile by nearest rank below, the last value at 100 and NaN for no values", () => {
    const sorted = ascending([9, 1, 8, 2, 7, 3, 6, 4, 5, 10]);
    expect(sorted).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(percentile(sorted, 50)).toBe(6);
    expect(percentile(sorted, 90)).toBe(10);
    expect(percentile(sorted, 99)).toBe(10);
    expect(percentile(sorted, 100)).toBe(10);
    expect(percentile(sorted, 0)).toBe(1);
    expect(percentile([], 99)).toBeNaN();
    expect(sum(sorted)).toBe(55);
  });

  it("spells milliseconds with two decimals below 10 ms, or rounded, with a dash for none", () => {
    expect(ms(4.256)).toBe("4.26 ms");
    expect(ms(12.34)).toBe("12.3 ms");
    expect(msRounded(4.256)).toBe("4.3 ms");
    expect(msRounded(12.6)).toBe("13 ms");
    expect(msRounded(Number.NaN)).toBe("-");
  });
});

describe("report tables", () => {
  it("pads each column to its widest cell and aligns the chosen ones right", () => {
    const text = alignedTable(
      ["herramienta", "hallazgos", "nota"],
      [
        ["wapiti", "0", ""],
        ["sqlmap", "12", "incompleto"],
      ],
      [1],
    );
    expect(text.split("\n")).toEqual([
      "herramienta  hallazgos  nota",
      "-----------  ---------  ----------",
      "wapiti               0",
      "sqlmap              12  incompleto",
    ]);
  });

  it("writes Markdown rows with a colon under the right-aligned columns", () => {
    expect(markdownTable(["ruta", "p50", "errores"], [["inicio /", "4.3 ms", "0"]], [1, 2])).toEqual([
      "| ruta | p50 | errores |",
      "| ---- | --: | ------: |",
      "| inicio / | 4.3 ms | 0 |",
    ]);
  });
});
