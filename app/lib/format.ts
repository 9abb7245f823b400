/** Formatting for es-PA through Intl. */
const LOCALE = "es-PA";
const TIME_ZONE = "America/Panama";

const dateFmt = new Intl.DateTimeFormat(LOCALE, { day: "numeric", month: "long", year: "numeric", timeZone: TIME_ZONE });
const dateTimeFmt = new Intl.DateTimeFormat(LOCALE, {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZone: TIME_ZONE,
});
const ratingFmt = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const integerFmt = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 });

const toDate = (d: Date | string | number) => (d instanceof Date ? d : new Date(d));

export function formatDate(d: Date | string | number): string {
  return dateFmt.format(toDate(d));
}
export function formatDateTime(d: Date | string | number): string {
  return dateTimeFmt.format(toDate(d));
}
export function formatRating(r: number | null | undefined): string {
  return r == null ? "" : ratingFmt.format(r);
}
export function formatInteger(n: number): string {
  return integerFmt.format(n);
}
/** Prices in US dollars (the balboa's paper currency), e.g. $1,299 or $9.99. */
export function formatPrice(amount: number): string {
  return new Intl.NumberFormat(LOCALE, {
    style: "currency",
    currency: "USD",
    currencyDisplay: "narrowSymbol",
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(amount);
}

/** '1,2 km', the way the directory shows distances (decimal comma, one decimal). */
export function formatKm(km: number): string {
  return `${km.toFixed(1).replace(".", ",")} km`;
}

/** Where a cut may end without an ellipsis: the text itself already ends a sentence or trails off. */
const ENDS_SENTENCE = /[.!?…][»"')\]]*$/;

/** `text` as a sentence that ends: a full stop added unless it ends with its own ('6:01 a. m.', '¡Listo!'). */
export function endSentence(text: string): string {
  return ENDS_SENTENCE.test(text.trim()) ? text : `${text}.`;
}

/**
 * A preview of `text` in at most `max` characters plus an ellipsis: cut at the last word that fits
 * (a word longer than the whole preview is cut inside), without a dangling comma or dash. A cut that
 * ends on a full stop, '!', '?' or an ellipsis gets no ellipsis of its own (never 'Las Tablas.…').
 */
export function truncateText(text: string | null | undefined, max: number): string | null {
  const t = text?.trim().replace(/\s+/g, " ");
  if (!t) return null;
  if (t.length <= max) return t;
  let cut = t.slice(0, max);
  // Cut inside a word: back to the last whole one.
  if (/\S/.test(t.charAt(max))) {
    const space = cut.lastIndexOf(" ");
    if (space > max / 2) cut = cut.slice(0, space);
  }
  cut = cut.replace(/[\s,;:\-–—]+$/, "");
  return ENDS_SENTENCE.test(cut) ? cut : `${cut}…`;
}
