/**
 * Sign-in, sign-up, sign-out, password change and reset on top of better-auth, with the product's
 * Spanish messages. The sign-in limit and the common-password check are better-auth plugins
 * (sign-in-limit.server.ts, passwords.server.ts), so its JSON endpoints obey them too; sign-up and
 * reset requests keep the app's own per-IP limits here.
 */
import { isAPIError } from "better-auth/api";
import { SESSION_COOKIE } from "~/lib/cookies";
import { messageOf } from "~/lib/user-error";
import { PASSWORD_TOO_COMMON } from "~/schemas/auth";
import { getAuth, authHeaders, clientKey } from "./auth.server";
import { getEnv } from "../platform/env.server";
import { emailTakenByOther, setFullName } from "../models/profiles.server";
import { peekHits, recordHit } from "../models/rate-limits.server";
import { PASSWORD_TOO_COMMON_CODE } from "./passwords.server";
import { TOO_MANY_ATTEMPTS } from "./sign-in-limit.server";
import { log } from "../platform/logger.server";

const AUTH_MESSAGES = {
  invalidCredentials: "Credenciales inválidas. Verifica tu email y contraseña.",
  emailNotConfirmed: "Por favor confirma tu email antes de iniciar sesión.",
  alreadyRegistered: "Este email ya está registrado. Intenta iniciar sesión.",
  generic: "Error durante la autenticación",
  tooMany: TOO_MANY_ATTEMPTS,
  wrongCurrentPassword: "La contraseña actual no es correcta.",
} as const;

export type AuthOutcome =
  | { ok: true; setCookies: string[]; needsVerification?: boolean }
  | { ok: false; status: number; message: string; retryAfter?: number; field?: "password" | "current_password" | "new_password" };

async function errorCodeOf(res: Response): Promise<{ code?: string; message?: string }> {
  try {
    return (await res.json()) as { code?: string; message?: string };
  } catch {
    return {};
  }
}

/** A refusal nobody expects (its English text is for the log, never for the page). */
async function failureOf(res: Response): Promise<Error> {
  return new Error(`better-auth ${res.status}: ${(await errorCodeOf(res)).message ?? res.statusText}`);
}

function mapSignInError(status: number, code?: string): string {
  if (code === "INVALID_EMAIL_OR_PASSWORD" || code === "INVALID_EMAIL" || code === "INVALID_PASSWORD" || status === 401)
    return AUTH_MESSAGES.invalidCredentials;
  if (code === "EMAIL_NOT_VERIFIED") return AUTH_MESSAGES.emailNotConfirmed;
  return AUTH_MESSAGES.generic;
}

const WINDOW = 60;

/**
 * better-auth's answer as a Response (a refusal thrown by a plugin's hook included), or null when
 * the call itself failed (logged; the caller answers generically).
 */
async function answerOf(what: string, call: () => Promise<Response>): Promise<Response | null> {
  try {
    return await call();
  } catch (error) {
    if (isAPIError(error) && error.statusCode < 500) {
      return Response.json(error.body ?? {}, { status: error.statusCode, headers: error.headers as HeadersInit });
    }
    log.error(`[auth] ${what}`, { err: error });
    return null;
  }
}

/** A 429 from better-auth (the sign-in limit), with its Retry-After. */
function tooMany(res: Response): AuthOutcome {
  const retryAfter = Number(res.headers.get("retry-after") ?? res.headers.get("x-retry-after"));
  return { ok: false, status: 429, message: AUTH_MESSAGES.tooMany, retryAfter: retryAfter > 0 ? retryAfter : WINDOW };
}

const tooCommon = { ok: false, status: 400, message: PASSWORD_TOO_COMMON, field: "password" } as const;

export async function signIn(request: Request, ip: string, input: { email: string; password: string }): Promise<AuthOutcome> {
  const res = await answerOf("sign-in", () =>
    getAuth().api.signInEmail({
      body: { email: input.email.toLowerCase(), password: input.password, rememberMe: true },
      headers: authHeaders(request, ip),
      asResponse: true,
    }),
  );
  if (!res) return { ok: false, status: 500, message: AUTH_MESSAGES.generic };
  if (res.ok) return { ok: true, setCookies: res.headers.getSetCookie() };
  if (res.status === 429) return tooMany(res);
  const { code } = await errorCodeOf(res);
  return { ok: false, status: res.status >= 400 && res.status < 500 ? res.status : 400, message: mapSignInError(res.status, code) };
}

