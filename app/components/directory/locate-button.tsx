/** The 'Usar mi ubicación' button, loaded after the page (it needs JavaScript and the browser's permission). */
import { type ReactNode, useState } from "react";
import { withoutNear } from "~/lib/near-query";

/** `icon` and `go` come from the page, so that this chunk needs nothing the page has not loaded. */
export default function LocateButton({ icon, go }: { icon: ReactNode; go: (to: string) => void }) {
  const [state, setState] = useState<"idle" | "asking" | "failed">("idle");

  function locate() {
    if (!navigator.geolocation) return setState("failed");
    setState("asking");
    navigator.geolocation.getCurrentPosition(
      (p) => {
        const params = new URLSearchParams(withoutNear(window.location.search));
        params.set("cerca", `${p.coords.latitude.toFixed(5)},${p.coords.longitude.toFixed(5)}`);
        setState("idle");
        go(`${window.location.pathname}?${params.toString()}`);
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
        {icon}
        {state === "asking" ? "Buscando tu ubicación..." : "Usar mi ubicación"}
      </button>
      <p role="status" className="text-danger">
        {state === "failed" ? "No pudimos obtener tu ubicación. Revisa el permiso de ubicación del navegador." : ""}
      </p>
    </>
  );
}
