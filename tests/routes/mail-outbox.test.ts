/**
 * Mail leaves the request path: a sign-up answers at once while the SMTP server takes seconds, and the
 * mail arrives afterwards; the mails given up show on /admin/correos, for admins only.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as mailPage from "~/routes/admin/mail";
import * as authRoute from "~/routes/account/auth";
import { queryRows } from "~/server/platform/db.server";
import { stopMailSender } from "~/server/mail/sender.server";
import { insertOutboxMail, markMailFailed } from "~/server/models/mail-outbox.server";
import { startFlakySmtp } from "../fakes/flaky-smtp";
import { makeUser } from "../setup/factories";
import { call, formRequest, getRequest, resetConfig } from "../setup/route";

let smtp: Awaited<ReturnType<typeof startFlakySmtp>>;

beforeAll(async () => {
  smtp = await startFlakySmtp({ delayMs: 3_000 });
  resetConfig({ SMTP_URL: smtp.url, MAIL_FROM: "Panama VIP IA <no-reply@panamavipia.test>" });
});

afterAll(async () => {
  await stopMailSender();
  resetConfig({ SMTP_URL: undefined, MAIL_FROM: undefined });
  await smtp.close();
});

describe("mail off the request path", () => {
  it("a sign-up answers at once while the SMTP server takes 3 s, and the confirmation arrives afterwards", async () => {
    const user = { full_name: "Correo Lento", email: "correo.lento@ejemplo.pa", password: "clave-del-correo-lento-1" };
    const started = performance.now();
    const signup = await call(authRoute.action, formRequest("/auth", { intent: "signup", ...user }), { ip: "10.8.8.8" });
    const took = performance.now() - started;
    expect(signup.data.verifyNotice).toBe(true);
    // Answered before the SMTP server could have taken the mail (it holds each one 3 s), with nothing
    // received yet: the mail was not sent on the request's path. No finer timing: a busy machine.
    expect(took).toBeLessThan(3_000);
    expect(smtp.received).toHaveLength(0);
    const mail = await vi.waitFor(
      () => {
        const found = smtp.received.find((m) => m.to.includes(user.email));
        if (!found) throw new Error("El correo aún no llega.");
        return found;
      },
      { timeout: 15_000, interval: 100 },
    );
    expect(mail.subject).toMatch(/Confirma tu email/);
    // The sender marks the mail sent once the server has answered its last command: just after.
    await vi.waitFor(
      async () => {
        const rows = await queryRows<{ status: string; body_text: string | null }>(
          sql`select status, body_text from mail_outbox where to_address = ${user.email}`,
        );
        expect(rows).toEqual([{ status: "sent", body_text: null }]);
      },
      { timeout: 5_000, interval: 50 },
    );
  });

  it("shows the mails given up to admins on /admin/correos, and to no one else", async () => {
    // Accounts that can sign in at once (with SMTP, sign-in waits for the confirmed address).
    resetConfig({ SMTP_URL: undefined });
    const id = await insertOutboxMail({
      kind: "reset-password",
      to: "sin.suerte@ejemplo.pa",
      subject: "Restablece tu contraseña - Panama VIP IA",
      text: "enlace",
    });
    await markMailFailed(id, "451: Servicio ocupado", new Date());
    const admin = await makeUser({ signedIn: true, email: "jefa.correos@admin.test", admin: true });
    const user = await makeUser({ signedIn: true, email: "comun.correos@ejemplo.pa" });

    const page = await call(mailPage.loader, getRequest("/admin/correos", admin.cookie));
    expect(page.status).toBe(200);
    expect(page.data.counts.failed).toBeGreaterThanOrEqual(1);
    expect(page.data.failed).toContainEqual(
      expect.objectContaining({
        id,
        kind: "Restablecer contraseña",
        to: "sin.suerte@ejemplo.pa",
        subject: "Restablece tu contraseña - Panama VIP IA",
        lastError: "451: Servicio ocupado",
      }),
    );

    const anon = await call(mailPage.loader, getRequest("/admin/correos"));
    expect(anon.status).toBe(302);
    expect(anon.location).toMatch(/^\/auth/);
    const denied = await call(mailPage.loader, getRequest("/admin/correos", user.cookie));
    expect(denied.status).toBe(302);
    expect(denied.location).toBe("/");
  });
});
