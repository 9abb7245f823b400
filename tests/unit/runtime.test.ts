import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";

// The repository pins Node 26 (one package per platform in optionalDependencies); a silent fall-back
// to the machine's own Node (20 here, past its end of life) must fail the suite.
describe("runtime", () => {
  it("runs the tests on the pinned Node 26", () => {
    expect(process.versions.node).toMatch(/^26\./);
  });

  it("resolves `node` for npm scripts and child processes to the pinned binary", () => {
    const version = execFileSync("node", ["--version"], { encoding: "utf8" }).trim();
    expect(version).toMatch(/^v26\./);
  });
});
