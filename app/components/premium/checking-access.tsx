import { useNavigation } from "react-router";
import { PREMIUM_PAGE_PATHS } from "~/catalog/site";

const PATHS = new Set<string>(Object.values(PREMIUM_PAGE_PATHS));

/**
 * Going to Amy's or Roger's page, the server checks the subscription before the page renders (no
 * flash of the paywall for a subscriber); meanwhile this says so.
 */
export function CheckingAccess() {
  const navigation = useNavigation();
  const to = navigation.location?.pathname;
  if (navigation.state !== "loading" || !to || !PATHS.has(to)) return null;
  return (
    <p
      role="status"
      className="fixed inset-x-0 top-20 z-40 mx-auto w-fit rounded-full bg-ocean-900 px-4 py-2 text-sm font-semibold text-white shadow-lift"
    >
      Comprobando tu suscripción…
    </p>
  );
}