export async function signUp(
  request: Request,
  ip: string,
  input: { email: string; password: string; full_name: string },
): Promise<AuthOutcome> {
  const env = getEnv();
  const email = input.email.toLowerCase();
  // Every sign-up attempt counts per IP; failed ones also per address.
  const ipState = await recordHit(`signup:ip:${clientKey(ip)}`, WINDOW);
  const emailState = await peekHits(`signup:email:${email}`, WINDOW);
  const signupLimit = env.AUTH_SIGNUP_RATE_LIMIT ?? env.AUTH_RATE_LIMIT * 2;
  if (ipState.count > signupLimit || emailState.count >= env.AUTH_RATE_LIMIT) {
    return {
      ok: false,
      status: 429,
      message: AUTH_MESSAGES.tooMany,
      retryAfter: Math.max(ipState.retryAfterSeconds, emailState.retryAfterSeconds),
    };
  }
  const res = await answerOf("sign-up", () =>
    getAuth().api.signUpEmail({
      body: { email, password: input.password, name: input.full_name },
      headers: authHeaders(request, ip),
      asResponse: true,
    }),
  );
  if (!res) return { ok: false, status: 500, message: AUTH_MESSAGES.generic };
  if (res.ok) {
    const setCookies = res.headers.getSetCookie();
    const hasSession = setCookies.some((c) => c.includes(`${SESSION_COOKIE}=`));
    return { ok: true, setCookies, needsVerification: !hasSession && env.REQUIRE_EMAIL_VERIFICATION };
  }
  await recordHit(`signup:email:${email}`, WINDOW);
  const { code } = await errorCodeOf(res);
  if (code === PASSWORD_TOO_COMMON_CODE) return tooCommon;
  if (code?.startsWith("USER_ALREADY_EXISTS")) return { ok: false, status: 409, message: AUTH_MESSAGES.alreadyRegistered };
  return { ok: false, status: 400, message: AUTH_MESSAGES.generic };
}

/**
 * /profile's password change: the current password must be right (a wrong one counts as a failed
 * sign-in) and the new one not common. The account's other sessions end at once; this browser gets a
 * new session (its cookies are returned).
 */
export async function changePassword(request: Request, input: { current_password: string; new_password: string }): Promise<AuthOutcome> {
  const res = await answerOf("change-password", () =>
    getAuth().api.changePassword({
      body: { currentPassword: input.current_password, newPassword: input.new_password, revokeOtherSessions: true },
      headers: authHeaders(request),
      asResponse: true,
    }),
  );
  if (!res) return { ok: false, status: 500, message: AUTH_MESSAGES.generic };
  if (res.ok) return { ok: true, setCookies: res.headers.getSetCookie() };
  if (res.status === 429) return tooMany(res);
  const { code } = await errorCodeOf(res);
  if (code === PASSWORD_TOO_COMMON_CODE) return { ...tooCommon, field: "new_password" };
  if (code === "INVALID_PASSWORD")
    return { ok: false, status: 400, message: AUTH_MESSAGES.wrongCurrentPassword, field: "current_password" };
  if (res.status === 401) return { ok: false, status: 401, message: "Tu sesión terminó. Inicia sesión de nuevo." };
  return { ok: false, status: 400, message: AUTH_MESSAGES.generic };
}

/** Signs out; `message` (Spanish) says why it could not, without better-auth's own text. */
export async function signOut(request: Request): Promise<{ ok: true; setCookies: string[] } | { ok: false; message: string }> {
  try {
    const res = await getAuth().api.signOut({ headers: authHeaders(request), asResponse: true });
    if (!res.ok) throw await failureOf(res);
    return { ok: true, setCookies: res.headers.getSetCookie() };
  } catch (error) {
    return { ok: false, message: messageOf(error, "auth sign-out") };
  }
}

