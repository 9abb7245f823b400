/**
 * The browser build's chunks (vite.config.ts's chunk plan): no chunk may import, directly or through
 * others, a chunk that imports it. Rolldown runs such a cycle out of order and pages fail to hydrate.
 * Reads the build the web server was started from.
 */
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";

test("no two browser chunks import each other", () => {
  const dir = path.resolve(process.env.BUILD_DIR ?? "build", "client/assets");
  const files = fs.readdirSync(dir).filter((f) => f.endsWith(".js"));
  expect(files.length).toBeGreaterThan(10);
  const imports = new Map(
    files.map((f) => [
      f,
      [...fs.readFileSync(path.join(dir, f), "utf8").matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)].map((m) => m[1]!),
    ]),
  );
  const cycles: string[] = [];
  const visit = (file: string, trail: string[]) => {
    for (const next of imports.get(file) ?? []) {
      if (next === trail[0]) cycles.push([...trail, next].join(" -> "));
      else if (!trail.includes(next) && trail.length < 8) visit(next, [...trail, next]);
    }
  };
  for (const f of files) visit(f, [f]);
  expect(cycles).toEqual([]);
});
