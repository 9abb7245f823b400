/** The command line of a script: `--name value` options and bare `--flag`s. */

/** The value after `--name`, or `fallback` when the option is missing or has no value. */
export function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}

/** Whether `--name` was given. */
export const flag = (name: string): boolean => process.argv.includes(`--${name}`);
