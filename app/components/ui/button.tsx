import { Slot } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

// Each variant and size sets its own colours/padding; callers add layout classes only (w-full, mt-8,
// shrink-0…), never a class that fights these (cn() does not merge Tailwind classes).
export const buttonVariants = {
  primary: "bg-ocean-700 text-white hover:bg-ocean-800 shadow-sm",
  accent: "bg-sun-400 text-ocean-950 hover:bg-sun-300 shadow-sm",
  outline: "border border-ocean-200 bg-white text-ocean-800 hover:bg-ocean-50",
  /** The outline button on a dark (ocean) background. */
  inverse: "border border-white/40 bg-transparent text-white hover:bg-white/10",
  ghost: "text-ocean-800 hover:bg-ocean-50",
  /** A quiet button for a dangerous action (it opens a confirmation). */
  "ghost-danger": "text-danger hover:bg-red-50",
  /** The outline button of a dangerous action (delete). */
  "outline-danger": "border border-red-200 bg-white text-danger hover:bg-red-50",
  destructive: "bg-danger text-white hover:bg-red-800",
  whatsapp: "bg-emerald-700 text-white hover:bg-emerald-800 shadow-sm",
} as const;

export const buttonSizes = {
  md: "min-h-11 px-5 text-sm",
  lg: "min-h-12 px-6 text-base",
  icon: "size-11",
  /** The md height (a 44px tap target) with narrow padding, for buttons in tight rows. */
  compact: "min-h-11 px-3 text-sm",
  /** As compact, narrower still: three buttons side by side on a 360px phone. */
  tight: "min-h-11 px-2 text-sm",
} as const;

export type ButtonVariant = keyof typeof buttonVariants;
export type ButtonSize = keyof typeof buttonSizes;

export type ButtonProps = ComponentProps<"button"> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  asChild?: boolean;
};

export function buttonClass(variant: ButtonVariant = "primary", size: ButtonSize = "md", extra?: string) {
  return cn(
    "inline-flex items-center justify-center gap-2 rounded-full font-semibold transition-colors disabled:pointer-events-none disabled:opacity-60",
    buttonVariants[variant],
    buttonSizes[size],
    extra,
  );
}

export function Button({ variant = "primary", size = "md", asChild, className, type, ...props }: ButtonProps) {
  const Comp = asChild ? Slot.Root : "button";
  return <Comp className={buttonClass(variant, size, className)} type={asChild ? undefined : (type ?? "button")} {...props} />;
}
