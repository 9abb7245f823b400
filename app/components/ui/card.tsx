import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

// Tones set the card's border, background and text colours; callers add padding and layout only.
const cardTones = {
  default: "border-ocean-100 bg-white",
  /** An inactive or secondary item. */
  muted: "border-ocean-100 bg-slate-50",
  /** Stands out from the cards around it (e.g. a form that is being edited). */
  highlight: "border-ocean-300 bg-white",
  danger: "border-red-200 bg-white",
  /** A dark ocean card with white text. */
  inverse: "border-ocean-100 bg-ocean-900 text-white",
} as const;

export type CardTone = keyof typeof cardTones;

export function Card({ className, tone = "default", ...props }: ComponentProps<"div"> & { tone?: CardTone }) {
  return <div className={cn("rounded-card border shadow-card", cardTones[tone], className)} {...props} />;
}

const badgeTones = {
  ocean: "bg-ocean-50 text-ocean-800 ring-ocean-200",
  sun: "bg-sun-100 text-sun-700 ring-sun-300",
  /** The solid gold of paid plans ('Destacado'). */
  gold: "bg-sun-400 text-ocean-950 ring-sun-500",
  green: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  slate: "bg-slate-100 text-slate-700 ring-slate-300",
  red: "bg-red-50 text-red-800 ring-red-200",
} as const;

export function Badge({ className, tone = "ocean", ...props }: ComponentProps<"span"> & { tone?: keyof typeof badgeTones }) {
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset",
        badgeTones[tone],
        className,
      )}
      {...props}
    />
  );
}
