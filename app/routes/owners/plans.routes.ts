import { route, type RouteConfigEntry } from "@react-router/dev/routes";

/** Owners' pages: plans. Listed in app/routes.ts. */
export const plansRoutes: RouteConfigEntry[] = [
  // The chooser: which listing, which period (from «Contratar» on /local-ai-pricing).
  route("mi-negocio/plan", "routes/owners/plans-choose.tsx"),
  // A listing's plan section, and where Stripe sends the buyer back.
  route("mi-negocio/:tipo/:id/plan", "routes/owners/plans-listing.tsx"),
];
