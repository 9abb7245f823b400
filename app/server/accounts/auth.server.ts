/** Accounts with better-auth: e-mail + password, sessions in the database, verification, reset. */
import { i18n, locales } from "@better-auth/i18n";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, getIP } from "better-auth/api";
import { accounts, sessions, users, verifications } from "~/db/schema";
import { db } from "../platform/db.server";
import { getEnv } from "../platform/env.server";
import { sendMail } from "../mail/mail.server";
import { afterAccountUpdate, emailInUse, ensureProfile, loginEmailOf } from "../models/profiles.server";
import { EMAIL_LINK_HOURS, emailChangeLimit, mailEmailChange } from "./email-change.server";
import { singleton } from "../platform/singleton.server";
import { PASSWORD_MAX, PASSWORD_MIN, signupSchema } from "~/schemas/auth";
import { AUTH_COOKIE_PREFIX, authCookieName } from "~/lib/cookies";
import { commonPasswordCheck, PASSWORD_TOO_COMMON_CODE } from "./passwords.server";
import { signInLimit } from "./sign-in-limit.server";
import { authSecret } from "./secret.server";

/**
 * The header that carries the client's address into better-auth (its rate limits, the sessions'
 * ip_address, the sign-in limit). This server sets it from the socket, or from X-Forwarded-For when
 * TRUST_PROXY says a proxy of ours wrote it; whatever a client sends under that name is replaced.
 */
const CLIENT_IP_HEADER = "x-panamavip-client-ip";

/** AUTH_SECRET, or one generated once into DATA_DIR (its own module: see secret.server.ts). */
export { authSecret };

function createAuth() {
  const env = getEnv();
  const https = env.PUBLIC_URL.startsWith("https://");
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
        await sendMail("reset-password", {
          to: user.email,
          subject: "Restablece tu contraseña - Panama VIP IA",
          text: `Hola ${user.name || ""}:\n\nPara elegir una nueva contraseña abre este enlace (válido por 1 hora):\n${url}\n\nSi no lo pediste, ignora este mensaje.`,
        });
      },
    },
    emailVerification: {
      // Every new account gets a link: a confirmed address is what the owner's role, free plans and
      // business-owner links follow. Sign-in waits for it only when verification is required.
      sendOnSignUp: true,
      sendOnSignIn: env.REQUIRE_EMAIL_VERIFICATION,
      autoSignInAfterVerification: true,
      expiresIn: 60 * 60 * EMAIL_LINK_HOURS,
      sendVerificationEmail: async ({ user, url }) => {
        // A new address asked for on /profile: the login still has the old one until this link is opened.
        const current = await loginEmailOf(user.id);
        if (current && current.toLowerCase() !== user.email.toLowerCase()) {
          await mailEmailChange({ id: user.id, name: user.name, from: current, to: user.email, url });
          return;
        }
        await sendMail("verify-email", {
          to: user.email,
          subject: "Confirma tu email - Panama VIP IA",
          text: `Hola ${user.name || ""}:\n\nConfirma tu dirección de email con este enlace (válido ${EMAIL_LINK_HOURS} horas):\n${url}\n\nSi no creaste una cuenta en Panama VIP IA, ignora este mensaje.`,
        });
      },
    },
    user: {
      // The address changes only when the link mailed to the new one is opened, whatever the setting.
      changeEmail: { enabled: true, updateEmailWithoutVerification: false },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
      // Every request reads its session row: a signed cookie cache would keep a signed-out, revoked or
      // password-changed session working until the cache expired.
      cookieCache: { enabled: false },
    },
    // better-auth's own limiter (per process, in memory) stays for its other endpoints; sign-in is
    // counted by signInLimit, in the database, whatever the URL looks like.
    rateLimit: { enabled: true, window: 60, max: 60, customRules: { "/sign-in/email": false } },
    plugins: [
      signInLimit(),
      commonPasswordCheck(),
      emailChangeLimit(),
      // Its JSON errors in Spanish, like the rest of the site, whatever the browser's language.
      i18n({
        translations: { es: { ...locales.es, ...AUTH_ERRORS_ES } },
        defaultLocale: "es",
        detection: ["callback"],
        getLocale: () => "es",
      }),
    ],
    advanced: {
      cookiePrefix: AUTH_COOKIE_PREFIX,
      // Over https the cookies are `__Host-` (Secure, Path=/, no Domain): no other host, a sibling
      // subdomain included, can set or shadow them. better-auth's own prefix would be `__Secure-`.
      useSecureCookies: false,
      defaultCookieAttributes: { secure: https, httpOnly: true, sameSite: "lax", path: "/" },
      cookies: {
        session_token: { name: authCookieName("session_token", https) },
        session_data: { name: authCookieName("session_data", https) },
        dont_remember: { name: authCookieName("dont_remember", https) },
      },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER], ipv6Subnet: 64 },
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
          before: async (user) => {
            const data = checkedUserFields(user);
            // Only an opened change link sets the address: it is confirmed by that, unless another
            // account has taken it meanwhile (the change lapses).
            if (typeof data.email !== "string") return { data };
            if (await emailInUse(data.email)) {
              throw new APIError("BAD_REQUEST", { code: "EMAIL_TAKEN", message: EMAIL_TAKEN });
            }
            return { data: { ...data, emailVerified: true } };
          },
          after: async (user) => {
            await afterAccountUpdate(user);
          },
        },
      },
    },
  });
}

