import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

// Callers add layout (width, margins, pl-11 beside an icon) only: the frame, padding and type size
// are set here, with props for the variations (cn() does not merge conflicting Tailwind classes).
const base = "block w-full rounded-xl bg-white py-2.5 text-ink placeholder:text-slate-500 focus:outline-none disabled:bg-slate-100";
const framed = "border border-slate-300 px-3.5 focus:border-ocean-500 focus:ring-2 focus:ring-ocean-200 aria-[invalid=true]:border-danger";

/** `bare`: no frame of its own, for an input inside a framed box (the tag editor). */
export function Input({ className, bare = false, ...props }: ComponentProps<"input"> & { bare?: boolean }) {
  return <input className={cn(base, "min-h-11 text-base", bare ? "px-1.5" : framed, className)} {...props} />;
}

/** `code`: monospaced, smaller type, for HTML source. */
export function Textarea({ className, code = false, ...props }: ComponentProps<"textarea"> & { code?: boolean }) {
  return <textarea className={cn(base, framed, code ? "font-mono text-sm leading-6" : "text-base", className)} {...props} />;
}

export function Select({ className, ...props }: ComponentProps<"select">) {
  return <select className={cn(base, framed, "min-h-11 pr-8 text-base", className)} {...props} />;
}

/** A field label; `flush` drops the space below it when it shares a row with other controls. */
export function Label({ className, flush = false, ...props }: ComponentProps<"label"> & { flush?: boolean }) {
  // biome-ignore lint/a11y/noLabelWithoutControl: callers pass htmlFor (the Field component and every form do)
  return <label className={cn("block text-sm font-semibold text-ocean-950", !flush && "mb-1.5", className)} {...props} />;
}
