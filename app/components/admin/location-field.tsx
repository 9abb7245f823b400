/**
 * A listing's coordinates without a map: one text field for a Google Maps link or 'lat, lng';
 * the server reads the numbers out of it. The saved point opens in Google Maps to be checked.
 */
import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { Icon } from "~/components/icons/icon";
import { Field } from "~/components/ui/field";
import type { LatLng } from "~/lib/geo";
import { LIMITS } from "~/schemas/admin-fields";

/** Google Maps with a pin on the point (no API key, nothing loaded on our page). */
const mapsSearchUrl = (p: LatLng) => `https://www.google.com/maps/search/?api=1&query=${p.lat.toFixed(6)},${p.lng.toFixed(6)}`;

export function LocationField({
  meta,
  saved,
  fallbackHint,
}: {
  // biome-ignore lint/suspicious/noExplicitAny: the field's schema output is the point, its input the text
  meta: FieldMetadata<any, any, string[]>;
  /** The stored coordinates, if any. */
  saved: LatLng | null;
  /** Restaurants: an empty field takes the coordinates of the Google Maps link. */
  fallbackHint?: boolean;
}) {
  return (
    <div>
      <Field
        label="Ubicación (enlace de Google Maps o coordenadas)"
        {...getInputProps(meta, { type: "text" })}
        maxLength={LIMITS.ubicacion}
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        placeholder="https://www.google.com/maps/place/… o 8.9824, -79.5199"
        hint={
          <>
            Pega el enlace de Google Maps del lugar o escribe latitud, longitud. Vacío: sin coordenadas
            {fallbackHint ? " (o las del enlace de Google Maps de arriba, si las tiene)" : ""}. Los enlaces cortos (maps.app.goo.gl) hay que
            abrirlos primero y copiar el enlace completo.
          </>
        }
        errors={meta.errors}
      />
      {saved ? (
        <p className="mt-1.5 text-sm">
          <a
            href={mapsSearchUrl(saved)}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 font-semibold text-ocean-700 underline underline-offset-2 hover:text-ocean-900"
          >
            <Icon name="map-pin" aria-hidden className="size-4" />
            Ver en Google Maps
            <span className="sr-only"> (se abre en otra pestaña)</span>
          </a>
        </p>
      ) : null}
    </div>
  );
}
