/**
 * `npm run check:node-pin`: the pinned Node runtime exists for every platform the README promises,
 * in the lockfile and in the registry (CI runs it; it needs the npm registry).
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { pinnedVersion, pinProblems, type RegistryVersion, registryProblems } from "./lib/node-pin";

const root = path.resolve(import.meta.dirname, "..");
const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8");
const pkg = JSON.parse(read("package.json"));
const lock = JSON.parse(read("package-lock.json"));

async function view(spec: string): Promise<RegistryVersion | null> {
  try {
    const { stdout } = await promisify(execFile)("npm", ["view", spec, "--json", "os", "cpu", "bin", "dist", "deprecated"], {
      shell: process.platform === "win32",
    });
    return stdout.trim() ? (JSON.parse(stdout) as RegistryVersion) : null;
  } catch (error) {
    if (String((error as { stderr?: string }).stderr).includes("E404")) return null;
    throw error;
  }
}

const problems = [...pinProblems(pkg, lock, read(".nvmrc")), ...(await registryProblems(pkg, lock, view))];
if (problems.length) {
  for (const p of problems) console.error(`[node-pin] ${p}`);
  process.exit(1);
}
console.info(`[node-pin] Node ${pinnedVersion(pkg)}: linux x64/arm64, macOS arm64/x64 y Windows x64 en el lockfile y en el registro.`);
