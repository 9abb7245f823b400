/**
 * 'Near me' on listing pages: the browser's position becomes `?cerca=lat,lng` on the same page,
 * which the server sorts by distance; nothing is stored. The button needs JavaScript, so it is
 * loaded after the page and never rendered without it; a `cerca` link works either way.
 */
import { lazy, Suspense, useEffect, useState } from "react";
import { Link, useNavigate } from "react-router";
import { Icon } from "~/components/icons/icon";
import type { NearPoint } from "~/lib/near-query";

const LocateButton = lazy(() => import("./locate-button"));

export const NEAR_EMPTY = {
  title: "Ningún resultado con ubicación cerca de ti",
  text: "Prueba con un radio mayor o quita la ubicación.",
};

export function NearMe({ near }: { near: NearPoint | null }) {
  const navigate = useNavigate();
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  return (
    <div className="mb-6 flex min-h-11 flex-wrap items-center gap-x-4 text-sm">
      {ready ? (
        <Suspense fallback={null}>
          <LocateButton icon={<Icon name="map-pin" aria-hidden className="size-4" />} go={navigate} />
        </Suspense>
      ) : null}
      {near ? (
        <p className="text-muted">
          Los más cercanos a ti primero, hasta {near.radius}.{" "}
          <Link to={near.clearHref} className="font-semibold text-ocean-700 underline">
            Quitar ubicación
          </Link>
        </p>
      ) : null}
    </div>
  );
}
