/**
 * `npm start`: builds the app when the build is missing or older than the sources, then serves it
 * in production mode (migrations and the demo seed run at start-up).
 *
 * package.json runs it as `node --max-semi-space-size=32 --import tsx`: a page render allocates a few
 * hundred kilobytes that live as long as the request waits, and with V8's default 16 MB young
 * generation half of it was promoted and collected by the old generation's marking, which stalled
 * uncached pages at p99 (decision 027).
 */
import path from "node:path";
import { buildIfStale } from "./build-if-stale";

await buildIfStale({ force: process.argv.includes("--build") });

process.env.NODE_ENV = "production";
process.chdir(path.resolve(import.meta.dirname, ".."));
await import("../server.ts");
