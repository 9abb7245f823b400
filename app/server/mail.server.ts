/** Outgoing mail: nodemailer over SMTP_URL, or the server log (and MAIL_LOG_FILE) without it. */
import fs from "node:fs";
import nodemailer from "nodemailer";
import { getEnv } from "./env.server";
import { singleton } from "./singleton.server";

export type Mail = { to: string; subject: string; text: string; html?: string };

const transport = () =>
  singleton("mail-transport", () => {
    const env = getEnv();
    return env.SMTP_URL ? nodemailer.createTransport(env.SMTP_URL) : null;
  });

export async function sendMail(mail: Mail): Promise<void> {
  const env = getEnv();
  const t = transport();
  if (t) {
    await t.sendMail({ from: env.MAIL_FROM, ...mail });
    return;
  }
  console.info(`[mail] para=${mail.to} asunto="${mail.subject}"\n${mail.text}`);
  if (env.MAIL_LOG_FILE) {
    fs.appendFileSync(env.MAIL_LOG_FILE, `${JSON.stringify({ ...mail, at: new Date().toISOString() })}\n`);
  }
}
