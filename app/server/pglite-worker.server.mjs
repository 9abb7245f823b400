// @ts-check
/**
 * The embedded database's own thread (decision 027). PGlite runs PostgreSQL as WebAssembly; on the
 * thread that renders pages, every query stalled every page being rendered. Here it serves
 * PostgreSQL's wire protocol on a private Unix socket (pglite-wire.server.mjs, decision 028), and the
 * app's processes talk to it with the same node-postgres pool as to a real server.
 *
 * Plain JavaScript, because a worker thread does not inherit a TypeScript loader everywhere this runs
 * (tsx in production, Vitest's forks in tests). Messages: in `{ type: "close" }`; out `ready`,
 * `closed`, or `error` with a message.
 */
import fs from "node:fs";
import path from "node:path";
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { serveWireProtocol } from "./pglite-wire.server.mjs";

const { dataDir, socketPath } = /** @type {{ dataDir: string; socketPath: string }} */ (workerData);
const port = /** @type {import("node:worker_threads").MessagePort} */ (parentPort);

/** @type {PGlite | null} */
let db = null;
/** @type {{ close: () => Promise<void> } | null} */
let server = null;

port.on("message", async (/** @type {{ type: string }} */ message) => {
  if (message.type !== "close") return;
  try {
    await server?.close();
    await db?.close();
    port.postMessage({ type: "closed" });
  } catch (error) {
    port.postMessage({ type: "error", message: error instanceof Error ? error.message : String(error) });
  }
  port.close();
});

try {
  db = await PGlite.create(dataDir, { extensions: { pg_trgm, unaccent } });
  // One backend for every connection: the wire server runs each connection's messages in whole units
  // and keeps an open transaction to its own connection.
  server = await serveWireProtocol(db, socketPath, {
    // PGlite's backend is broken: end this thread, and the app's process stops (db.server.ts).
    onFatal: () => process.exit(1),
  });
  // Temp-folder cleaners remove files by age: like PostgreSQL with its own socket, touch it hourly.
  setInterval(() => {
    const now = new Date();
    for (const target of [socketPath, path.dirname(socketPath)]) fs.utimes(target, now, now, () => {});
  }, 3_600_000).unref();
  port.postMessage({ type: "ready" });
} catch (error) {
  // The app terminates this thread when it reads the error.
  port.postMessage({ type: "error", message: error instanceof Error ? error.message : String(error) });
}
