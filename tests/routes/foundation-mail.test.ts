import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as authRoute from "~/routes/account/auth";
import * as forgotRoute from "~/routes/account/forgot-password";
import { stopMailSender } from "~/server/mail/sender.server";
import { startFakeSmtp } from "../fakes/smtp";
import { call, formRequest, resetConfig } from "../setup/route";

let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;

beforeAll(async () => {
  smtp = await startFakeSmtp();
  // With SMTP configured, verification is on by default.
  resetConfig({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: "Panama VIP IA <no-reply@panamavipia.test>" });
});

afterAll(async () => {
  await stopMailSender();
  resetConfig({ SMTP_URL: undefined, MAIL_FROM: undefined });
  await smtp.close();
});

/** The mail `find` picks once the outbox's sender has delivered it. */
const arrived = <T>(find: () => T | undefined) =>
  vi.waitFor(
    () => {
      const found = find();
      if (!found) throw new Error("El correo aún no llega.");
      return found;
    },
    { timeout: 10_000 },
  );

const decode = (data: string) => data.replace(/=\r\n/g, "").replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));

describe("mail over SMTP", () => {
  it("sends the confirmation mail on sign-up and the reset link on request, over the wire", async () => {
    const user = { full_name: "Correo Real", email: "correo.real@ejemplo.pa", password: "clave-del-correo-1" };
    const signup = await call(authRoute.action, formRequest("/auth", { intent: "signup", ...user }), { ip: "10.9.9.9" });
    expect(signup.data.verifyNotice).toBe(true);
    // The outbox sends it in the background, right after the sign-up.
    const confirm = await arrived(() => smtp.mails.find((m) => m.to.includes(user.email)));
    expect(confirm.from).toBe("no-reply@panamavipia.test");
    expect(decode(confirm.data)).toMatch(/Subject: Confirma tu email/);
    expect(decode(confirm.data)).toMatch(/\/api\/auth\/verify-email\?token=/);

    const before = smtp.mails.length;
    const reset = await call(forgotRoute.action, formRequest("/auth/recuperar", { email: user.email }), { ip: "10.9.9.9" });
    expect(reset.data.sent).toBe(true);
    const mail = await arrived(() => smtp.mails.slice(before).find((m) => m.to.includes(user.email)));
    expect(decode(mail.data)).toMatch(/Restablece/);
    expect(decode(mail.data)).toMatch(/\/api\/auth\/reset-password\/[\w-]+\?callbackURL=/);
  });
});
