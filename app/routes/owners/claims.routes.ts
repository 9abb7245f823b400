import { type RouteConfigEntry, route } from "@react-router/dev/routes";

/** Owners' pages: claims of a listing, submissions of a new one, and the admins' queue of both. Listed in app/routes.ts. */
export const claimsRoutes: RouteConfigEntry[] = [
  route("reclamar/confirmar", "routes/owners/claim-confirm.tsx"),
  route("reclamar/:tipo/:slug", "routes/owners/claim.tsx"),
  route("mi-negocio/nuevo", "routes/owners/submit.tsx"),
  route("admin/solicitudes", "routes/admin/requests.tsx"),
];
