/**
 * An account's e-mail changes only when the link mailed to the new address is opened (better-auth's
 * change-email verification, always on). Asking for a change mails both addresses: the new one, what
 * opening the link does and which account asked; the old one, that a change was asked. The request is
 * kept on the profile so /profile can show it. Both mails go to addresses a visitor chooses, so asking
 * is limited per account and per address, on every way in (the form and better-auth's JSON API).
 */
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { getEnv } from "../platform/env.server";
import { sendMail } from "../mail/mail.server";
import { setPendingEmail } from "../models/profiles.server";
import { recordHit, releaseHit } from "../models/rate-limits.server";

/** How long a mailed confirmation link works (better-auth's emailVerification.expiresIn). */
export const EMAIL_LINK_HOURS = 24;

/** Changes asked per account an hour, and links mailed to one address a day. */
const PER_ACCOUNT = { max: 5, window: 60 * 60 };
const PER_ADDRESS = { max: 3, window: 24 * 60 * 60 };
/** Confirmation links re-sent to one address an hour. */
const RESEND = { max: 3, window: 60 * 60 };

export const EMAIL_CHANGE_MESSAGES = {
  tooMany: "Pediste demasiados cambios de email. Inténtalo de nuevo más tarde.",
  resendTooMany: "Ya te enviamos varios enlaces. Revisa tu correo o inténtalo de nuevo en una hora.",
} as const;

async function overLimit(keys: [string, { max: number; window: number }][]): Promise<boolean> {
  const states = await Promise.all(keys.map(([key, l]) => recordHit(key, l.window)));
  const over = states.some((s, i) => s.count > keys[i]![1].max);
  if (over) await Promise.all(keys.map(([key, l]) => releaseHit(key, l.window)));
  return over;
}

const lower = (value: unknown) => (typeof value === "string" ? value.trim().toLowerCase() : "");

/** The better-auth plugin that counts change requests and re-sent links before better-auth mails. */
export function emailChangeLimit() {
  return {
    id: "email-change-limit",
    hooks: {
      before: [
        {
          matcher: (ctx: { path?: string }) => ctx.path === "/change-email" || ctx.path === "/send-verification-email",
          handler: createAuthMiddleware(async (ctx) => {
            const body = ctx.body as { newEmail?: unknown; email?: unknown } | undefined;
            if (ctx.path === "/change-email") {
              const session = await getSessionFromCtx(ctx);
              if (!session) return;
              const to = lower(body?.newEmail);
              if (
                await overLimit([
                  [`email-change:account:${session.user.id}`, PER_ACCOUNT],
                  [`email-change:to:${to}`, PER_ADDRESS],
                ])
              ) {
                throw new APIError("TOO_MANY_REQUESTS", { code: "EMAIL_CHANGE_LIMIT", message: EMAIL_CHANGE_MESSAGES.tooMany });
              }
              return;
            }
            if (await overLimit([[`verify-resend:${lower(body?.email)}`, RESEND]])) {
              throw new APIError("TOO_MANY_REQUESTS", { code: "VERIFY_RESEND_LIMIT", message: EMAIL_CHANGE_MESSAGES.resendTooMany });
            }
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}

/**
 * better-auth mails the link for a change: the request is recorded on the profile, the new address
 * learns which account asked and what the link does, the old one that a change was asked.
 */
export async function mailEmailChange(change: { id: string; name: string; from: string; to: string; url: string }): Promise<void> {
  const name = change.name.trim() || change.from;
  await setPendingEmail(change.id, change.to);
  const site = getEnv().PUBLIC_URL;
  await sendMail("email-change-new", {
    to: change.to,
    subject: "Confirma tu nuevo email - Panama VIP IA",
    text:
      `Hola:\n\nLa cuenta de Panama VIP IA de ${name} (${change.from}) pidió usar esta dirección, ${change.to}, como su email.\n\n` +
      `Si abres este enlace, esa cuenta pasará a iniciar sesión con ${change.to} en lugar de ${change.from}:\n${change.url}\n\n` +
      `El enlace vale ${EMAIL_LINK_HOURS} horas. Si no conoces esa cuenta o no lo pediste, no lo abras: no cambiará nada y podrás seguir usando esta dirección para registrarte en ${site}.`,
  });
  await sendMail("email-change-old", {
    to: change.from,
    subject: "Se pidió cambiar el email de tu cuenta - Panama VIP IA",
    text:
      `Hola ${name}:\n\nSe pidió cambiar el email de tu cuenta de Panama VIP IA a ${change.to}. ` +
      `Tu email sigue siendo ${change.from} hasta que alguien abra el enlace que enviamos a esa dirección.\n\n` +
      `Si no fuiste tú, cambia tu contraseña en ${site}/profile o elige una nueva en ${site}/auth/recuperar: alguien podría estar usando tu cuenta.`,
  });
}
