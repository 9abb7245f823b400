// @ts-check
/**
 * PostgreSQL's wire protocol for PGlite's single backend, shared safely by many connections
 * (decision 028). It replaces @electric-sql/pglite-socket, which queued each protocol message on
 * its own: two clients' Parse/Bind/Execute messages could interleave on the one backend and one
 * client's unnamed statement could run with another's parameters.
 *
 * - A connection's messages are executed in units that end where the protocol lets a backend switch
 *   clients: a Sync (extended protocol), a simple Query, a Flush or a Terminate. PGlite runs a unit to
 *   its end before taking the next one.
 * - A transaction belongs to its connection: while PGlite is inside a transaction block, only units
 *   of the connection that opened it run; the others wait in order. So does an extended-protocol
 *   sequence paused by a Flush (a cursor reading rows in batches), until its Sync.
 * - A connection that closes inside its transaction has it rolled back, so the others go on.
 * - SSL and GSS encryption requests are declined ("N"); cancel requests are ignored.
 *
 * The backend's session settings (SET, prepared statement names) are shared by every connection, so
 * clients must not rely on them: the app's node-postgres pool uses unnamed statements only.
 */
import net from "node:net";

const SSL_REQUEST = 80877103;
const GSS_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
const PROTOCOL_3 = 196608;
/** Message types after which a unit may end. */
const UNIT_END = new Set(["S", "Q", "H", "X"].map((c) => c.charCodeAt(0)));
const TERMINATE = "X".charCodeAt(0);
const FLUSH = "H".charCodeAt(0);
/** A backend or frontend message: its type byte, its length, its body. */
function message(/** @type {string} */ type, /** @type {string} */ body = "") {
  const bytes = Buffer.from(body);
  const msg = Buffer.alloc(5 + bytes.length);
  msg.write(type, 0);
  msg.writeInt32BE(4 + bytes.length, 1);
  bytes.copy(msg, 5);
  return msg;
}
/**
 * Run when a connection leaves a transaction or a paused sequence open. The first ROLLBACK aborts a
 * healthy paused sequence without committing it; the Sync ends the skipping after an error (until a
 * Sync, PostgreSQL ignores everything, a ROLLBACK too); the second ROLLBACK ends an aborted block.
 */
const ROLLBACK = Buffer.concat([message("Q", "ROLLBACK\0"), message("S"), message("Q", "ROLLBACK\0")]);

/** A FATAL ErrorResponse, for a start-up packet refused before it reaches PGlite. */
const fatal = (/** @type {string} */ code, /** @type {string} */ text) => message("E", `SFATAL\0VFATAL\0C${code}\0M${text}\0\0`);

/** The parameters of a start-up packet (after its length and protocol version). */
function startupParams(/** @type {Buffer} */ packet) {
  const parts = packet.subarray(8).toString("utf8").split("\0");
  /** @type {Record<string, string>} */
  const params = {};
  for (let i = 0; i + 1 < parts.length && parts[i]; i += 2) params[/** @type {string} */ (parts[i])] = parts[i + 1] ?? "";
  return params;
}

/**
 * @typedef {{ socket: net.Socket; buffer: Buffer; started: boolean; pending: Buffer[]; closed: boolean }} Conn
 * @typedef {{ conn: Conn; message: Buffer; paused?: boolean }} Unit
 */

/**
 * Serves `db` on the Unix socket `socketPath` until `close()`.
 * @param {import("@electric-sql/pglite").PGlite} db
 * @param {string} socketPath
 * @param {{ maxConnections?: number; onFatal?: (error: unknown) => void }} [options] `onFatal`: PGlite
 *   threw (it reports SQL errors on the wire, so its backend is broken); the caller should stop.
 * @returns {Promise<{ close: () => Promise<void> }>}
 */
