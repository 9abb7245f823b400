/** The 'Usar mi ubicación' button, loaded after the page (it needs JavaScript and the browser's permission). */
import { useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { Icon } from "~/components/icons/icon";
import { withoutNear } from "~/lib/geo";

export default function LocateButton() {
  const location = useLocation();
  const navigate = useNavigate();
  const [state, setState] = useState<"idle" | "asking" | "failed">("idle");

  function locate() {
    if (!navigator.geolocation) return setState("failed");
    setState("asking");
    navigator.geolocation.getCurrentPosition(
      (p) => {
        const params = new URLSearchParams(withoutNear(location.search));
        params.set("cerca", `${p.coords.latitude.toFixed(5)},${p.coords.longitude.toFixed(5)}`);
        setState("idle");
        navigate(`${location.pathname}?${params.toString()}`);
      },
      () => setState("failed"),
      { timeout: 15_000, maximumAge: 60_000 },
    );
  }

  return (
    <>
      <button
        type="button"
        onClick={locate}
        disabled={state === "asking"}
        className="inline-flex min-h-11 items-center gap-2 rounded-full border border-ocean-200 bg-white px-4 font-semibold text-ocean-800 hover:bg-ocean-50 disabled:opacity-60"
      >
        <Icon name="map-pin" aria-hidden className="size-4" />
        {state === "asking" ? "Buscando tu ubicación..." : "Usar mi ubicación"}
      </button>
      <p role="status" className="text-danger">
        {state === "failed" ? "No pudimos obtener tu ubicación. Revisa el permiso de ubicación del navegador." : ""}
      </p>
    </>
  );
}
