import { useRouteLoaderData } from "react-router";
import { DEFAULT_BOOKING_URL, type PublicEnv } from "~/catalog/site";

/** The external scheduling page (BOOKING_URL), from the root loader's public env. */
export function useBookingUrl(): string {
  const root = useRouteLoaderData("root") as { publicEnv?: PublicEnv } | undefined;
  return root?.publicEnv?.BOOKING_URL ?? DEFAULT_BOOKING_URL;
}
