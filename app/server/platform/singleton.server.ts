/**
 * One value per process, shared by every copy of a module (server.ts loads the app's server code
 * itself, and the React Router build bundles another copy of it). The global below is this module's
 * alone: everyone else goes through these functions.
 */
const store = () => {
  const g = globalThis as unknown as { __singletons?: Map<string, unknown> };
  g.__singletons ??= new Map();
  return g.__singletons;
};

export function singleton<T>(name: string, create: () => T): T {
  const values = store();
  if (!values.has(name)) values.set(name, create());
  return values.get(name) as T;
}

/** Forgets `name`'s value and returns it (undefined when none was made): closing it, or configuration changed. */
export function dropSingleton<T>(name: string): T | undefined {
  const values = store();
  const value = values.get(name) as T | undefined;
  values.delete(name);
  return value;
}

/** Puts `value` in place of whatever `name` would make (a benchmark handing the models another database). */
export function replaceSingleton<T>(name: string, value: T): void {
  store().set(name, value);
}

/** Forgets every value, as a restart would (tests that start over with new configuration). */
export function clearSingletons(): void {
  store().clear();
}
