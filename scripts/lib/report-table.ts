/** Tables of results, as the scripts print them on a terminal or in Markdown. */

/** Columns padded to their widest cell, two spaces apart; `right`: the columns aligned right. */
export function alignedTable(header: string[], rows: string[][], right: number[] = []): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((c) => c[i]!.length)));
  const line = (c: string[]) =>
    c
      .map((v, i) => (right.includes(i) ? v.padStart(widths[i]!) : v.padEnd(widths[i]!)))
      .join("  ")
      .trimEnd();
  return [line(header), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}

/** A Markdown table's lines; `right`: the columns aligned right (their separator ends in a colon). */
export function markdownTable(header: string[], rows: string[][], right: number[] = []): string[] {
  const line = (cells: string[]) => `| ${cells.join(" | ")} |`;
  const rule = header.map((h, i) => (right.includes(i) ? `${"-".repeat(h.length - 1)}:` : "-".repeat(h.length)));
  return [line(header), line(rule), ...rows.map(line)];
}
