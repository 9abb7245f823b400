import { clsx, type ClassValue } from "clsx";

/**
 * Joins class names (clsx). There is no tailwind-merge on purpose (~10 kB of JavaScript on every
 * page): a component never receives a class that fights one of its defaults; it offers a variant,
 * size or tone instead (docs/decisions/014). tests/unit/marketing-class-conflicts.test.ts and the
 * e2e class scan keep it that way.
 */
export function cn(...inputs: ClassValue[]) {
  return clsx(inputs);
}
