import type { RouteConfigEntry } from "@react-router/dev/routes";

/** Owners' pages: plans. Listed in app/routes.ts. */
export const plansRoutes: RouteConfigEntry[] = [];
