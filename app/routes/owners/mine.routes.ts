import type { RouteConfigEntry } from "@react-router/dev/routes";

/** Owners' pages: mine. Listed in app/routes.ts. */
export const mineRoutes: RouteConfigEntry[] = [];
