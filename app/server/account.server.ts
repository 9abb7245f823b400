/**
 * Sign-in, sign-up, sign-out and password reset on top of better-auth, with the product's Spanish
 * messages and the app's own rate limit (better-auth's limiter does not see auth.api calls).
 */
import { SESSION_COOKIE } from "~/lib/cookies";
import { messageOf } from "~/lib/user-error";
import { getAuth, authHeaders } from "./auth.server";
import { getEnv } from "./env.server";
import { emailTakenByOther, loginEmailOf, setFullName } from "./models/profiles.server";
import { clearHits, peekHits, recordHit } from "./models/rate-limits.server";

const AUTH_MESSAGES = {
  invalidCredentials: "Credenciales inválidas. Verifica tu email y contraseña.",
  emailNotConfirmed: "Por favor confirma tu email antes de iniciar sesión.",
  alreadyRegistered: "Este email ya está registrado. Intenta iniciar sesión.",
  generic: "Error durante la autenticación",
  tooMany: "Demasiados intentos. Espera un minuto e inténtalo de nuevo.",
} as const;

export type AuthOutcome =
  | { ok: true; setCookies: string[]; needsVerification?: boolean }
  | { ok: false; status: number; message: string; retryAfter?: number };

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

/** better-auth's answer, or null when the call itself failed (logged; the caller answers generically). */
async function answerOf(what: string, call: () => Promise<Response>): Promise<Response | null> {
  try {
    return await call();
  } catch (error) {
    console.error(`[auth] ${what}:`, error);
    return null;
  }
}

export async function signIn(request: Request, ip: string, input: { email: string; password: string }): Promise<AuthOutcome> {
  const limit = getEnv().AUTH_RATE_LIMIT;
  const email = input.email.toLowerCase();
  const keys = [`signin:email:${email}`, `signin:ip:${ip}`];
  const states = await Promise.all(keys.map((k) => peekHits(k, WINDOW)));
  const blocked = states.find((s) => s.count >= limit);
  if (blocked) return { ok: false, status: 429, message: AUTH_MESSAGES.tooMany, retryAfter: blocked.retryAfterSeconds };

  const res = await answerOf("sign-in", () =>
    getAuth().api.signInEmail({
      body: { email, password: input.password, rememberMe: true },
      headers: authHeaders(request),
      asResponse: true,
    }),
  );
  if (!res) return { ok: false, status: 500, message: AUTH_MESSAGES.generic };
  if (res.ok) {
    await clearHits(keys[0]!);
    return { ok: true, setCookies: res.headers.getSetCookie() };
  }
  const { code } = await errorCodeOf(res);
  const message = mapSignInError(res.status, code);
  if (message === AUTH_MESSAGES.invalidCredentials) await Promise.all(keys.map((k) => recordHit(k, WINDOW)));
  return { ok: false, status: res.status >= 400 && res.status < 500 ? res.status : 400, message };
}

export async function signUp(
  request: Request,
  ip: string,
  input: { email: string; password: string; full_name: string },
): Promise<AuthOutcome> {
  const env = getEnv();
  const email = input.email.toLowerCase();
  // Every sign-up attempt counts per IP; failed ones also per address.
  const ipState = await recordHit(`signup:ip:${ip}`, WINDOW);
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
      headers: authHeaders(request),
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
  if (code?.startsWith("USER_ALREADY_EXISTS")) return { ok: false, status: 409, message: AUTH_MESSAGES.alreadyRegistered };
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
  const state = await recordHit(`reset:ip:${ip}`, 600);
  if (state.count > 10) return { ok: false, limited: true };
  try {
    await getAuth().api.requestPasswordReset({
      body: { email: email.toLowerCase(), redirectTo: `${getEnv().PUBLIC_URL}/auth/nueva-contrasena` },
    });
  } catch (error) {
    // Unknown addresses and mail failures look the same to the visitor (no account enumeration).
    console.error("[auth] reset:", (error as Error).message);
  }
  return { ok: true };
}

export async function resetPassword(token: string, newPassword: string): Promise<{ ok: boolean }> {
  try {
    await getAuth().api.resetPassword({ body: { token, newPassword } });
    return { ok: true };
  } catch {
    return { ok: false };
  }
}

export const PROFILE_MESSAGES = {
  emailTaken: "Este email ya está registrado",
  confirmSent: (email: string) =>
    `Te enviamos un enlace a ${email} para confirmar el cambio. Tu email seguirá siendo el actual hasta que lo abras.`,
} as const;

type AccountUpdate =
  | { ok: true; setCookies: string[]; pendingEmail: string | null }
  | { ok: false; status: 409; field: "email"; message: string };

/**
 * /profile's name and e-mail, through better-auth (its updateUser and change-email flow) rather
 * than its tables. A new address waits for the link better-auth sends to it when verification is on
 * or the current address is confirmed (`pendingEmail`); otherwise it changes at once. An address
 * another account uses is refused here, in Spanish (better-auth would answer as if it had worked).
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
  await collect(
    await auth.changeEmail({ body: { newEmail: email, callbackURL: "/profile" }, headers: authHeaders(request), asResponse: true }),
  );
  const now = await loginEmailOf(current.id);
  return { ok: true, setCookies, pendingEmail: now?.toLowerCase() === email ? null : email };
}
