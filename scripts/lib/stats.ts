/** Latency figures as the benchmarks print them. */

/** The p-th percentile of an ascending list (nearest rank, below); NaN for an empty list. */
export function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : Number.NaN;
}

/** Sorts numbers ascending, in place, and returns the list. */
export const ascending = (list: number[]): number[] => list.sort((a, b) => a - b);

export const sum = (list: number[]): number => list.reduce((a, b) => a + b, 0);

/** Milliseconds with two decimals below 10 ms, one above ("4.25 ms", "12.5 ms"). */
export const ms = (n: number): string => `${n.toFixed(n < 10 ? 2 : 1)} ms`;

/** Milliseconds with one decimal below 10 ms, whole above ("4.3 ms", "13 ms"); "-" for no value. */
export const msRounded = (n: number): string => (Number.isNaN(n) ? "-" : `${n < 10 ? n.toFixed(1) : Math.round(n)} ms`);

/** A random element of a non-empty list. */
export const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;
