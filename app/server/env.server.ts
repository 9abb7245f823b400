/** Configuration: environment variables validated by one Zod schema at boot (DESIGN §3). */
import { z } from "zod";
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
  SEED_DEMO: flag,
  OWNER_EMAIL: z.preprocess((v) => (v === "" ? undefined : v), z.email().optional()),
  AUTH_SECRET: z.preprocess((v) => (v === "" ? undefined : v), z.string().min(32).optional()),
  SMTP_URL: z.preprocess((v) => (v === "" ? undefined : v), z.string().regex(/^smtps?:\/\//).optional()),
  MAIL_FROM: z.string().default("Panama VIP IA <no-reply@panamavipia.com>"),
  MAIL_LOG_FILE: z.string().optional(),
  REQUIRE_EMAIL_VERIFICATION: flag,
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_PRICE_ID: z.string().optional(),
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
  /** Server processes (node:cluster workers). With the embedded database the primary keeps it and the workers connect to it (decision 028). */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  /** Set in tests to trust X-Forwarded-For from the local test client. */
  TRUST_PROXY: flag,
});

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
    throw new EnvError(
      "Configuración inválida: AUTH_SECRET es obligatorio en producción con DATABASE_URL (mínimo 32 caracteres).",
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
