/**
 * The closures page's forms: a closure of one day or of a range (31 days at most, from today to a
 * year ahead, in Panama's calendar), removing one, and the national holidays switch. The same
 * schemas in the browser and the action; «today» is Panama's in both (decision 095).
 */
import { addDays, daysBetween, isIsoDay, panamaToday } from "~/catalog/holidays";
import { z } from "./zod";

export const CLOSURE_LIMITS = { days: 31, aheadDays: 366, reason: 120 } as const;

export const CLOSURE_MESSAGES = {
  fromRequired: "Elige el día del cierre.",
  malformed: "La fecha no es válida: escríbela como AAAA-MM-DD (por ejemplo, 2026-12-24).",
  past: "Esa fecha ya pasó: elige hoy o un día futuro.",
  tooFar: "Elige una fecha dentro del próximo año.",
  backwards: "El último día no puede ser anterior al primero.",
  tooLong: `Un cierre dura como máximo ${CLOSURE_LIMITS.days} días seguidos: divídelo en varios.`,
  reasonLong: `El motivo es demasiado largo (máximo ${CLOSURE_LIMITS.reason} caracteres).`,
} as const;

const ONE_LINE_CONTROL = /[\u0000-\u001f\u007f]/g;
const trimmed = (v: unknown) => (typeof v === "string" ? v.trim() : v);

const dayField = z.preprocess(trimmed, z.string({ error: CLOSURE_MESSAGES.fromRequired }).min(1, CLOSURE_MESSAGES.fromRequired));
const optionalDay = z.preprocess((v) => (typeof v === "string" ? v.trim() || null : (v ?? null)), z.string().nullable());

export const closureAddSchema = z
  .object({
    intent: z.literal("add"),
    desde: dayField,
    hasta: optionalDay,
    motivo: z.preprocess(
      (v) => (typeof v === "string" ? v.replace(ONE_LINE_CONTROL, " ").trim() || null : (v ?? null)),
      z.string().max(CLOSURE_LIMITS.reason, CLOSURE_MESSAGES.reasonLong).nullable(),
    ),
  })
  .superRefine((v, ctx) => {
    const today = panamaToday();
    const check = (day: string, path: "desde" | "hasta") => {
      // An empty first day already has its own message.
      if (!day) return false;
      if (!isIsoDay(day)) ctx.addIssue({ code: "custom", path: [path], message: CLOSURE_MESSAGES.malformed });
      else if (day < today) ctx.addIssue({ code: "custom", path: [path], message: CLOSURE_MESSAGES.past });
      else if (day > addDays(today, CLOSURE_LIMITS.aheadDays))
        ctx.addIssue({ code: "custom", path: [path], message: CLOSURE_MESSAGES.tooFar });
      else return true;
      return false;
    };
    const fromOk = check(v.desde, "desde");
    if (!v.hasta || !check(v.hasta, "hasta") || !fromOk) return;
    if (v.hasta < v.desde) ctx.addIssue({ code: "custom", path: ["hasta"], message: CLOSURE_MESSAGES.backwards });
    else if (daysBetween(v.desde, v.hasta) + 1 > CLOSURE_LIMITS.days) {
      ctx.addIssue({ code: "custom", path: ["hasta"], message: CLOSURE_MESSAGES.tooLong });
    }
  });

/** The days a valid closure covers, first to last. */
export function closureDays(desde: string, hasta: string | null): string[] {
  const n = hasta ? daysBetween(desde, hasta) + 1 : 1;
  return Array.from({ length: n }, (_, i) => addDays(desde, i));
}

export const closureRemoveSchema = z.object({
  intent: z.literal("remove"),
  dia: z.string().refine(isIsoDay, CLOSURE_MESSAGES.malformed),
});

export const holidaysSwitchSchema = z.object({
  intent: z.literal("holidays"),
  // A checkbox: sent as "on" when ticked, absent otherwise.
  cierra_feriados: z.preprocess((v) => v === "on" || v === "1" || v === "true", z.boolean()),
});
