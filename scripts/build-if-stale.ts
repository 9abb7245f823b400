/**
 * The production build when it is missing, older than the sources or made from other dependencies: `npm start` runs it before
 * serving, and the tests that start production servers of their own run it once first.
 */
import { execSync } from "node:child_process";
import { createHash } from "node:crypto";
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

/** The files outside app/ and public/ the build depends on: a change of their contents rebuilds. */
const INPUT_FILES = ["package-lock.json", "vite.config.ts", "react-router.config.ts"];

/** A fingerprint of the dependencies and the build's configuration (contents, not times: an install that rewrites the same lockfile changes nothing). */
function inputsFingerprint(): string {
  const hash = createHash("sha256");
  for (const file of INPUT_FILES) {
    const full = path.join(root, file);
    hash.update(`${file}\0${fs.existsSync(full) ? fs.readFileSync(full) : ""}\0`);
  }
  return hash.digest("hex");
}

const buildDir = () => path.join(root, process.env.BUILD_DIR ?? "build");
const stampFile = () => path.join(buildDir(), ".inputs-sha256");

/**
 * True when BUILD_DIR (build) has no server build, one older than the sources (app/, public/), or
 * one made from other dependencies or build configuration than the current ones.
 */
export function buildIsStale(): boolean {
  const serverBuild = path.join(buildDir(), "server/index.js");
  if (!fs.existsSync(serverBuild) || !fs.existsSync(stampFile())) return true;
  const sources = ["app", "public"].map((d) => path.join(root, d)).filter((d) => fs.existsSync(d));
  if (fs.statSync(serverBuild).mtimeMs < Math.max(...sources.map(newestMtime))) return true;
  return fs.readFileSync(stampFile(), "utf8").trim() !== inputsFingerprint();
}

export const BUILD_COMMAND = "npx react-router build";

/** Runs `build` (the build command, however the caller runs it), then records what it was made from. */
export async function buildStamped(build: () => unknown): Promise<void> {
  const fingerprint = inputsFingerprint();
  await build();
  fs.writeFileSync(stampFile(), `${fingerprint}\n`);
}

/** Builds when stale, or always with `force`. */
export async function buildIfStale({ force = false }: { force?: boolean } = {}): Promise<void> {
  if (!force && !buildIsStale()) return;
  console.info("[start] compilando la aplicación…");
  await buildStamped(() => execSync(BUILD_COMMAND, { cwd: root, stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } }));
}
