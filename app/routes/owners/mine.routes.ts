import { type RouteConfigEntry, route } from "@react-router/dev/routes";

/** Owners' pages: «Mi negocio» (the listings a person runs, and each one's editor) and the admins' queue of their reviewed changes. Listed in app/routes.ts. */
export const mineRoutes: RouteConfigEntry[] = [
  route("mi-negocio", "routes/owners/mine.tsx"),
  route("mi-negocio/:tipo/:id", "routes/owners/mine-listing.tsx"),
  route("admin/cambios", "routes/admin/changes.tsx"),
];
