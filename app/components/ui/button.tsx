import { Slot } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

const variants = {
  primary: "bg-ocean-700 text-white hover:bg-ocean-800 shadow-sm",
  accent: "bg-sun-400 text-ocean-950 hover:bg-sun-300 shadow-sm",
  outline: "border border-ocean-200 bg-white text-ocean-800 hover:bg-ocean-50",
  ghost: "text-ocean-800 hover:bg-ocean-50",
  destructive: "bg-danger text-white hover:bg-red-800",
  link: "text-ocean-700 underline-offset-4 hover:underline px-0",
} as const;

const sizes = {
  sm: "min-h-9 px-3 text-sm",
  md: "min-h-11 px-5 text-sm",
  lg: "min-h-12 px-6 text-base",
  icon: "size-11",
} as const;

export type ButtonProps = ComponentProps<"button"> & {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
  asChild?: boolean;
};

export function buttonClass(variant: keyof typeof variants = "primary", size: keyof typeof sizes = "md", extra?: string) {
  return cn(
    "inline-flex items-center justify-center gap-2 rounded-full font-semibold transition-colors disabled:pointer-events-none disabled:opacity-60",
    variants[variant],
    sizes[size],
    extra,
  );
}

export function Button({ variant = "primary", size = "md", asChild, className, type, ...props }: ButtonProps) {
  const Comp = asChild ? Slot.Root : "button";
  return <Comp className={buttonClass(variant, size, className)} type={asChild ? undefined : (type ?? "button")} {...props} />;
}
