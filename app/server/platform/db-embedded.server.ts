/**
 * The embedded database: PGlite on its own worker thread behind pglite-socket, on a private Unix
 * socket in an owner-only folder, with a lock so that one process at a time opens its files.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { log } from "./logger.server";

/** Resolved from the working directory like the migrations: the server build bundles this module. */
const PGLITE_WORKER = path.resolve(process.cwd(), "app/server/platform/pglite-worker.server.mjs");

export type Embedded = { socketDir: string; ready: Promise<void>; close: (timeoutMs?: number) => Promise<void> };

/** Unix socket paths are cut by the kernel past 107 bytes; a long TMPDIR falls back to /tmp. */
function socketParent(): string {
  const longest = path.join(os.tmpdir(), "pv-pglite-XXXXXX", ".s.PGSQL.5432");
  return Buffer.byteLength(longest) <= 103 ? os.tmpdir() : "/tmp";
}

/**
 * A database that cannot be opened at start-up, for a reason the operator can fix (another process
 * holds the files, they are damaged, PostgreSQL does not answer): the server prints the message
 * alone, without a stack, and exits with 1.
 */
export class DatabaseStartError extends Error {
  override name = "DatabaseStartError";
}

/**
 * One process per on-disk database: a second PGlite on the same files (a script while the server runs)
 * loses or corrupts writes. The lock names the owner's pid and socket; it is stale when either is gone.
 */
export function takeLock(dataDir: string, socketPath: string): () => void {
  const lock = path.join(dataDir, "..", "pglite.lock");
  try {
    const [pid, socket] = fs.readFileSync(lock, "utf8").split("\n");
    const alive = (() => {
      try {
        process.kill(Number(pid), 0);
        return true;
      } catch {
        return false;
      }
    })();
    if (Number(pid) !== process.pid && alive && socket && fs.existsSync(socket)) {
      throw new DatabaseStartError(
        `[db] la base embebida de ${path.dirname(lock)} está abierta por otro proceso (pid ${pid}). Detén el servidor antes de usar este comando, o usa DATABASE_URL.`,
      );
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  fs.writeFileSync(lock, `${process.pid}\n${socketPath}\n`);
  return () => {
    try {
      if (fs.readFileSync(lock, "utf8").startsWith(`${process.pid}\n`)) fs.rmSync(lock, { force: true });
    } catch {
      /* already gone */
    }
  };
}

/** Starts PGlite on its worker thread, listening on `<socketDir>/.s.PGSQL.5432` (owner-only folder). */
export function startEmbedded(dataDir: string): Embedded {
  const socketDir = fs.mkdtempSync(path.join(socketParent(), "pv-pglite-"));
  const socketPath = path.join(socketDir, ".s.PGSQL.5432");
  let releaseLock = () => {};
  try {
    if (!dataDir.startsWith("memory://")) releaseLock = takeLock(dataDir, socketPath);
  } catch (error) {
    fs.rmSync(socketDir, { recursive: true, force: true });
    throw error;
  }
  const worker = new Worker(PGLITE_WORKER, { workerData: { dataDir, socketPath } });
  let closing = false;
  let exited = false;
  let opened = false;
  // A forced exit skips close(): the folder and the lock still go.
  const cleanUp = () => {
    fs.rmSync(socketDir, { recursive: true, force: true });
    releaseLock();
  };
  process.once("exit", cleanUp);
  // PGlite's own words for damaged files are English and vague ("PGlite failed to initialize
  // properly", "Aborted()"): the operator is told what it means and what to do.
  const unopenable = (detail: string) =>
    new DatabaseStartError(
      `[db] no se pudo abrir la base embebida de ${dataDir}: sus archivos están dañados o no son de una base de PGlite (${detail}). Restaura una copia de seguridad en esa carpeta, o muévela a otro sitio para empezar con una base nueva.`,
    );
  const ready = new Promise<void>((resolve, reject) => {
    worker.once("message", (message: { type: string; message?: string }) => {
      if (message.type === "ready") return resolve();
      reject(unopenable(message.message ?? message.type));
      void worker.terminate();
    });
    worker.once("error", (error) => reject(opened ? error : unopenable(error instanceof Error ? error.message : String(error))));
    worker.once("exit", (code) => {
      exited = true;
      process.off("exit", cleanUp);
      cleanUp();
      if (closing) return;
      const error = new Error(`[db] el hilo de la base embebida terminó (código ${code})`);
      log.error(error.message);
      reject(error);
      // Every query would fail from now on: stop, so that the supervisor (or the operator) restarts it.
      if (opened) process.exit(1);
    });
  });
  return {
    socketDir,
    // Once open, the thread never keeps a finished script alive (a query in flight does, on its socket).
    ready: ready.then(() => {
      opened = true;
      worker.unref();
    }),
    close: async (timeoutMs = 30_000) => {
      closing = true;
      if (exited) return;
      const closed = new Promise<void>((resolve, reject) => {
        worker.on("message", (message: { type: string; message?: string }) => {
          if (message.type === "closed") resolve();
          else if (message.type === "error") reject(new Error(`[db] la base embebida no se cerró bien: ${message.message}`));
        });
        worker.once("exit", () => resolve());
        setTimeout(() => reject(new Error(`[db] la base embebida no se cerró en ${timeoutMs} ms`)), timeoutMs).unref();
      });
      worker.postMessage({ type: "close" });
      // The thread's "exit" listener above removes the socket folder and the lock.
      await closed.finally(() => worker.terminate());
    },
  };
}
