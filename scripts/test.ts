/**
 * `npm test`: lint and format (Biome) and the type check, then the unit and integration suites
 * (Vitest on PGlite and PostgreSQL), then the browser tests (Playwright + Chromium), then one closing
 * line with the totals. Each static check that fails counts as one failed test.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "pv-test-"));
const vitestJson = path.join(tmp, "vitest.json");
const playwrightJson = path.join(tmp, "playwright.json");
const only = process.argv[2]; // "unit" or "e2e" to run one half

let passed = 0;
let failed = 0;
let skipped = 0;
let exitCode = 0;

if (!only) {
  for (const [name, command, args] of [
    ["lint and format (biome ci)", "npx", ["biome", "ci", "--max-diagnostics=50", "."]],
    ["type check", "npm", ["run", "typecheck"]],
  ] as const) {
    const r = spawnSync(command, args, { stdio: "inherit" });
    if (r.status === 0) passed += 1;
    else {
      console.error(`[test] ${name}: failed`);
      failed += 1;
      exitCode = r.status ?? 1;
    }
  }
}

if (only !== "e2e") {
  const r = spawnSync("npx", ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestJson}`], {
    stdio: "inherit",
  });
  if (r.status !== 0) exitCode = r.status ?? 1;
  if (fs.existsSync(vitestJson)) {
    const j = JSON.parse(fs.readFileSync(vitestJson, "utf8"));
    passed += j.numPassedTests ?? 0;
    failed += j.numFailedTests ?? 0;
    skipped += (j.numPendingTests ?? 0) + (j.numTodoTests ?? 0);
  } else if (r.status !== 0) failed += 1;
}

if (only !== "unit") {
  const r = spawnSync("npx", ["playwright", "test", "--reporter=list,json"], {
    stdio: ["inherit", "inherit", "inherit"],
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson },
  });
  if (r.status !== 0) exitCode = exitCode || (r.status ?? 1);
  if (fs.existsSync(playwrightJson)) {
    const j = JSON.parse(fs.readFileSync(playwrightJson, "utf8"));
    passed += j.stats?.expected ?? 0;
    failed += (j.stats?.unexpected ?? 0) + (j.stats?.flaky ?? 0);
    skipped += j.stats?.skipped ?? 0;
  } else if (r.status !== 0) failed += 1;
}

fs.rmSync(tmp, { recursive: true, force: true });
console.log(`\ntests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(exitCode || (failed > 0 ? 1 : 0));
