// @ts-check
/**
 * The embedded database's own thread (decisions 027, 044). PGlite runs PostgreSQL as WebAssembly; on
 * the thread that renders pages, every query would stall every page being rendered. Here ElectricSQL's
 * pglite-socket serves PostgreSQL's wire protocol on a private Unix socket, and the app talks to it
 * with a node-postgres pool of one connection, as to a real server.
 *
 * Plain JavaScript, because a worker thread does not inherit a TypeScript loader everywhere this runs
 * (tsx in production, Vitest's forks in tests). Messages: in `{ type: "close" }`; out `ready`,
 * `closed`, or `error` with a message.
 */
import fs from "node:fs";
import path from "node:path";
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { PGLITE_EXTENSIONS } from "./pglite-extensions.server.mjs";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";

const { dataDir, socketPath } = /** @type {{ dataDir: string; socketPath: string }} */ (workerData);
const port = /** @type {import("node:worker_threads").MessagePort} */ (parentPort);

/** @type {PGlite | null} */
let db = null;
/** @type {PGLiteSocketServer | null} */
let server = null;

port.on("message", async (/** @type {{ type: string }} */ message) => {
  if (message.type !== "close") return;
  try {
    await server?.stop();
    await db?.close();
    port.postMessage({ type: "closed" });
  } catch (error) {
    port.postMessage({ type: "error", message: error instanceof Error ? error.message : String(error) });
  }
  port.close();
});

try {
  const pglite = await PGlite.create(dataDir, { extensions: PGLITE_EXTENSIONS });
  db = pglite;
  // SQL errors travel on the wire; a throw means PGlite's backend has ended (it stays broken), and
  // pglite-socket then stops answering every connection. End this thread instead: the app's process
  // stops with it (db.server.ts) and its supervisor restarts it.
  const run = pglite.execProtocolRawStream.bind(pglite);
  pglite.execProtocolRawStream = async (message, options) => {
    try {
      return await run(message, options);
    } catch (error) {
      console.error(`[db] la base embebida falló: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    }
  };
  // The app's pool has one connection. A few more are accepted because node-postgres drops a
  // connection after a failed query and opens the next one before this side has seen the old one close.
  server = new PGLiteSocketServer({ db: pglite, path: socketPath, maxConnections: 8 });
  await server.start();
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
