/**
 * One value per process, shared by every copy of a module (server.ts loads the app's server code
 * itself, and the React Router build bundles another copy of it).
 */
export function singleton<T>(name: string, create: () => T): T {
  const store = globalThis as unknown as { __singletons?: Map<string, unknown> };
  store.__singletons ??= new Map();
  if (!store.__singletons.has(name)) store.__singletons.set(name, create());
  return store.__singletons.get(name) as T;
}
