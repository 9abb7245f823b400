/**
 * node-postgres pools for both databases: their timeouts explained in Spanish, the waits and statement
 * timeouts counted for the metrics, and a lost connection told apart from a wrong statement.
 */
import pg from "pg";
import type { Env } from "./env.server";
import type { Embedded } from "./db-embedded.server";
import { dbPoolTimeouts, dbPoolWait, dbStatementTimeouts } from "./metrics.server";

/** Socket errors and PostgreSQL's SQLSTATEs that mean the server is gone, not that the query was wrong. */
const CONNECTION_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ENOENT", // the embedded database's socket file is gone
  "57P01", // admin_shutdown: the server is stopping
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now: starting up or in recovery
  "53300", // too_many_connections
]);
/** node-postgres's words for a connection that closed under a query or did not open in time. */
const CONNECTION_MESSAGES = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

/**
 * True when `error` (or what it wraps: Drizzle wraps the driver's error in `cause`) says the
 * database could not be reached, rather than that a statement failed.
 */
export function isConnectionFailure(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === "object" && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === "string" && (CONNECTION_CODES.has(code) || code.startsWith("08"))) return true;
    if (typeof message === "string" && CONNECTION_MESSAGES.test(message)) return true;
  }
  return false;
}

let lastConnectionFailure = Number.NEGATIVE_INFINITY;

/**
 * Whether a query or a connection of this process failed for want of the database within the last
 * `withinMs`. A request that failed as the database went away or came back (still starting up) is
 * told apart by this, not by a probe made after it: by then the database may answer again.
 */
export function connectionFailedRecently(withinMs: number): boolean {
  return performance.now() - lastConnectionFailure < withinMs;
}

function noteFailure(error: unknown) {
  if (error && isConnectionFailure(error)) lastConnectionFailure = performance.now();
}

/** pg-pool's words for a full pool. */
const POOL_FULL = "timeout exceeded when trying to connect";
/** pg-pool's words for a new connection that did not open in time (the embedded database busy). */
const CONNECT_TIMEOUT = "Connection terminated due to connection timeout";

/**
 * node-postgres's pool, with its acquisition timeout explained: on the embedded database the usual
 * cause is a query on `db` while the one connection is held by a transaction (use `tx` inside it).
 */
export class Pool extends pg.Pool {
  constructor(
    config: pg.PoolConfig,
    private readonly busy: { message: string; errors: string[] },
  ) {
    super(config);
  }

  private explain(error: Error | undefined): Error | undefined {
    if (!error || !this.busy.errors.includes(error.message)) return error;
    return new Error(this.busy.message, { cause: error });
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void): void;
  override connect(
    callback?: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void,
    // biome-ignore lint/suspicious/noConfusingVoidType: pg's own overload returns void with a callback
  ): Promise<pg.PoolClient> | void {
    const measure = this.measureWait();
    if (callback)
      return super.connect((err, client, done) => {
        measure(err);
        noteFailure(err);
        callback(this.explain(err), client, done);
      });
    return super.connect().then(
      (client) => {
        measure(undefined);
        return client;
      },
      (error: Error) => {
        measure(error);
        noteFailure(error);
        throw this.explain(error);
      },
    );
  }

  /** For the metrics: how long a query waited because every connection was busy, and whether in vain. */
  private measureWait(): (error: Error | undefined) => void {
    if (this.idleCount > 0 || this.totalCount < (this.options.max ?? 10)) return noWait;
    const started = performance.now();
    return (error) => {
      dbPoolWait.observe((performance.now() - started) / 1000);
      if (error && this.busy.errors.includes(error.message)) dbPoolTimeouts.inc();
    };
  }
}

type QueryArgs = unknown[];
type Callback = (err: Error | null, result?: unknown) => void;
const READ_TIMEOUT = "Query read timeout";
/** PostgreSQL's query_canceled, which a statement_timeout raises. */
const STATEMENT_TIMEOUT = "57014";
const noWait = () => {};

