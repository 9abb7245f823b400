/**
 * The server's log: pino, one JSON line per event on stdout (readable through pino-pretty in
 * development when it is installed), at LOG_LEVEL. The Spanish messages stay as they were, in `msg`.
 * Nothing logged carries a password, token, cookie or whole e-mail address: those headers and fields
 * are redacted, and e-mail addresses in messages keep only their first letter and domain.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { createRequire } from "node:module";
import pino, { type DestinationStream, type Logger, type LoggerOptions } from "pino";
import { pinoHttp } from "pino-http";
import { singleton } from "./singleton.server";

export type LogLevel = "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";

const EMAIL = /([A-Za-z0-9._%+-])[A-Za-z0-9._%+-]*@([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)/g;

/** `ana.perez@example.com` → `a***@example.com`, wherever an address appears in `text`. */
export function maskEmails(text: string): string {
  return text.includes("@") ? text.replace(EMAIL, "$1***@$2") : text;
}

const REDACT = [
  "req.headers.cookie",
  "req.headers.authorization",
  'req.headers["proxy-authorization"]',
  'req.headers["stripe-signature"]',
  'res.headers["set-cookie"]',
  "headers.cookie",
  "headers.authorization",
  "password",
  "token",
  "*.password",
  "*.token",
  "*.secret",
];

function maskError(error: Error) {
  const shown = pino.stdSerializers.err(error);
  if (typeof shown.message === "string") shown.message = maskEmails(shown.message);
  if (typeof shown.stack === "string") shown.stack = maskEmails(shown.stack);
  return shown;
}

export function loggerOptions(level: LogLevel): LoggerOptions {
  return {
    level,
    redact: { paths: REDACT, censor: "[oculto]" },
    serializers: { err: maskError },
    // Whatever is logged while a request is answered carries its id (D23).
    mixin(object) {
      if ("reqId" in object) return {};
      const reqId = requestIds().getStore();
      return reqId ? { reqId } : {};
    },
    hooks: {
      // Masks addresses in the message and its format arguments; objects go through redaction.
      logMethod(args, method) {
        for (let i = 0; i < args.length; i++) {
          const arg = args[i];
          if (typeof arg === "string") args[i] = maskEmails(arg);
          else if (arg instanceof Error) args[i] = { err: arg };
        }
        return method.apply(this, args as Parameters<typeof method>);
      },
    },
  };
}

/** A logger writing to `destination` (tests pass a stream to read its lines). */
export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  return pino(loggerOptions(level), destination ?? defaultDestination());
}

function defaultDestination(): DestinationStream {
  if (process.env.NODE_ENV === "development" && prettyInstalled()) {
    return pino.transport({ target: "pino-pretty", options: { translateTime: "SYS:HH:MM:ss.l", ignore: "pid,hostname" } });
  }
  // Written asynchronously (lines that come while a write is under way go out together with the next):
  // one line per request must cost the request nothing; pino flushes what is left when the process
  // exits. Errors go to stderr, as they always did, the rest to stdout.
  return pino.multistream(
    [
      { level: "trace", stream: pino.destination({ dest: 1, sync: false }) },
      { level: "error", stream: pino.destination({ dest: 2, sync: false }) },
    ],
    { dedupe: true },
  );
}

function prettyInstalled(): boolean {
  try {
    createRequire(import.meta.url).resolve("pino-pretty");
    return true;
  } catch {
    return false;
  }
}

function levelFromEnv(): LogLevel {
  const level = process.env.LOG_LEVEL?.trim().toLowerCase();
  const known: LogLevel[] = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];
  if (level && (known as string[]).includes(level)) return level as LogLevel;
  return "info";
}

/** The process's logger, shared by server.ts and the app's build. Tests may replace it (replaceSingleton("logger", …)). */
export function getLogger(): Logger {
  return singleton("logger", () => createLogger(levelFromEnv()));
}

/** Shorthands that read the current logger on every call, so a test's replacement is honoured. */
export const log = {
  fatal: (msg: string, extra?: object) => (extra ? getLogger().fatal(extra, msg) : getLogger().fatal(msg)),
  error: (msg: string, extra?: object) => (extra ? getLogger().error(extra, msg) : getLogger().error(msg)),
  warn: (msg: string, extra?: object) => (extra ? getLogger().warn(extra, msg) : getLogger().warn(msg)),
  info: (msg: string, extra?: object) => (extra ? getLogger().info(extra, msg) : getLogger().info(msg)),
  debug: (msg: string, extra?: object) => (extra ? getLogger().debug(extra, msg) : getLogger().debug(msg)),
};

// ---------------------------------------------------------------- requests

const requestIds = () => singleton("request-ids", () => new AsyncLocalStorage<string>());

/** The id of the request being answered (the X-Request-Id header of its response), if any. */
export function currentRequestId(): string | undefined {
  return requestIds().getStore();
}

/** A proxy's X-Request-Id is kept only when short and plain; anything else gets an id of ours. */
const SAFE_ID = /^[A-Za-z0-9_-]{1,64}$/;

export function requestIdFor(incoming: string | string[] | undefined): string {
  return typeof incoming === "string" && SAFE_ID.test(incoming) ? incoming : randomUUID();
}

type Req = IncomingMessage & { id?: unknown; originalUrl?: string };
type Res = ServerResponse & { locals?: Record<string, unknown> };

export type RequestLine = { route: string; status: number; seconds: number; method: string };

/**
 * One line per answered request: id, method, route pattern, path (never the query string, which may
 * hold a token), status and duration in ms. The id comes from a safe incoming X-Request-Id or is
 * made here, goes back as X-Request-Id, and is bound to everything logged while the request runs.
 * `onDone` hears each request's route, status and duration (the metrics).
 */
export function requestLogger<Q extends Req, S extends Res>(routeOf: (req: Q, res: S) => string, onDone?: (line: RequestLine) => void) {
  const started = new WeakMap<object, number>();
  const lineOf = (req: Q, res: S) => {
    const ms = performance.now() - (started.get(res) ?? performance.now());
    const route = routeOf(req, res);
    const method = req.method ?? "GET";
    onDone?.({ route, status: res.statusCode, seconds: ms / 1000, method });
    const url = req.originalUrl ?? req.url ?? "/";
    const q = url.indexOf("?");
    return {
      reqId: req.id,
      method,
      route,
      path: q === -1 ? url : url.slice(0, q),
      status: res.statusCode,
      durationMs: Math.round(ms * 10) / 10,
    };
  };
  const middleware = pinoHttp<Q, S>({
    logger: getLogger(),
    quietResLogger: true,
    genReqId(req, res) {
      const id = requestIdFor(req.headers["x-request-id"]);
      res.setHeader("X-Request-Id", id);
      started.set(res, performance.now());
      return id;
    },
    // The per-request child logger carries no headers (cookies, authorization) at all.
    serializers: { req: (req: { id?: unknown }) => ({ id: req.id }) },
    wrapSerializers: false,
    customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? "error" : "info"),
    customSuccessObject: (req, res) => lineOf(req, res),
    // The error itself is logged where it is caught, with the same reqId.
    customErrorObject: (req, res) => lineOf(req, res),
    customSuccessMessage: () => "petición atendida",
    customErrorMessage: () => "petición fallida",
  });
  return (req: Q, res: S, next: (error?: unknown) => void) => {
    middleware(req, res);
    requestIds().run(String(req.id), next);
  };
}
