/**
 * The mail outbox (decision 090): requests insert, senders claim. A claim is a lease (`locked_until`)
 * taken under FOR UPDATE SKIP LOCKED, so any number of processes on one PostgreSQL never hold the same
 * row at once; a process that dies mid-send loses its lease and another sends the mail later. Times
 * come from the caller (`now`), so tests can move the clock.
 */
import { sql } from "drizzle-orm";
import { db, queryRows } from "../platform/db.server";

export type OutboxKind =
  | "verify-email"
  | "reset-password"
  | "email-change-new"
  | "email-change-old"
  // Owners: the claim's link, and the admins' decisions on claims and submissions.
  | "claim-link"
  | "claim-decision"
  | "submission-decision"
  // «Mi negocio»: an admin's decision on a queued change, and the reminder to confirm the information.
  | "owner-change"
  | "owner-reminder"
  // The monthly visibility report to a listing's managers.
  | "visibility-report";

export type NewOutboxMail = { kind: OutboxKind; to: string; subject: string; text: string; html?: string };

export type ClaimedMail = {
  id: number;
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  /** Counting this one. */
  attempts: number;
};

export type FailedMail = {
  id: number;
  kind: string;
  to: string;
  subject: string;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  failedAt: Date;
};

const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

export async function insertOutboxMail(mail: NewOutboxMail): Promise<number> {
  const rows = await queryRows<{ id: number }>(sql`
    insert into mail_outbox (kind, to_address, subject, body_text, body_html)
    values (${mail.kind}, ${mail.to}, ${mail.subject}, ${mail.text}, ${mail.html ?? null})
    returning id`);
  return Number(rows[0]!.id);
}

/** Takes up to `limit` due mails for `leaseMs`, oldest due first, and counts the attempt. */
export async function claimDueMails({ now, limit, leaseMs }: { now: Date; limit: number; leaseMs: number }): Promise<ClaimedMail[]> {
  const lease = new Date(now.getTime() + leaseMs);
  const free = sql`status = 'pending' and next_attempt_at <= ${at(now)} and (locked_until is null or locked_until <= ${at(now)})`;
  const rows = await queryRows<{
    id: number;
    kind: string;
    to_address: string;
    subject: string;
    body_text: string | null;
    body_html: string | null;
    attempts: number;
  }>(sql`
    update mail_outbox set locked_until = ${at(lease)}, attempts = attempts + 1
    where id in (select id from mail_outbox where ${free} order by next_attempt_at, id limit ${limit} for update skip locked)
      and ${free}
    returning id, kind, to_address, subject, body_text, body_html, attempts`);
  return rows.map((r) => ({
    id: Number(r.id),
    kind: r.kind,
    to: r.to_address,
    subject: r.subject,
    text: r.body_text ?? "",
    html: r.body_html,
    attempts: Number(r.attempts),
  }));
}

/** Sent: the body (and the links in it) is dropped. */
export async function markMailSent(id: number, now: Date): Promise<void> {
  await db.execute(sql`
    update mail_outbox set status = 'sent', sent_at = ${at(now)}, locked_until = null, last_error = null, body_text = null, body_html = null
    where id = ${id}`);
}

export async function markMailRetry(id: number, error: string, nextAttemptAt: Date): Promise<void> {
  await db.execute(sql`
    update mail_outbox set next_attempt_at = ${at(nextAttemptAt)}, locked_until = null, last_error = ${error}
    where id = ${id}`);
}

/** Given up: kept for the admins to see (/admin/correos); the body is dropped like a sent one's. */
export async function markMailFailed(id: number, error: string, now: Date): Promise<void> {
  await db.execute(sql`
    update mail_outbox set status = 'failed', locked_until = null, last_error = ${error}, next_attempt_at = ${at(now)},
      body_text = null, body_html = null
    where id = ${id}`);
}

/** The mails given up, newest first (for the admin page). */
export async function listFailedMails(limit = 100): Promise<FailedMail[]> {
  const rows = await queryRows<{
    id: number;
    kind: string;
    to_address: string;
    subject: string;
    attempts: number;
    last_error: string | null;
    created_at: Date | string;
    next_attempt_at: Date | string;
  }>(sql`
    select id, kind, to_address, subject, attempts, last_error, created_at, next_attempt_at
    from mail_outbox where status = 'failed' order by created_at desc, id desc limit ${limit}`);
  return rows.map((r) => ({
    id: Number(r.id),
    kind: r.kind,
    to: r.to_address,
    subject: r.subject,
    attempts: Number(r.attempts),
    lastError: r.last_error,
    createdAt: new Date(r.created_at),
    failedAt: new Date(r.next_attempt_at),
  }));
}

/** Counts by status, for the admin page's summary. */
export async function outboxCounts(): Promise<{ pending: number; failed: number }> {
  const rows = await queryRows<{ status: string; n: number }>(sql`
    select status, count(*)::int as n from mail_outbox where status in ('pending', 'failed') group by status`);
  const of = (s: string) => Number(rows.find((r) => r.status === s)?.n ?? 0);
  return { pending: of("pending"), failed: of("failed") };
}

/** Sent mails are kept a while for the record (subject and address only), then dropped. */
export async function pruneSentMails(olderThan: Date): Promise<void> {
  await db.execute(sql`delete from mail_outbox where status = 'sent' and sent_at < ${at(olderThan)}`);
}
