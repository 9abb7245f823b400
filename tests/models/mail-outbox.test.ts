/**
 * The mail outbox against a real SMTP server that fails on purpose: retries with backoff on a clock the
 * test moves, the mail given up after the last attempt, and two senders at once (on PostgreSQL, two
 * pool connections) never sending one mail twice.
 */
import { sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import { afterEach, describe, expect, it } from "vitest";
import { db, dbDriver, queryRows } from "~/server/platform/db.server";
import { BACKOFF_MS, deliverDueMails } from "~/server/mail/sender.server";
import { mailOutcomes } from "~/server/platform/metrics.server";
import { claimDueMails, insertOutboxMail, listFailedMails } from "~/server/models/mail-outbox.server";
import { startFlakySmtp } from "../fakes/flaky-smtp";

let close: (() => Promise<void>) | null = null;
afterEach(async () => {
  await close?.();
  close = null;
});

async function smtpWith(options: Parameters<typeof startFlakySmtp>[0]) {
  const smtp = await startFlakySmtp(options);
  close = smtp.close;
  return { smtp, transport: nodemailer.createTransport(smtp.url) };
}

const rowOf = async (id: number) =>
  (
    await queryRows<{ status: string; attempts: number; body_text: string | null; last_error: string | null }>(
      sql`select status, attempts, body_text, last_error from mail_outbox where id = ${id}`,
    )
  )[0]!;

const outcomes = async (outcome: string) =>
  (await mailOutcomes.get()).values.find((v) => v.labels.kind === "verify-email" && v.labels.outcome === outcome)?.value ?? 0;

const mail = (to: string, subject: string) => ({ kind: "verify-email" as const, to, subject, text: `Enlace secreto para ${to}` });

describe("mail outbox", () => {
  it("survives an SMTP server that fails three times (451, 550, dropped connection) and delivers on the fourth attempt", async () => {
    const { smtp, transport } = await smtpWith({ script: ["451", "550", "drop"] });
    const id = await insertOutboxMail(mail("reintento.persona@ejemplo.pa", "Confirma tu email - Panama VIP IA"));
    const logs: string[] = [];
    const log = { info: (m: string) => logs.push(m), error: (m: string) => logs.push(m) };
    let clock = Date.now() + 1_000;
    const pass = () => deliverDueMails({ now: () => new Date(clock), transport, log });
    const [retriedBefore, sentBefore] = [await outcomes("retried"), await outcomes("sent")];

    expect(await pass()).toEqual({ sent: 0, retried: 1, failed: 0 });
    // Not due again before the first wait is over.
    clock += BACKOFF_MS[0] - 1_000;
    expect(await pass()).toEqual({ sent: 0, retried: 0, failed: 0 });
    clock += 1_000;
    expect(await pass()).toEqual({ sent: 0, retried: 1, failed: 0 });
    clock += BACKOFF_MS[1];
    expect(await pass()).toEqual({ sent: 0, retried: 1, failed: 0 });
    clock += BACKOFF_MS[2];
    expect(await pass()).toEqual({ sent: 1, retried: 0, failed: 0 });

    expect(smtp.attempts()).toBe(4);
    expect([(await outcomes("retried")) - retriedBefore, (await outcomes("sent")) - sentBefore]).toEqual([3, 1]);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to).toEqual(["reintento.persona@ejemplo.pa"]);
    const row = await rowOf(id);
    expect(row.status).toBe("sent");
    expect(row.attempts).toBe(4);
    // The link is not kept once sent.
    expect(row.body_text).toBeNull();
    expect(logs.join("\n")).toMatch(/intento 1 fallido \(451/);
    expect(logs.join("\n")).not.toContain("reintento.persona@");
    // Nothing left to send.
    clock += BACKOFF_MS[3];
    expect(await pass()).toEqual({ sent: 0, retried: 0, failed: 0 });
  });

  it("marks the mail failed after the last attempt, for the admins", async () => {
    const { smtp, transport } = await smtpWith({ script: ["451", "451", "451", "451", "451", "ok"] });
    const id = await insertOutboxMail(mail("siempre.falla@ejemplo.pa", "Restablece tu contraseña - Panama VIP IA"));
    let clock = Date.now() + 1_000;
    const errors: string[] = [];
    const log = { info: () => {}, error: (m: string) => errors.push(m) };
    const pass = () => deliverDueMails({ now: () => new Date(clock), transport, log });
    for (const wait of BACKOFF_MS) {
      expect(await pass()).toEqual({ sent: 0, retried: 1, failed: 0 });
      clock += wait;
    }
    expect(await pass()).toEqual({ sent: 0, retried: 0, failed: 1 });
    clock += 24 * 60 * 60_000;
    expect(await pass()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(smtp.attempts()).toBe(BACKOFF_MS.length + 1);
    expect(await outcomes("failed")).toBeGreaterThanOrEqual(1);
    expect(smtp.received).toHaveLength(0);
    const row = await rowOf(id);
    expect(row.status).toBe("failed");
    expect(row.last_error).toMatch(/^451/);
    const failed = await listFailedMails();
    expect(failed.map((f) => f.id)).toContain(id);
    expect(failed.find((f) => f.id === id)).toMatchObject({ to: "siempre.falla@ejemplo.pa", attempts: 5, kind: "verify-email" });
    expect(errors.join("\n")).toMatch(/tras 5 intentos/);
    expect(errors.join("\n")).not.toContain("siempre.falla@");
  });

  it("a claimed mail is not claimed again while its lease holds, and is once it runs out (a sender that died)", async () => {
    await db.execute(sql`update mail_outbox set status = 'sent' where status = 'pending'`);
    const id = await insertOutboxMail(mail("arrendada@ejemplo.pa", "Con arriendo"));
    const now = Date.now() + 1_000;
    const first = await claimDueMails({ now: new Date(now), limit: 10, leaseMs: 60_000 });
    expect(first.map((m) => m.id)).toEqual([id]);
    expect(await claimDueMails({ now: new Date(now + 59_000), limit: 10, leaseMs: 60_000 })).toEqual([]);
    const again = await claimDueMails({ now: new Date(now + 60_000), limit: 10, leaseMs: 60_000 });
    expect(again).toMatchObject([{ id, attempts: 2 }]);

    if (dbDriver() === "postgres") {
      // A row another connection holds locked (a sender in the middle of its claim) is skipped, not waited for.
      const other = await insertOutboxMail(mail("bloqueada@ejemplo.pa", "Bloqueada"));
      await db.transaction(async (tx) => {
        await tx.execute(sql`select id from mail_outbox where id = ${other} for update`);
        const claimed = await claimDueMails({ now: new Date(now + 10 * 60_000), limit: 10, leaseMs: 60_000 });
        expect(claimed.map((m) => m.id)).toEqual([id]);
      });
    }
  });

  it("two senders at once never send the same mail twice", async () => {
    const { smtp } = await smtpWith({ delayMs: 15 });
    await db.execute(sql`update mail_outbox set status = 'sent' where status = 'pending'`);
    const ids: number[] = [];
    for (let i = 0; i < 24; i++) ids.push(await insertOutboxMail(mail(`persona${i}@ejemplo.pa`, `Correo ${i}`)));
    const clock = Date.now() + 1_000;
    const worker = async () => {
      // Each its own SMTP connection, as two processes would have.
      const transport = nodemailer.createTransport(smtp.url);
      let total = 0;
      while (true) {
        const r = await deliverDueMails({ now: () => new Date(clock), transport, limit: 3, log: { info: () => {}, error: () => {} } });
        if (r.sent + r.retried + r.failed === 0) return total;
        total += r.sent;
      }
    };
    const [a, b] = await Promise.all([worker(), worker()]);
    expect(a + b).toBe(24);
    const subjects = smtp.received.map((r) => r.subject);
    expect(subjects).toHaveLength(24);
    expect(new Set(subjects).size).toBe(24);
    for (const id of ids) expect((await rowOf(id)).attempts).toBe(1);
  });
});
