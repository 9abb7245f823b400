/**
 * Outgoing mail. With SMTP_URL a mail is queued in the outbox and sent by the sender
 * (mail-sender.server.ts) with retries, so a slow or failing SMTP server never slows or fails the
 * request that wrote it. Without SMTP_URL it goes straight to the server log (and MAIL_LOG_FILE),
 * where development, the tests and the first admin read the links.
 */
import fs from "node:fs";
import { getEnv } from "../platform/env.server";
import { kickMailSender } from "./sender.server";
import { mailOutcomes } from "../platform/metrics.server";
import { insertOutboxMail, type OutboxKind } from "../models/mail-outbox.server";
import { mailHeaders } from "./headers.server";

export type Mail = { to: string; subject: string; text: string; html?: string };

export async function sendMail(kind: OutboxKind, mail: Mail): Promise<void> {
  const env = getEnv();
  if (env.SMTP_URL) {
    await insertOutboxMail({ kind, ...mail });
    kickMailSender();
    return;
  }
  console.info(`[mail] para=${mail.to} asunto="${mail.subject}"\n${mail.text}`);
  if (env.MAIL_LOG_FILE) {
    const headers = await mailHeaders(kind, mail.to);
    const entry = { ...mail, ...(Object.keys(headers).length ? { headers } : {}), at: new Date().toISOString() };
    fs.appendFileSync(env.MAIL_LOG_FILE, `${JSON.stringify(entry)}\n`);
  }
  mailOutcomes.inc({ kind, outcome: "logged" });
}
