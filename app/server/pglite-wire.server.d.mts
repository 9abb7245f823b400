import type { PGlite } from "@electric-sql/pglite";

/** Types for pglite-wire.server.mjs (plain JavaScript, as it runs on the database's worker thread). */
export function serveWireProtocol(
  db: PGlite,
  socketPath: string,
  options?: { maxConnections?: number; onFatal?: (error: unknown) => void },
): Promise<{ close: () => Promise<void> }>;
