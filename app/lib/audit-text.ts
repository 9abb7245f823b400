/**
 * The audit trail's values as Spanish text: what changed in a record, field by field, as an admin
 * reads it ('Horario del lunes: 11:00-22:00 → Cerrado', 'Activo: Sí → No', dates in es-PA),
 * never as JSON. Catalog slugs read as their labels (province, category, industry, plan).
 */
import { auditFieldLabel } from "~/catalog/audit";
import { categoryLabel } from "~/catalog/categories";
import { industryLabel } from "~/catalog/industries";
import { planLabel } from "~/catalog/plans";
import { provinceLabel } from "~/catalog/provinces";
import { formatDate, formatDateTime } from "./format";
import { DAY_NAMES, type DayHours, daysOf, type WeeklyPeriod } from "./opening-hours";

/** `key`: the stored field (and day), unique within one entry; `field`: its Spanish name. */
export type AuditChange = { key: string; field: string; before: string; after: string };
export type AuditField = { key: string; field: string; value: string };

/** Bookkeeping columns nobody edits: left out of the changes and the full record. */
const IGNORED = new Set(["updated_at", "created_at", "id"]);
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const MAX_TEXT = 160;
const NONE = "—";

const numberFmt = new Intl.NumberFormat("es-PA", { maximumFractionDigits: 6 });

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const cut = (s: string) => (s.length > MAX_TEXT ? `${s.slice(0, MAX_TEXT).trimEnd()}…` : s);

function isPoint(v: unknown): boolean {
  const p = v as { day?: unknown; hour?: unknown } | null;
  return typeof p === "object" && p !== null && typeof p.day === "number" && typeof p.hour === "number";
}

/** Google-style weekly periods (what `horario_semanal` stores). */
export function isWeeklyPeriods(v: unknown): v is WeeklyPeriod[] {
  return (
    Array.isArray(v) &&
    v.length > 0 &&
    v.every((p) => typeof p === "object" && p !== null && isPoint(p.open) && (p.close === undefined || isPoint(p.close)))
  );
}

/** One day's hours: '11:00-15:00 y 18:00-22:00', 'Cerrado', '24 horas'. */
function dayText(d: DayHours): string {
  if (d.closed) return "Cerrado";
  if (d.ranges.length === 1 && d.ranges[0]!.open === "00:00" && d.ranges[0]!.close === "00:00") return "24 horas";
  return d.ranges.map((r) => `${r.open}-${r.close}`).join(" y ");
}

/** A whole week, days in a row with the same hours together: 'Lunes a sábado: 11:00-22:00; domingo: Cerrado'. */
export function weekText(periods: readonly WeeklyPeriod[]): string {
  const groups: { from: number; to: number; hours: string }[] = [];
  for (const d of daysOf(periods)) {
    const hours = dayText(d);
    const last = groups[groups.length - 1];
    if (last && last.hours === hours) last.to = d.day;
    else groups.push({ from: d.day, to: d.day, hours });
  }
  if (groups.length === 1) return groups[0]!.hours === "Cerrado" ? "Cerrado toda la semana" : `Todos los días: ${groups[0]!.hours}`;
  return capital(groups.map((g) => `${DAY_NAMES[g.from]}${g.from === g.to ? "" : ` a ${DAY_NAMES[g.to]}`}: ${g.hours}`).join("; "));
}

/** One value of `field` as text. */
export function auditValueText(field: string, value: unknown): string {
  if (field === "horario_semanal" && (value === null || value === undefined)) return "Sin horario";
  if (field === "horario_semanal" && Array.isArray(value) && value.length === 0) return "Cerrado toda la semana";
  if (value === null || value === undefined || value === "") return NONE;
  if (typeof value === "boolean") return value ? "Sí" : "No";
  if (typeof value === "number") return numberFmt.format(value);
  if (typeof value === "string") {
    if (field === "provincia") return provinceLabel(value) || value;
    if (field === "categoria") return categoryLabel(value) || value;
    if (field === "industria") return industryLabel(value);
    if (field === "plan_type") return planLabel(value) || value;
    if (ISO_DATE_TIME.test(value) && !Number.isNaN(Date.parse(value))) return formatDateTime(value);
    if (ISO_DATE.test(value) && !Number.isNaN(Date.parse(value))) return formatDate(`${value}T12:00:00Z`);
    return cut(value.replace(/\s*\n\s*/g, " · "));
  }
  if (isWeeklyPeriods(value)) return weekText(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return NONE;
    return cut(value.map((v) => auditValueText(field, v)).join(", "));
  }
  if (typeof value === "object") {
    const parts = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== null && v !== undefined && v !== "")
      .map(([k, v]) => `${auditFieldLabel(k)}: ${auditValueText(k, v)}`);
    return parts.length ? cut(parts.join("; ")) : NONE;
  }
  return cut(String(value));
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The fields that differ between two versions of a record, in Spanish. A weekly schedule changes
 * day by day ('Horario del lunes'), or as a whole week when one side has none.
 */
export function auditChanges(before: unknown, after: unknown, limit = 14): AuditChange[] {
  if (!before || !after || typeof before !== "object" || typeof after !== "object") return [];
  const b = before as Record<string, unknown>;
  const a = after as Record<string, unknown>;
  const out: AuditChange[] = [];
  for (const k of Object.keys({ ...b, ...a })) {
    if (IGNORED.has(k) || !(k in b) || !(k in a) || same(b[k], a[k])) continue;
    const weekly = (v: unknown) => isWeeklyPeriods(v) || (k === "horario_semanal" && Array.isArray(v));
    if (weekly(b[k]) && weekly(a[k])) {
      const old = daysOf(b[k] as WeeklyPeriod[]);
      const now = daysOf(a[k] as WeeklyPeriod[]);
      old.forEach((d, i) => {
        const was = dayText(d);
        const is = dayText(now[i]!);
        if (was !== is) out.push({ key: `${k}.${d.day}`, field: `Horario del ${DAY_NAMES[d.day]}`, before: was, after: is });
      });
      continue;
    }
    out.push({ key: k, field: auditFieldLabel(k), before: auditValueText(k, b[k]), after: auditValueText(k, a[k]) });
  }
  return out.slice(0, limit);
}

/** A whole record (created, deleted, or one side of a change) as labelled fields. */
export function auditFields(record: unknown): AuditField[] {
  if (!record || typeof record !== "object" || Array.isArray(record)) return [];
  return Object.entries(record as Record<string, unknown>)
    .filter(([k]) => !IGNORED.has(k))
    .map(([k, v]) => ({ key: k, field: auditFieldLabel(k), value: auditValueText(k, v) }));
}