export const EMAIL_TAKEN = "Ese email ya lo usa otra cuenta: el cambio no se hizo.";

/** The error codes this site's own plugins and hooks throw, with Spanish messages of their own. */
export const SITE_ERROR_CODES = new Set([
  "TOO_MANY_REQUESTS",
  "EMAIL_CHANGE_LIMIT",
  "VERIFY_RESEND_LIMIT",
  "EMAIL_TAKEN",
  "INVALID_PROFILE_FIELD",
  PASSWORD_TOO_COMMON_CODE,
]);

/** Our own wording where the i18n plugin's Spanish reads oddly on this site. */
const AUTH_ERRORS_ES: Record<string, string> = {
  USER_ALREADY_EXISTS: "Este email ya está registrado. Intenta iniciar sesión.",
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: "Este email ya está registrado. Intenta iniciar sesión.",
  INVALID_EMAIL_OR_PASSWORD: "Credenciales inválidas. Verifica tu email y contraseña.",
  EMAIL_NOT_VERIFIED: "Por favor confirma tu email antes de iniciar sesión.",
  INVALID_TOKEN: "El enlace no es válido.",
  TOKEN_EXPIRED: "El enlace caducó. Pide uno nuevo.",
};

/**
 * better-auth's own JSON endpoints (/api/auth/sign-up/email, /api/auth/update-user) take a name and
 * an image as sent: the name follows the forms' rule (a NUL or a null would otherwise fail in the
 * database), and the image stays empty, as the site has no profile pictures.
 */
function checkedUserFields<T extends { name?: unknown; image?: unknown }>(data: T): T {
  if (data.image != null)
    throw new APIError("BAD_REQUEST", { code: "INVALID_PROFILE_FIELD", message: "La cuenta no admite imagen de perfil." });
  if (!("name" in data)) return data;
  const name = signupSchema.shape.full_name.safeParse(data.name);
  if (!name.success) {
    throw new APIError("BAD_REQUEST", { code: "INVALID_PROFILE_FIELD", message: name.error.issues[0]?.message ?? "Nombre inválido" });
  }
  return { ...data, name: name.data };
}

export type Auth = ReturnType<typeof createAuth>;

export function getAuth(): Auth {
  return singleton("auth", createAuth);
}

// better-auth reads an IPv4-mapped address written in upper-case hex ('::FFFF:C000:024D') as IPv6, so
// the address reaches it in lower case.
const addressOf = (clientIp: string) => clientIp.trim().toLowerCase();

/**
 * The headers better-auth needs from the browser's request: cookies, user agent and, when the caller
 * knows it, the client's address (from the request context, never from the request's own headers).
 */
export function authHeaders(request: Request, clientIp?: string): Headers {
  const headers = new Headers();
  for (const name of ["cookie", "user-agent"]) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  if (clientIp) headers.set(CLIENT_IP_HEADER, addressOf(clientIp));
  return headers;
}

/**
 * The client as the rate limits count it: better-auth's normalization of the address (IPv4-mapped
 * IPv6 as IPv4, any spelling of an IPv6 address as its /64 network).
 */
export function clientKey(clientIp: string): string {
  return getIP(new Headers({ [CLIENT_IP_HEADER]: addressOf(clientIp) }), getAuth().options) ?? clientIp;
}

/** The browser's request to better-auth's own endpoints, with the client's address in CLIENT_IP_HEADER. */
export function withClientIp(request: Request, clientIp: string): Request {
  const headers = new Headers(request.headers);
  headers.set(CLIENT_IP_HEADER, addressOf(clientIp));
  return new Request(request, { headers });
}
