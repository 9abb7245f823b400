/**
 * The production build when it is missing or older than the sources: `npm start` runs it before
 * serving, and the tests that start production servers of their own run it once first.
 */
import { execSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

/** True when BUILD_DIR (build) has no server build or one older than the sources. */
export function buildIsStale(): boolean {
  const serverBuild = path.join(root, process.env.BUILD_DIR ?? "build", "server/index.js");
  const sources = ["app", "public"].map((d) => path.join(root, d)).filter((d) => fs.existsSync(d));
  const configFiles = ["vite.config.ts", "react-router.config.ts", "package-lock.json"].map((f) => path.join(root, f));
  const sourceTime = Math.max(...sources.map(newestMtime), ...configFiles.filter(fs.existsSync).map((f) => fs.statSync(f).mtimeMs));
  return !fs.existsSync(serverBuild) || fs.statSync(serverBuild).mtimeMs < sourceTime;
}

export const BUILD_COMMAND = "npx react-router build";

/** Builds when stale, or always with `force`. */
export function buildIfStale({ force = false }: { force?: boolean } = {}): void {
  if (!force && !buildIsStale()) return;
  console.info("[start] compilando la aplicación…");
  execSync(BUILD_COMMAND, { cwd: root, stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
}
