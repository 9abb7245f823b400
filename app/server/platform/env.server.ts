/** Configuration: environment variables validated by one Zod schema at boot. */
import { z } from "~/schemas/zod";
import { DEFAULT_BOOKING_URL, type PublicEnv } from "~/catalog/site";
import { singleton } from "./singleton.server";

const flag = z
  .enum(["1", "0", "true", "false", "on", "off", "yes", "no", ""])
  .optional()
  .transform((v) => (v === undefined || v === "" ? undefined : ["1", "true", "on", "yes"].includes(v)));

const optionalUrl = z.preprocess((v) => (v === "" ? undefined : v), z.url().optional());

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  PUBLIC_URL: optionalUrl,
  DATABASE_URL: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "debe empezar con postgres:// o postgresql://")
      .optional(),
  ),
  DATA_DIR: z.string().min(1).default("./data"),
  /** Connections per process to PostgreSQL (the embedded database always has one). */
  DB_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(10),
  /** How long a query waits for a free connection (or a new one) before it fails; 0 waits forever. */
  DB_POOL_TIMEOUT_MS: z.coerce.number().int().min(0).default(5000),
  /** How long one statement may run before it fails; 0 for no limit (decision 044). */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  SEED_DEMO: flag,
  OWNER_EMAIL: z.preprocess((v) => (v === "" ? undefined : v), z.email().optional()),
  AUTH_SECRET: z.preprocess((v) => (v === "" ? undefined : v), z.string().min(32).optional()),
  SMTP_URL: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z
      .string()
      .regex(/^smtps?:\/\//)
      .optional(),
  ),
  MAIL_FROM: z.string().default("Panama VIP IA <no-reply@panamavipia.com>"),
  MAIL_LOG_FILE: z.string().optional(),
  REQUIRE_EMAIL_VERIFICATION: flag,
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_PRICE_ID: z.string().optional(),
  /** The Stripe prices of the Local AI plans, per plan and period; an unset one cannot be bought. */
  STRIPE_PRICE_STARTER_LOCAL_YEAR: z.string().optional(),
  STRIPE_PRICE_STARTER_LOCAL_HALF_YEAR: z.string().optional(),
  STRIPE_PRICE_MAX_LOCAL_YEAR: z.string().optional(),
  STRIPE_PRICE_MAX_LOCAL_HALF_YEAR: z.string().optional(),
  STRIPE_API_BASE: optionalUrl,
  GOOGLE_PLACES_API_KEY: z.string().optional(),
  GOOGLE_PLACES_API_BASE: optionalUrl,
  CHAT_URL_AMY: optionalUrl,
  CHAT_URL_ROGER: optionalUrl,
  CHAT_URL_YODDA: optionalUrl,
  CHAT_WIDGET_SRC: optionalUrl,
  BOOKING_URL: z.url().default(DEFAULT_BOOKING_URL),
  /** Attempts allowed per minute per address or IP before sign-in/sign-up answer 429. */
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
  /** Sign-ups allowed per minute per IP (default: twice AUTH_RATE_LIMIT). */
  AUTH_SIGNUP_RATE_LIMIT: z.coerce.number().int().min(1).optional(),
  /** Requests per minute per IP to the public API (/api/v1) and MCP (/mcp), shared by every process. */
  API_RATE_LIMIT: z.coerce.number().int().min(1).default(120),
  /** How long the API and MCP keep a repeated answer in memory (invalidated by every public write); 0: off. */
  API_CACHE_TTL_MS: z.coerce.number().int().min(0).default(30_000),
  /** The in-process cache of anonymous public HTML, on unless set to off; entries live PAGE_CACHE_TTL_MS. */
  PAGE_CACHE: flag.transform((v) => v ?? true),
  PAGE_CACHE_TTL_MS: z.coerce.number().int().min(0).default(30_000),
  /** Entries per file once the directory's sitemap becomes an index (at most the 45,000 one file holds). */
  SITEMAP_CHUNK_SIZE: z.coerce.number().int().min(1).max(45_000).default(40_000),
  /** Where `react-router build` wrote the app that production serves (relative to the working folder). */
  BUILD_DIR: z.string().min(1).default("build"),
  /** Server processes (node:cluster workers); above 1 needs PostgreSQL (the embedded database is one process). */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  /** The log's threshold: fatal, error, warn, info (one line per request), debug, trace or silent. */
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Bearer token that opens /metrics (Prometheus text); without it /metrics answers 404. */
  METRICS_TOKEN: z.preprocess((v) => (v === "" ? undefined : v), z.string().min(16).optional()),
  /** Set in tests to trust X-Forwarded-For from the local test client. */
  TRUST_PROXY: flag,
});

/** Every variable the schema reads (.env.example documents each one: tests/unit/env-example.test.ts). */
export const ENV_KEYS: readonly string[] = Object.keys(schema.shape);

export type Env = z.infer<typeof schema> & {
  PUBLIC_URL: string;
  REQUIRE_EMAIL_VERIFICATION: boolean;
  embedded: boolean;
};

export class EnvError extends Error {}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = schema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  - ${i.path.join(".")}: ${i.message}`);
    throw new EnvError(`Configuración inválida en las variables de entorno:\n${lines.join("\n")}`);
  }
  const env = result.data;
  if (env.NODE_ENV === "production" && env.DATABASE_URL && !env.AUTH_SECRET) {
    throw new EnvError("Configuración inválida: AUTH_SECRET es obligatorio en producción con DATABASE_URL (mínimo 32 caracteres).");
  }
  if (env.WEB_CONCURRENCY > 1 && !env.DATABASE_URL) {
    throw new EnvError(
      `WEB_CONCURRENCY=${env.WEB_CONCURRENCY} necesita PostgreSQL: define DATABASE_URL (la base embebida admite un solo proceso).`,
    );
  }
  return {
    ...env,
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ""),
    REQUIRE_EMAIL_VERIFICATION: env.REQUIRE_EMAIL_VERIFICATION ?? Boolean(env.SMTP_URL),
    embedded: !env.DATABASE_URL,
  };
}

export function getEnv(): Env {
  return singleton("env", () => parseEnv(process.env));
}

export function getPublicEnv(): PublicEnv {
  const env = getEnv();
  return {
    PUBLIC_URL: env.PUBLIC_URL,
    BOOKING_URL: env.BOOKING_URL,
    CHAT_WIDGET_SRC: env.CHAT_WIDGET_SRC ?? null,
  };
}
