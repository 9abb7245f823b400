import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

export function Card({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("rounded-card border border-ocean-100 bg-white shadow-card", className)} {...props} />;
}

export function Badge({ className, tone = "ocean", ...props }: ComponentProps<"span"> & { tone?: "ocean" | "sun" | "green" | "slate" | "red" }) {
  const tones = {
    ocean: "bg-ocean-50 text-ocean-800 ring-ocean-200",
    sun: "bg-sun-100 text-sun-700 ring-sun-300",
    green: "bg-emerald-50 text-emerald-800 ring-emerald-200",
    slate: "bg-slate-100 text-slate-700 ring-slate-300",
    red: "bg-red-50 text-red-800 ring-red-200",
  } as const;
  return (
    <span
      className={cn("inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset", tones[tone], className)}
      {...props}
    />
  );
}
