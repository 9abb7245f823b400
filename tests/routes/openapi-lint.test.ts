/**
 * The API's OpenAPI document through the two linters people point at an API: Redocly CLI with its
 * recommended rules (redocly.yaml) and Spectral with `spectral:oas` (.spectral.yaml). Both run
 * offline on the document written to a temporary file: neither may report an error or a warning.
 * A document with known faults is linted too, so the check cannot pass by reading nothing.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openApiDocument } from "~/server/machine/openapi.server";
import { resetConfig } from "../setup/route";

const ROOT = path.resolve(import.meta.dirname, "../..");
const REDOCLY = path.join(ROOT, "node_modules/@redocly/cli/bin/cli.js");
const SPECTRAL = path.join(ROOT, "node_modules/@stoplight/spectral-cli/dist/index.js");

/** No telemetry, no update or announcement checks: the linters never reach the network. */
const OFFLINE_ENV = {
  ...process.env,
  REDOCLY_TELEMETRY: "off",
  REDOCLY_SUPPRESS_UPDATE_NOTICE: "true",
  REDOCLY_SUPPRESS_NOTIFICATIONS: "true",
  SCARF_ANALYTICS: "false",
  NO_COLOR: "1",
};

type Problem = { rule: string; severity: string; where: string; message: string };

let dir: string;
const publicUrl = process.env.PUBLIC_URL;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "openapi-lint-"));
  // The document as production serves it (the tests' localhost server would be a warning of its own).
  resetConfig({ PUBLIC_URL: "https://www.panamavipia.com" });
});

afterAll(() => {
  resetConfig({ PUBLIC_URL: publicUrl });
  fs.rmSync(dir, { recursive: true, force: true });
});

function write(name: string, document: unknown): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, JSON.stringify(document, null, 2));
  return file;
}

/** Runs a linter on the pinned Node (the one running the tests), from the repository's root. */
function run(cli: string, args: string[]) {
  const r = spawnSync(process.execPath, [cli, ...args], { cwd: ROOT, env: OFFLINE_ENV, encoding: "utf8", timeout: 120_000 });
  if (r.error) throw r.error;
  return r;
}

/** Redocly's problems of every severity (its exit code only counts errors). */
function redocly(file: string): Problem[] {
  const r = run(REDOCLY, ["lint", "--config", path.join(ROOT, "redocly.yaml"), "--format", "json", file]);
  const start = r.stdout.indexOf("{");
  expect(start, `redocly printed no report:\n${r.stdout}\n${r.stderr}`).toBeGreaterThanOrEqual(0);
  const report = JSON.parse(r.stdout.slice(start)) as {
    problems: { ruleId: string; severity: string; message: string; location: { pointer?: string }[] }[];
  };
  return report.problems.map((p) => ({ rule: p.ruleId, severity: p.severity, where: p.location[0]?.pointer ?? "", message: p.message }));
}

const SPECTRAL_SEVERITY = ["error", "warn", "info", "hint"];

/** Spectral's results of every severity. */
function spectral(file: string): Problem[] {
  const r = run(SPECTRAL, ["lint", "--ruleset", path.join(ROOT, ".spectral.yaml"), "--format", "json", "--fail-severity", "hint", file]);
  const start = r.stdout.indexOf("[");
  expect(start, `spectral printed no report:\n${r.stdout}\n${r.stderr}`).toBeGreaterThanOrEqual(0);
  const results = JSON.parse(r.stdout.slice(start, r.stdout.lastIndexOf("]") + 1)) as {
    code: string;
    severity: number;
    path: string[];
    message: string;
  }[];
  return results.map((p) => ({
    rule: p.code,
    severity: SPECTRAL_SEVERITY[p.severity] ?? String(p.severity),
    where: p.path.join("."),
    message: p.message,
  }));
}

/** The document with faults both linters know: an operation without tags or description, a component nobody uses. */
function faulty() {
  const document = structuredClone(openApiDocument()) as unknown as {
    paths: Record<string, { get: Record<string, unknown> }>;
    components: { schemas: Record<string, unknown> };
  };
  delete document.paths["/catalogo"]!.get.tags;
  delete document.paths["/catalogo"]!.get.description;
  document.components.schemas.Sobrante = { type: "object" };
  return document;
}

describe("the OpenAPI document of /api/v1", () => {
  it("passes redocly's recommended rules without an error or a warning", () => {
    expect(redocly(write("openapi.json", openApiDocument()))).toEqual([]);
  });

  it("passes spectral:oas without an error or a warning", () => {
    expect(spectral(write("openapi.json", openApiDocument()))).toEqual([]);
  });

  it("the same linters do find faults in a faulty document", () => {
    const file = write("faulty.json", faulty());
    expect(redocly(file).map((p) => p.rule)).toContain("no-unused-components");
    expect(spectral(file).map((p) => p.rule)).toEqual(
      expect.arrayContaining(["operation-tags", "operation-description", "oas3-unused-component"]),
    );
  });
});
