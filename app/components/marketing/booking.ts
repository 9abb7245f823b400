import { useRouteLoaderData } from "react-router";
import type { PublicEnv } from "~/server/env.server";

const FALLBACK = "https://calendly.com/panamavipia/consulta";

/** The external scheduling page (BOOKING_URL), from the root loader's public env. */
export function useBookingUrl(): string {
  const root = useRouteLoaderData("root") as { publicEnv?: PublicEnv } | undefined;
  return root?.publicEnv?.BOOKING_URL ?? FALLBACK;
}
