/**
 * 'Near me' on listing pages: the browser's position becomes `?cerca=lat,lng` on the same page,
 * which the server sorts by distance; nothing is stored. The button needs JavaScript, so it is
 * loaded after the page and never rendered without it; a `cerca` link works either way. A point
 * outside Panama (a visitor abroad) keeps the usual listing, and the page says why it is not sorted.
 */
import { lazy, Suspense, useEffect, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { Icon } from "~/components/icons/icon";
import { type NearPoint, withoutNear } from "~/lib/near-query";

const LocateButton = lazy(() => import("./locate-button"));

export const NEAR_EMPTY = {
  title: "Ningún resultado con ubicación cerca de ti",
  text: "Prueba con un radio mayor o quita la ubicación.",
};

export function NearMe({ near, outside }: { near: NearPoint | null; outside: boolean }) {
  const navigate = useNavigate();
  const location = useLocation();
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
      ) : outside ? (
        <p role="status" className="text-muted">
          Tu ubicación parece estar fuera de Panamá, así que los resultados no están ordenados por distancia.{" "}
          <Link to={`${location.pathname}${withoutNear(location.search)}`} className="font-semibold text-ocean-700 underline">
            Quitar ubicación
          </Link>
        </p>
      ) : null}
    </div>
  );
}
