/** Accounts with better-auth: e-mail + password, sessions in the database, verification, reset. */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { betterAuth } from "better-auth";
import { APIError } from "better-auth/api";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { accounts, sessions, users, verifications } from "~/db/schema";
import { db } from "./db.server";
import { getEnv } from "./env.server";
import { sendMail } from "./mail.server";
import { ensureProfile, grantOwnerAdminIfVerified, isOwnerAddress, loginEmailOf, syncProfileEmail } from "./models/profiles.server";
import { singleton } from "./singleton.server";
import { PASSWORD_MAX, PASSWORD_MIN, signupSchema } from "~/schemas/auth";
import { AUTH_COOKIE_PREFIX } from "~/lib/cookies";

/** AUTH_SECRET, or one generated once into DATA_DIR for the embedded setup. */
export function authSecret(): string {
  const env = getEnv();
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  return singleton("auth-secret", () => {
    if (env.DATA_DIR.startsWith("memory://")) return crypto.randomBytes(32).toString("hex");
    const file = path.resolve(env.DATA_DIR, "auth-secret");
    if (fs.existsSync(file)) return fs.readFileSync(file, "utf8").trim();
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const secret = crypto.randomBytes(32).toString("hex");
    fs.writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  });
}

function createAuth() {
  const env = getEnv();
  return betterAuth({
    appName: "Panama VIP IA",
    baseURL: env.PUBLIC_URL,
    basePath: "/api/auth",
    secret: authSecret(),
    trustedOrigins: [env.PUBLIC_URL],
    database: drizzleAdapter(db, {
      provider: "pg",
      usePlural: false,
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      requireEmailVerification: env.REQUIRE_EMAIL_VERIFICATION,
      autoSignIn: true,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user, url }) => {
        await sendMail({
          to: user.email,
          subject: "Restablece tu contraseña - Panama VIP IA",
          text: `Hola ${user.name || ""}:\n\nPara elegir una nueva contraseña abre este enlace (válido por 1 hora):\n${url}\n\nSi no lo pediste, ignora este mensaje.`,
        });
      },
    },
    emailVerification: {
      // The owner address confirms even when nobody else has to: its admin rights wait for it.
      sendOnSignUp: env.REQUIRE_EMAIL_VERIFICATION || Boolean(env.OWNER_EMAIL),
      sendOnSignIn: env.REQUIRE_EMAIL_VERIFICATION,
      autoSignInAfterVerification: true,
      expiresIn: 60 * 60 * 24,
      sendVerificationEmail: async ({ user, url }) => {
        // A new address asked for on /profile (the login still has the old one) changes only
        // through this link, so it always goes out.
        if ((await loginEmailOf(user.id))?.toLowerCase() !== user.email.toLowerCase()) {
          await sendMail({
            to: user.email,
            subject: "Confirma tu nuevo email - Panama VIP IA",
            text: `Hola ${user.name || ""}:\n\nPara usar ${user.email} en tu cuenta de Panama VIP IA abre este enlace:\n${url}\n\nHasta entonces tu email sigue siendo el anterior. Si no lo pediste, ignora este mensaje.`,
          });
          return;
        }
        // Without required verification, a link would only confuse anyone but the owner.
        if (!env.REQUIRE_EMAIL_VERIFICATION && !isOwnerAddress(user.email)) return;
        await sendMail({
          to: user.email,
          subject: "Confirma tu email - Panama VIP IA",
          text: `Hola ${user.name || ""}:\n\nConfirma tu dirección de email con este enlace:\n${url}\n`,
        });
      },
      afterEmailVerification: async (user) => {
        await grantOwnerAdminIfVerified(user);
      },
    },
    user: {
      // /profile changes the address through better-auth: with verification on (or for an address
      // already confirmed) only once the link sent to the new address is opened; otherwise at once.
      changeEmail: { enabled: true, updateEmailWithoutVerification: !env.REQUIRE_EMAIL_VERIFICATION },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
      cookieCache: { enabled: true, maxAge: 60 },
    },
    rateLimit: { enabled: true, window: 60, max: 60 },
    advanced: {
      cookiePrefix: AUTH_COOKIE_PREFIX,
      useSecureCookies: env.PUBLIC_URL.startsWith("https://"),
      ipAddress: { ipAddressHeaders: ["x-forwarded-for"] },
    },
    databaseHooks: {
      user: {
        create: {
          before: async (user) => ({ data: checkedUserFields(user) }),
          after: async (user) => {
            await ensureProfile(user);
          },
        },
        update: {
          before: async (user) => ({ data: checkedUserFields(user) }),
          after: async (user) => {
            await syncProfileEmail(user);
          },
        },
      },
    },
  });
}

/**
 * better-auth's own JSON endpoints (/api/auth/sign-up/email, /api/auth/update-user) take a name and
 * an image as sent: the name follows the forms' rule (a NUL or a null would otherwise fail in the
 * database), and the image stays empty, as the site has no profile pictures.
 */
function checkedUserFields<T extends { name?: unknown; image?: unknown }>(data: T): T {
  if (data.image != null) throw new APIError("BAD_REQUEST", { message: "La cuenta no admite imagen de perfil." });
  if (!("name" in data)) return data;
  const name = signupSchema.shape.full_name.safeParse(data.name);
  if (!name.success) throw new APIError("BAD_REQUEST", { message: name.error.issues[0]?.message ?? "Nombre inválido" });
  return { ...data, name: name.data };
}

export type Auth = ReturnType<typeof createAuth>;

export function getAuth(): Auth {
  return singleton("auth", createAuth);
}

/** The headers better-auth needs from the browser's request (cookies, client identity). */
export function authHeaders(request: Request): Headers {
  const headers = new Headers();
  for (const name of ["cookie", "user-agent", "x-forwarded-for"]) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  return headers;
}
