/**
 * 'Near me' on listing pages: the browser's position becomes `?cerca=lat,lng` on the same page,
 * which the server sorts by distance; nothing is stored. The button needs JavaScript, so it is
 * loaded after the page and never rendered without it; a `cerca` link (or a place typed in the
 * «Cerca de» box) works either way. A point outside Panama (a visitor abroad) keeps the usual
 * listing, and the page says why it is not sorted; so does a place name the directory does not know.
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

/** The empty state of a page ordered from `near`: the visitor's point or a named place. */
export function nearEmpty(near: NearPoint) {
  return near.name
    ? { title: `Ningún resultado cerca de ${near.name}`, text: "Prueba con un radio mayor, otro lugar cercano o quita el lugar." }
    : NEAR_EMPTY;
}

const clearLink = "font-semibold text-ocean-700 underline";

export function NearMe({ near, outside, unknownPlace }: { near: NearPoint | null; outside: boolean; unknownPlace?: string | null }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  const clearHref = `${location.pathname}${withoutNear(location.search)}`;
  return (
    <div className="mb-6 flex min-h-11 flex-wrap items-center gap-x-4 gap-y-2 text-sm">
      {ready ? (
        <Suspense fallback={null}>
          <LocateButton icon={<Icon name="map-pin" aria-hidden className="size-4" />} go={navigate} />
        </Suspense>
      ) : null}
      {unknownPlace ? (
        <p role="status" className="text-muted">
          No encontramos «{unknownPlace}» entre los pueblos y barrios que conocemos, así que los resultados no están ordenados por
          distancia. Prueba con un nombre de la lista, como Boquete o El Cangrejo.{" "}
          <Link to={clearHref} className={clearLink}>
            Quitar lugar
          </Link>
        </p>
      ) : near ? (
        <p className="text-muted">
          {near.name
            ? `Los más cercanos a ${near.name} primero, hasta ${near.radius}.`
            : `Los más cercanos a ti primero, hasta ${near.radius}.`}
          {near.clearHref ? (
            <>
              {" "}
              <Link to={near.clearHref} className={clearLink}>
                {near.name ? "Quitar lugar" : "Quitar ubicación"}
              </Link>
            </>
          ) : null}
        </p>
      ) : outside ? (
        <p role="status" className="text-muted">
          Tu ubicación parece estar fuera de Panamá, así que los resultados no están ordenados por distancia.{" "}
          <Link to={clearHref} className={clearLink}>
            Quitar ubicación
          </Link>
        </p>
      ) : null}
    </div>
  );
}