export async function serveWireProtocol(db, socketPath, { maxConnections = 64, onFatal } = {}) {
  /** @type {Unit[]} */
  const queue = [];
  /** @type {Conn | null} the connection whose transaction is open */
  let owner = null;
  let running = false;
  /** The running drain or rollback, awaited by close(). */
  let busy = Promise.resolve();
  /** @type {Set<Conn>} */
  const conns = new Set();

  /** @param {Conn} conn @param {Buffer} message */
  async function execute(conn, message) {
    await db.execProtocolRawStream(message, {
      onRawData: (data) => {
        if (!conn.closed && conn.socket.writable) conn.socket.write(Buffer.from(data));
      },
    });
  }

  /** True when PGlite is inside a transaction block; false once its backend is gone. */
  function inTransaction() {
    try {
      return db.isInTransaction();
    } catch {
      return false;
    }
  }

  function drain() {
    if (running) return;
    running = true;
    busy = (async () => {
      try {
        while (queue.length) {
          const index = owner ? queue.findIndex((u) => u.conn === owner) : 0;
          if (index < 0) break; // the transaction's owner has sent nothing yet: the others wait
          const [unit] = queue.splice(index, 1);
          if (!unit) break;
          try {
            await execute(unit.conn, unit.message);
          } catch (error) {
            // PGlite reports SQL errors on the wire: a throw means its backend is broken.
            console.error("[db] la base embebida falló al ejecutar un mensaje:", error instanceof Error ? error.message : error);
            onClose(unit.conn);
            unit.conn.socket.destroy();
            onFatal?.(error);
          }
          owner = inTransaction() || unit.paused ? unit.conn : null;
          if (owner && owner.closed) await rollbackFor(owner);
        }
      } finally {
        running = false;
      }
    })();
  }

  /** @param {Conn} conn */
  async function rollbackFor(conn) {
    if (owner !== conn) return;
    try {
      await db.execProtocolRawStream(ROLLBACK, { onRawData: () => {} });
    } catch (error) {
      console.error("[db] no se pudo deshacer la transacción de una conexión cerrada:", error);
    }
    if (inTransaction()) console.error("[db] la base embebida sigue en una transacción tras ROLLBACK");
    owner = null; // never wait for a connection that is gone
  }

  /** @param {Conn} conn */
  function onClose(conn) {
    if (conn.closed) return;
    conn.closed = true;
    conns.delete(conn);
    for (let i = queue.length - 1; i >= 0; i--) if (queue[i]?.conn === conn) queue.splice(i, 1);
    // While a unit runs, the drain loop rolls back after it; otherwise roll back here.
    if (owner === conn && !running) {
      running = true;
      busy = rollbackFor(conn).finally(() => {
        running = false;
        drain();
      });
    }
  }

  /** @param {Conn} conn */
  function onData(conn) {
    for (;;) {
      if (conn.closed) return;
      const buf = conn.buffer;
      if (!conn.started) {
        if (buf.length < 8) return;
        const length = buf.readInt32BE(0);
        const code = buf.readInt32BE(4);
        if (length < 8 || length > 10_000) return conn.socket.destroy();
        if (buf.length < length) return;
        conn.buffer = buf.subarray(length);
        if (code === SSL_REQUEST || code === GSS_REQUEST) {
          conn.socket.write("N");
          continue;
        }
        if (code === CANCEL_REQUEST) {
          conn.socket.end();
          return;
        }
        if (code !== PROTOCOL_3) return conn.socket.destroy();
        // PGlite's backend ends for good on a start-up it refuses: refuse it here.
        if (!startupParams(buf.subarray(0, length)).user) {
          conn.socket.end(fatal("28000", "no PostgreSQL user name specified in startup packet"));
          onClose(conn);
          return;
        }
        conn.started = true;
        queue.push({ conn, message: Buffer.from(buf.subarray(0, length)) });
        drain();
        continue;
      }
      if (buf.length < 5) return;
      const length = 1 + buf.readInt32BE(1);
      if (length < 5) return conn.socket.destroy();
      if (buf.length < length) return;
      const type = /** @type {number} */ (buf[0]);
      conn.pending.push(buf.subarray(0, length));
      conn.buffer = buf.subarray(length);
      if (type === TERMINATE) {
        conn.pending = [];
        conn.socket.end();
        onClose(conn);
        return;
      }
      if (UNIT_END.has(type)) {
        queue.push({ conn, message: Buffer.concat(conn.pending), paused: type === FLUSH });
        conn.pending = [];
        drain();
      }
    }
  }

  const server = net.createServer((socket) => {
    if (conns.size >= maxConnections) {
      socket.destroy();
      return;
    }
    /** @type {Conn} */
    const conn = { socket, buffer: Buffer.alloc(0), started: false, pending: [], closed: false };
    conns.add(conn);
    socket.setNoDelay(true);
    socket.on("data", (data) => {
      conn.buffer = conn.buffer.length ? Buffer.concat([conn.buffer, data]) : data;
      onData(conn);
    });
    socket.on("error", () => onClose(conn));
    socket.on("close", () => onClose(conn));
  });

  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(socketPath, () => resolve(undefined));
  });

  return {
    // Connections are dropped, their open transaction rolled back, and the running unit finished
    // before this resolves, so PGlite can be closed after it.
    close: async () => {
      for (const conn of [...conns]) {
        onClose(conn);
        conn.socket.destroy();
      }
      await new Promise((resolve) => server.close(() => resolve(undefined)));
      while (running) await busy;
    },
  };
}
