/**
 * The monthly visibility report: in the first days of each month (Panama's calendar), every published
 * listing with managers gets the report of the month just ended, mailed (through the outbox) to each
 * manager who did not unsubscribe. Every serving process runs the pass every hour; the claim in
 * visibility_reports lets only one of them mail each listing, once per month. A report claimed by a
 * process that dies before queuing its mails is not sent again: one missed report beats two.
 */
import { addDays, panamaToday } from "~/catalog/holidays";
import { LISTING_KIND_IDS } from "~/catalog/listing-kinds";
import { sendMail } from "../mail/mail.server";
import { claimMonthlyReports, type Month, monthReport, reportRecipients } from "../models/visibility-monthly.server";
import { getEnv } from "../platform/env.server";
import { log as logger } from "../platform/logger.server";
import { singleton } from "../platform/singleton.server";
import { renderReportMail } from "./report-mail.server";
import { reportUnsubscribeUrl } from "./report-token.server";

/** Reports go out on these first days of a month; a listing that gains managers later waits for the next one. */
export const SEND_DAYS = 7;
const HOUR_MS = 60 * 60_000;
const FIRST_PASS_MS = 2 * 60_000;
const BATCH = 100;

/** The month to report on `now` (the one just ended), or null past the first SEND_DAYS days. */
export function reportMonthAt(now: Date): Month | null {
  const today = panamaToday(now);
  if (Number(today.slice(8, 10)) > SEND_DAYS) return null;
  return `${addDays(`${today.slice(0, 8)}01`, -1).slice(0, 8)}01`;
}

/** One pass: claims and mails the month's reports; returns how many listings were reported. */
export async function sendMonthlyReports(now: Date = new Date()): Promise<number> {
  const month = reportMonthAt(now);
  if (!month) return 0;
  const origin = getEnv().PUBLIC_URL;
  let reported = 0;
  for (const kind of LISTING_KIND_IDS) {
    for (;;) {
      const claimed = await claimMonthlyReports(kind, month, BATCH);
      for (const listing of claimed) {
        const ref = { kind, listingId: listing.id };
        const recipients = await reportRecipients(ref);
        if (!recipients.length) continue;
        const report = await monthReport(ref, month);
        for (const person of recipients) {
          const mail = renderReportMail({
            origin,
            listing: { kind, id: listing.id, nombre: listing.nombre },
            month,
            report,
            name: person.name,
            unsubscribeUrl: reportUnsubscribeUrl(person.userId),
          });
          await sendMail("visibility-report", { to: person.email, ...mail });
        }
      }
      reported += claimed.length;
      if (claimed.length < BATCH) break;
    }
  }
  return reported;
}

type State = { timer: NodeJS.Timeout | null; pass: Promise<void> | null };
const state = () => singleton<State>("monthly-report", () => ({ timer: null, pass: null }));

function runPass(): void {
  const s = state();
  if (s.pass) return;
  s.pass = sendMonthlyReports()
    .then((n) => {
      if (n) logger.info(`[informe mensual] ${n} fichas recibieron su informe`);
    })
    .catch((e) => logger.error(`[informe mensual] falló la pasada: ${e instanceof Error ? e.message : String(e)}`))
    .finally(() => {
      s.pass = null;
    });
}

/** A pass two minutes after start (the counts of the last day are written by then), then one an hour. */
export function startMonthlyReports(): void {
  const s = state();
  if (s.timer) return;
  s.timer = setTimeout(function tick() {
    runPass();
    s.timer = setTimeout(tick, HOUR_MS).unref();
  }, FIRST_PASS_MS).unref();
}

export async function stopMonthlyReports(): Promise<void> {
  const s = state();
  if (s.timer) clearTimeout(s.timer);
  s.timer = null;
  await s.pass;
}
