/** Contact links of a listing: tel:, WhatsApp click-to-chat and Google Maps. */
import { directionsUrl, inPanama } from "./geo";
import { panamaE164 } from "./phone";

/** wa.me link with a prefilled Spanish message; null when the phone is not a Panamanian number. */
export function listingWhatsappHref(phone: string | null | undefined, nombre: string): string | null {
  const e164 = panamaE164(phone);
  if (!e164) return null;
  const text = `Hola, encontré ${nombre} en Panama VIP IA y me gustaría recibir más información.`;
  return `https://wa.me/${e164}?text=${encodeURIComponent(text)}`;
}

/**
 * 'Cómo llegar': directions to the listing's coordinates when it has them (they pin the door, where
 * a name search may find a namesake), else its own maps link, else a Google Maps search on its name
 * and address.
 */
export function mapsHref(opts: {
  maps_url?: string | null;
  nombre: string;
  direccion: string;
  latitud?: number | null;
  longitud?: number | null;
}): string {
  // Number(): a numeric column read by raw SQL arrives as a string; NaN (no coordinates) is not in Panama.
  const lat = Number(opts.latitud ?? Number.NaN);
  const lng = Number(opts.longitud ?? Number.NaN);
  if (inPanama(lat, lng)) return directionsUrl({ lat, lng });
  if (opts.maps_url && /^https?:\/\//i.test(opts.maps_url)) return opts.maps_url;
  const query = `${opts.nombre}, ${opts.direccion}, Panamá`;
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}
