/** Contact links of a listing (issue 4 item 3): tel:, WhatsApp click-to-chat and Google Maps. */
import { directionsUrl, inPanama } from "./geo";

/**
 * A Panamanian phone number in E.164 digits (5076xxxxxxx / 507xxxxxxx), or null when it cannot be
 * one. Local numbers are 8 digits (mobiles start with 6) or 7 digits (landlines).
 */
export function panamaE164(phone: string | null | undefined): string | null {
  if (!phone) return null;
  let digits = phone.replace(/[^\d+]/g, "");
  if (digits.startsWith("+")) digits = digits.slice(1);
  else if (digits.startsWith("00")) digits = digits.slice(2);
  digits = digits.replace(/\D/g, "");
  if (digits.startsWith("507") && (digits.length === 11 || digits.length === 10)) return digits;
  if (digits.length === 8 && digits.startsWith("6")) return `507${digits}`;
  if (digits.length === 7) return `507${digits}`;
  return null;
}

export function telHref(phone: string | null | undefined): string | null {
  const e164 = panamaE164(phone);
  if (e164) return `tel:+${e164}`;
  const digits = phone?.replace(/[^\d+]/g, "");
  return digits && digits.replace(/\D/g, "").length >= 7 ? `tel:${digits}` : null;
}

/** wa.me link with a prefilled Spanish message; null when the phone is not a Panamanian number. */
export function listingWhatsappHref(phone: string | null | undefined, nombre: string): string | null {
  const e164 = panamaE164(phone);
  if (!e164) return null;
  const text = `Hola, encontré ${nombre} en Panama VIP IA y me gustaría recibir más información.`;
  return `https://wa.me/${e164}?text=${encodeURIComponent(text)}`;
}

/**
 * 'Cómo llegar': directions to the listing's coordinates when it has them (D21: they pin the door,
 * where a name search may find a namesake), else its own maps link, else a Google Maps search on its
 * name and address.
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

/** Only http(s) URLs become links (data is admin-entered or imported; no javascript: URLs). */
export function safeUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const u = new URL(url.trim());
    return u.protocol === "https:" || u.protocol === "http:" ? u.toString() : null;
  } catch {
    return null;
  }
}
