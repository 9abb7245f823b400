/**
 * `npm start`: builds the app when the build is missing or older than the sources, then serves it
 * in production mode (migrations and the demo seed run at start-up).
 *
 * package.json runs it as `node --max-semi-space-size=32 --import tsx`: a page render allocates a few
 * hundred kilobytes that live as long as the request waits, and with V8's default 16 MB young
 * generation half of it was promoted and collected by the old generation's marking, which stalled
 * uncached pages at p99 (decision 027).
 */
import { execSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const serverBuild = path.join(root, process.env.BUILD_DIR ?? "build", "server/index.js");

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

const sources = ["app", "public"].map((d) => path.join(root, d)).filter((d) => fs.existsSync(d));
const configFiles = ["vite.config.ts", "react-router.config.ts", "package-lock.json"].map((f) => path.join(root, f));
const sourceTime = Math.max(...sources.map(newestMtime), ...configFiles.filter(fs.existsSync).map((f) => fs.statSync(f).mtimeMs));
const stale = !fs.existsSync(serverBuild) || fs.statSync(serverBuild).mtimeMs < sourceTime;

if (stale || process.argv.includes("--build")) {
  console.info("[start] compilando la aplicación…");
  execSync("npx react-router build", { cwd: root, stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
}

process.env.NODE_ENV = "production";
process.chdir(root);
await import("../server.ts");
