import type { RouteConfigEntry } from "@react-router/dev/routes";

/** Owners' pages: closures. Listed in app/routes.ts. */
export const closuresRoutes: RouteConfigEntry[] = [];
