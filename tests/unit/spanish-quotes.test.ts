/**
 * Quotation marks in the site's Spanish text are «…» everywhere (the style of the product's texts):
 * no curly English quotes, and no straight quotes around a value shown in a sentence.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const APP = path.resolve(import.meta.dirname, "../../app");

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.(ts|tsx)$/.test(e.name) ? [p] : [];
  });
}

/** Lines outside comments, with their file and number. */
function codeLines() {
  return sources(APP).flatMap((file) =>
    fs
      .readFileSync(file, "utf8")
      .split("\n")
      .map((text, i) => ({ where: `${path.relative(APP, file)}:${i + 1}`, text }))
      .filter(({ text }) => !/^\s*(\/\/|\*|\/\*)/.test(text)),
  );
}

describe("Spanish quotation marks", () => {
  it("finds the app's sources", () => {
    expect(sources(APP).length).toBeGreaterThan(100);
  });

  it("uses no curly English quotes", () => {
    expect(codeLines().filter(({ text }) => /[“”]/.test(text))).toEqual([]);
  });

  it('puts a value shown in a sentence between «», not "…"', () => {
    // A word, a space, then "${…}": a sentence quoting a value (a name, a search, a specialty).
    expect(codeLines().filter(({ text }) => /\p{L} "\$\{[^}]+\}"/u.test(text))).toEqual([]);
  });
});
