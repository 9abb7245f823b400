/**
 * The daily reminder to confirm a listing's information: the managers of an active listing whose
 * information was last confirmed more than 90 days ago (or never, and it is older than that) are
 * asked by e-mail to check it, at most once per 90 days. Every serving process runs the pass; the
 * claim (an UPDATE of info_reminded_at over rows locked FOR UPDATE SKIP LOCKED) lets only one of
 * them mail each listing.
 */
import { sql } from "drizzle-orm";
import { LISTING_KIND_IDS, LISTING_KINDS, type ListingKind } from "~/catalog/listing-kinds";
import { entryPath } from "~/lib/entry-path";
import { queryRows } from "../platform/db.server";
import { getEnv } from "../platform/env.server";
import { log as logger } from "../platform/logger.server";
import { singleton } from "../platform/singleton.server";
import { sendMail } from "../mail/mail.server";
import { managerEmails } from "../models/listing-managers.server";

export const CONFIRM_EVERY_DAYS = 90;
const DAY_MS = 24 * 60 * 60_000;
const FIRST_PASS_MS = 60_000;
const BATCH = 200;

type Claimed = { id: string; slug: string; nombre: string };

/** Marks up to `limit` due listings of `kind` as reminded at `now` and returns them. */
export async function claimDueReminders(kind: ListingKind, now: Date, limit = BATCH): Promise<Claimed[]> {
  const table = sql.identifier(LISTING_KINDS[kind].table);
  const before = new Date(now.getTime() - CONFIRM_EVERY_DAYS * DAY_MS);
  return queryRows<Claimed>(sql`
    with due as (
      select t.id from ${table} t
      where t.is_active
        and coalesce(t.info_confirmed_at, t.created_at) < ${before}
        and (t.info_reminded_at is null or t.info_reminded_at < ${before})
        and exists (select 1 from listing_managers m where m.kind = ${kind} and m.listing_id = t.id)
      order by t.id
      limit ${limit}
      for update of t skip locked
    )
    update ${table} t set info_reminded_at = ${now} from due where t.id = due.id
    returning t.id, t.slug, t.nombre`);
}

function reminderText(kind: ListingKind, listing: Claimed): { subject: string; text: string } {
  const origin = getEnv().PUBLIC_URL;
  return {
    subject: `¿Sigue al día la información de ${listing.nombre}?`,
    text: [
      "Hola:",
      "",
      `Hace más de ${CONFIRM_EVERY_DAYS} días que nadie confirma la información de ${listing.nombre} en el directorio de Panama VIP IA.`,
      "Revisa el horario, el teléfono y los enlaces, corrige lo que haya cambiado y pulsa «Confirmar que la información está al día»:",
      `${origin}/mi-negocio/${LISTING_KINDS[kind].singular}/${listing.id}`,
      "",
      `Así la ven tus clientes: ${origin}${entryPath(kind, listing.slug)}`,
      "",
      "Panama VIP IA",
    ].join("\n"),
  };
}

/** One pass over both kinds; returns how many listings were reminded. */
export async function remindStaleListings(now: Date = new Date()): Promise<number> {
  let reminded = 0;
  for (const kind of LISTING_KIND_IDS) {
    for (;;) {
      const due = await claimDueReminders(kind, now);
      for (const listing of due) {
        const { subject, text } = reminderText(kind, listing);
        for (const to of await managerEmails({ kind, listingId: listing.id })) await sendMail("owner-reminder", { to, subject, text });
      }
      reminded += due.length;
      if (due.length < BATCH) break;
    }
  }
  return reminded;
}

type State = { timer: NodeJS.Timeout | null; pass: Promise<void> | null };
const state = () => singleton<State>("info-reminders", () => ({ timer: null, pass: null }));

function runPass(): void {
  const s = state();
  if (s.pass) return;
  s.pass = remindStaleListings()
    .then((n) => {
      if (n) logger.info(`[recordatorios] ${n} fichas recibieron el aviso de confirmar su información`);
    })
    .catch((e) => logger.error(`[recordatorios] falló la pasada: ${e instanceof Error ? e.message : String(e)}`))
    .finally(() => {
      s.pass = null;
    });
}

/** A pass a minute after start, then one a day. */
export function startInfoReminders(): void {
  const s = state();
  if (s.timer) return;
  s.timer = setTimeout(function tick() {
    runPass();
    s.timer = setTimeout(tick, DAY_MS).unref();
  }, FIRST_PASS_MS).unref();
}

export async function stopInfoReminders(): Promise<void> {
  const s = state();
  if (s.timer) clearTimeout(s.timer);
  s.timer = null;
  await s.pass;
}
