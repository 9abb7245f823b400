import { type RouteConfigEntry, route } from "@react-router/dev/routes";

/** Owners' pages: a listing's special closures and national holidays. Listed in app/routes.ts. */
export const closuresRoutes: RouteConfigEntry[] = [route("mi-negocio/:tipo/:id/cierres", "routes/owners/closures.tsx")];
