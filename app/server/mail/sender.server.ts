/**
 * Sends the mail outbox over SMTP_URL (decision 090). Every app process runs one sender: a pass claims
 * due mails (exclusive across processes, see models/mail-outbox.server.ts), sends them one by one and
 * records the outcome; a failure waits BACKOFF_MS before the next attempt, and after the last one the
 * mail is marked failed for the admins (/admin/correos). A pass runs right after a mail is queued and
 * every SENDER_INTERVAL_MS. Logs name a mail by id and masked address, never the full address.
 */
import nodemailer, { type SendMailOptions, type TransportOptions } from "nodemailer";
import { getEnv } from "../platform/env.server";
import { log as logger, maskEmails } from "../platform/logger.server";
import { mailOutcomes } from "../platform/metrics.server";
import { claimDueMails, markMailFailed, markMailRetry, markMailSent, pruneSentMails } from "../models/mail-outbox.server";
import { singleton } from "../platform/singleton.server";
import { mailHeaders } from "./headers.server";

/** Waits after the 1st, 2nd, 3rd and 4th failed attempts; the 5th failure is final. */
export const BACKOFF_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000] as const;
const SENDER_INTERVAL_MS = 15_000;
/** Longer than any send can take with the transport's timeouts below, so a lease never runs out mid-send. */
const LEASE_MS = 5 * 60_000;
const BATCH = 20;
const KEEP_SENT_MS = 30 * 24 * 60 * 60_000;

export type MailTransport = { sendMail: (message: SendMailOptions) => Promise<unknown> };

/** SMTP over SMTP_URL (its own parameters win), with timeouts short enough for the lease; null without SMTP_URL. */
export function smtpTransport(): MailTransport | null {
  return singleton("mail-transport", () => {
    const url = getEnv().SMTP_URL;
    if (!url) return null;
    return nodemailer.createTransport({
      url,
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 60_000,
    } as TransportOptions);
  });
}

/** The SMTP error in one short line, without addresses. */
function reasonOf(error: unknown): string {
  const e = error as { responseCode?: number; code?: string; message?: string };
  return maskEmails(`${e.responseCode ?? e.code ?? "error"}: ${e.message ?? String(error)}`).slice(0, 300);
}

export type PassResult = { sent: number; retried: number; failed: number };

/**
 * One pass: claims the mails due at `now` and tries each once. `backoff` and `now` are for tests;
 * without a transport (no SMTP_URL) nothing is claimed.
 */
export async function deliverDueMails({
  now = () => new Date(),
  transport = smtpTransport(),
  backoff = BACKOFF_MS,
  limit = BATCH,
  log = logger,
}: {
  now?: () => Date;
  transport?: MailTransport | null;
  backoff?: readonly number[];
  limit?: number;
  log?: { info: (message: string) => void; error: (message: string) => void };
} = {}): Promise<PassResult> {
  const result: PassResult = { sent: 0, retried: 0, failed: 0 };
  if (!transport) return result;
  const from = getEnv().MAIL_FROM;
  const mails = await claimDueMails({ now: now(), limit, leaseMs: LEASE_MS });
  for (const mail of mails) {
    const name = `#${mail.id} (${mail.kind}, ${maskEmails(mail.to)})`;
    try {
      const headers = await mailHeaders(mail.kind, mail.to);
      await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html ? { html: mail.html } : {}),
        headers,
      });
    } catch (error) {
      const reason = reasonOf(error);
      const wait = backoff[mail.attempts - 1];
      if (wait === undefined) {
        await markMailFailed(mail.id, reason, now());
        mailOutcomes.inc({ kind: mail.kind, outcome: "failed" });
        result.failed++;
        log.error(`[mail] ${name} no se pudo enviar tras ${mail.attempts} intentos; queda como fallido: ${reason}`);
      } else {
        await markMailRetry(mail.id, reason, new Date(now().getTime() + wait));
        mailOutcomes.inc({ kind: mail.kind, outcome: "retried" });
        result.retried++;
        log.info(`[mail] ${name} intento ${mail.attempts} fallido (${reason}); nuevo intento en ${Math.round(wait / 1000)} s`);
      }
      continue;
    }
    await markMailSent(mail.id, now());
    mailOutcomes.inc({ kind: mail.kind, outcome: "sent" });
    result.sent++;
    log.info(`[mail] ${name} enviado${mail.attempts > 1 ? ` en el intento ${mail.attempts}` : ""}`);
  }
  return result;
}

type Sender = {
  running: boolean;
  timer: NodeJS.Timeout | null;
  pass: Promise<void> | null;
  again: boolean;
  lastPrune: number;
};

const sender = () => singleton<Sender>("mail-sender", () => ({ running: false, timer: null, pass: null, again: false, lastPrune: 0 }));

/** Runs passes until none is asked for; one at a time per process. */
function runPass(): Promise<void> {
  const s = sender();
  if (s.pass) {
    s.again = true;
    return s.pass;
  }
  s.pass = (async () => {
    do {
      s.again = false;
      try {
        const result = await deliverDueMails();
        // A full batch may mean more are due.
        if (result.sent + result.retried + result.failed >= BATCH) s.again = true;
        if (Date.now() - s.lastPrune > 60 * 60_000) {
          s.lastPrune = Date.now();
          await pruneSentMails(new Date(Date.now() - KEEP_SENT_MS));
        }
      } catch (error) {
        logger.error(`[mail] el envío de la cola falló: ${maskEmails((error as Error).message)}`);
      }
    } while (s.again);
  })().finally(() => {
    s.pass = null;
  });
  return s.pass;
}

/**
 * A mail was queued: send it now rather than at the next tick. Starts this process's sender if the
 * server has not, so the mail's retries follow.
 */
export function kickMailSender(): void {
  if (!sender().running) startMailSender();
  else void runPass();
}

/** Starts this process's sender (idempotent). Call once the database is ready. */
export function startMailSender(intervalMs = SENDER_INTERVAL_MS): void {
  const s = sender();
  if (s.running) return;
  s.running = true;
  const tick = () => {
    s.timer = setTimeout(async () => {
      await runPass();
      // Stopped, or the process started over (tests): this loop ends.
      if (s.running && sender() === s) tick();
    }, intervalMs);
    s.timer.unref();
  };
  void runPass();
  tick();
}

/** Stops the sender and waits for a pass in progress (shutdown, before the database closes). */
export async function stopMailSender(): Promise<void> {
  const s = sender();
  s.running = false;
  if (s.timer) clearTimeout(s.timer);
  s.timer = null;
  await s.pass;
}