export async function requestPasswordReset(ip: string, email: string): Promise<{ ok: boolean; limited?: boolean }> {
  const state = await recordHit(`reset:ip:${clientKey(ip)}`, 600);
  if (state.count > 10) return { ok: false, limited: true };
  try {
    await getAuth().api.requestPasswordReset({
      body: { email: email.toLowerCase(), redirectTo: `${getEnv().PUBLIC_URL}/auth/nueva-contrasena` },
    });
  } catch (error) {
    // Unknown addresses and mail failures look the same to the visitor (no account enumeration).
    log.error(`[auth] reset: ${(error as Error).message}`);
  }
  return { ok: true };
}

/** A new password from the e-mailed link; every session of the account ends (better-auth's revokeSessionsOnPasswordReset). */
export async function resetPassword(token: string, newPassword: string): Promise<{ ok: true } | { ok: false; tooCommon: boolean }> {
  try {
    await getAuth().api.resetPassword({ body: { token, newPassword } });
    return { ok: true };
  } catch (error) {
    return { ok: false, tooCommon: isAPIError(error) && (error.body as { code?: string } | undefined)?.code === PASSWORD_TOO_COMMON_CODE };
  }
}

export const PROFILE_MESSAGES = {
  emailTaken: "Este email ya está registrado",
  confirmSent: (email: string) =>
    `Te enviamos un enlace a ${email} para confirmar el cambio. Tu email seguirá siendo el actual hasta que lo abras.`,
  verifySent: (email: string) => `Te enviamos un enlace a ${email}. Ábrelo para confirmar tu email.`,
} as const;

type AccountUpdate =
  | { ok: true; setCookies: string[]; pendingEmail: string | null }
  | { ok: false; status: 409 | 429; field: "email"; message: string };

/** better-auth's refusal with its (Spanish) message, or null for a failure nobody expects. */
async function refusalOf(res: Response): Promise<{ status: number; message: string } | null> {
  if (res.status !== 429) return null;
  return { status: 429, message: (await errorCodeOf(res)).message ?? AUTH_MESSAGES.tooMany };
}

/**
 * /profile's name and e-mail, through better-auth (its updateUser and change-email flow) rather
 * than its tables. A new address always waits for the link better-auth mails to it (`pendingEmail`);
 * until then the account keeps its address. An address another account uses is refused here, in
 * Spanish (better-auth would answer as if it had worked).
 */
export async function updateAccount(
  request: Request,
  current: { id: string; email: string; name: string },
  input: { full_name: string; email: string },
): Promise<AccountUpdate> {
  const email = input.email.trim().toLowerCase();
  const emailChanged = email !== current.email.toLowerCase();
  if (emailChanged && (await emailTakenByOther(current.id, email))) {
    return { ok: false, status: 409, field: "email", message: PROFILE_MESSAGES.emailTaken };
  }
  const auth = getAuth().api;
  const setCookies: string[] = [];
  const collect = async (res: Response) => {
    if (!res.ok) throw await failureOf(res);
    setCookies.push(...res.headers.getSetCookie());
  };
  if (input.full_name !== current.name) {
    await collect(await auth.updateUser({ body: { name: input.full_name }, headers: authHeaders(request), asResponse: true }));
  }
  await setFullName(current.id, input.full_name);
  if (!emailChanged) return { ok: true, setCookies, pendingEmail: null };
  const res = await answerOf("change-email", () =>
    auth.changeEmail({ body: { newEmail: email, callbackURL: "/profile" }, headers: authHeaders(request), asResponse: true }),
  );
  if (!res) throw new Error("better-auth change-email failed");
  const refused = await refusalOf(res);
  if (refused) return { ok: false, status: 429, field: "email", message: refused.message };
  await collect(res);
  return { ok: true, setCookies, pendingEmail: email };
}

/** Mails the account's own address a new confirmation link (limited per address). */
export async function resendConfirmation(email: string): Promise<{ ok: true } | { ok: false; status: number; message: string }> {
  const res = await answerOf("send-verification-email", () =>
    getAuth().api.sendVerificationEmail({ body: { email, callbackURL: "/profile" }, asResponse: true }),
  );
  if (!res) return { ok: false, status: 500, message: AUTH_MESSAGES.generic };
  if (res.ok) return { ok: true };
  const refused = await refusalOf(res);
  return refused ? { ok: false, ...refused } : { ok: false, status: 400, message: AUTH_MESSAGES.generic };
}
