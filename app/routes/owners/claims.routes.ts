import type { RouteConfigEntry } from "@react-router/dev/routes";

/** Owners' pages: claims. Listed in app/routes.ts. */
export const claimsRoutes: RouteConfigEntry[] = [];