/**
 * A connection that closes itself when a query outlives node-postgres's read timeout. On the embedded
 * database that is the statement timeout: PGlite cannot stop the statement, and a connection left
 * inside the caller's transaction would run the next requests' queries in it, to be lost at the next
 * rollback; closed, pglite-socket rolls that transaction back. On PostgreSQL it fires only when the
 * server stops answering, and such a connection is dead. The caller's ROLLBACK on the closed
 * connection is then answered as done, so the caller sees the timeout, not a closed connection.
 */
class TimeoutClosingClient extends pg.Client {
  private timedOut = false;

  // Every overload of pg's query() passes through: the callback last, or a promise, or a Submittable.
  // biome-ignore lint/suspicious/noExplicitAny: every overload of pg's query() passes through here
  override query(...args: QueryArgs): any {
    const run = (super.query as (...a: QueryArgs) => unknown).bind(this);
    const first = args[0] as { text?: string } | string;
    const text = typeof first === "string" ? first : first?.text;
    if (this.timedOut && text?.trim().toLowerCase() === "rollback") {
      const done = { command: "ROLLBACK", rowCount: null, rows: [], fields: [] };
      const callback = args.at(-1);
      if (typeof callback !== "function") return Promise.resolve(done);
      process.nextTick(() => (callback as Callback)(null, done));
      return undefined;
    }
    const last = args.length - 1;
    if (typeof args[last] === "function") {
      const callback = args[last] as Callback;
      args[last] = (err: Error | null, result?: unknown) => {
        this.closeAfter(err);
        callback(err, result);
      };
      return run(...args);
    }
    const result = run(...args);
    if (!(result instanceof Promise)) return result;
    return result.catch((error: Error) => {
      this.closeAfter(error);
      throw error;
    });
  }

  private closeAfter(error: Error | null) {
    noteFailure(error);
    if (error && (error.message === READ_TIMEOUT || (error as { code?: string }).code === STATEMENT_TIMEOUT)) dbStatementTimeouts.inc();
    if (error?.message !== READ_TIMEOUT || this.timedOut) return;
    this.timedOut = true;
    this.end().catch(() => {});
  }
}

export function poolConfig(env: Env, embedded: Embedded | null): { pool: pg.PoolConfig; busy: { message: string; errors: string[] } } {
  const wait = env.DB_POOL_TIMEOUT_MS;
  if (embedded) {
    return {
      // One connection (PGlite has one backend), kept open and released when a script ends. PGlite
      // cannot interrupt a running statement (a server-side statement_timeout never fires in
      // WebAssembly), so the limit is node-postgres's own: the caller gets an error, the statement
      // runs to its end on the database thread, and the connection is replaced (TimeoutClosingClient).
      pool: {
        Client: TimeoutClosingClient,
        host: embedded.socketDir,
        port: 5432,
        user: "postgres",
        database: "postgres",
        max: 1,
        idleTimeoutMillis: 0,
        allowExitOnIdle: true,
        connectionTimeoutMillis: wait,
        query_timeout: env.DB_STATEMENT_TIMEOUT_MS,
      },
      busy: {
        message: `[db] la consulta esperó ${wait} ms (DB_POOL_TIMEOUT_MS) la única conexión de la base embebida: ¿una consulta con db dentro de una transacción (usa tx) o una sentencia larga?`,
        errors: [POOL_FULL, CONNECT_TIMEOUT],
      },
    };
  }
  const statement = env.DB_STATEMENT_TIMEOUT_MS;
  return {
    pool: {
      Client: TimeoutClosingClient,
      connectionString: env.DATABASE_URL,
      max: env.DB_POOL_MAX,
      connectionTimeoutMillis: wait,
      statement_timeout: statement,
      // The server cancels a long statement itself; a server that stops answering without closing
      // the connection (a network cut) cannot, so the client gives up a second later, and TCP
      // keepalive finds such dead connections among the idle ones.
      ...(statement > 0 ? { query_timeout: statement + 1000 } : {}),
      keepAlive: true,
    },
    busy: {
      message: `[db] la consulta esperó ${wait} ms (DB_POOL_TIMEOUT_MS) una conexión libre a PostgreSQL: las ${env.DB_POOL_MAX} (DB_POOL_MAX) están ocupadas.`,
      errors: [POOL_FULL],
    },
  };
}
