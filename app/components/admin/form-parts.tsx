/** Small building blocks of the admin forms. */
import type { ReactNode } from "react";
import { Card } from "~/components/ui/card";

export function FormSection({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="text-lg font-bold">{title}</h2>
      {description ? <p className="mt-0.5 text-sm text-muted">{description}</p> : null}
      <div className="mt-5 grid gap-4 sm:grid-cols-2">{children}</div>
    </Card>
  );
}

export function CheckboxField({ name, label, hint, defaultChecked }: { name: string; label: string; hint?: string; defaultChecked?: boolean }) {
  return (
    <label className="flex min-h-11 cursor-pointer items-start gap-3 rounded-xl border border-slate-200 p-3 hover:bg-ocean-50/50">
      <input type="checkbox" name={name} defaultChecked={defaultChecked} className="mt-0.5 size-5 shrink-0 accent-ocean-700" />
      <span>
        <span className="block text-sm font-semibold text-ocean-950">{label}</span>
        {hint ? <span className="block text-sm text-muted">{hint}</span> : null}
      </span>
    </label>
  );
}

export function FormError({ message }: { message?: string | null }) {
  if (!message) return null;
  return (
    <div role="alert" className="rounded-card border border-red-200 bg-red-50 p-4 text-sm font-semibold text-danger">
      {message}
    </div>
  );
}

/** Form values as the form shows them (strings), from a saved row or from what the admin typed. */
export type ListingFormValues = Record<string, string> & { especialidades?: never };

export function toFormValues(row: Record<string, unknown>, keys: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of keys) {
    const v = row[k];
    out[k] = v === null || v === undefined ? "" : typeof v === "boolean" ? (v ? "on" : "") : String(v);
  }
  return out;
}
