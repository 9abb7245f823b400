/** Panamanian phone numbers as E.164 digits and tel: links (cards and entry pages). */
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

/**
 * A phone number as the directory writes it: '+507 6000-0001' (mobile), '+507 775-1234' (landline).
 * A number that cannot be Panamanian keeps its own digits and signs, trimmed.
 */
export function formatPhone(phone: string | null | undefined): string | null {
  const trimmed = phone?.trim();
  if (!trimmed) return null;
  const e164 = panamaE164(trimmed);
  if (!e164) return trimmed;
  const local = e164.slice(3);
  return `+507 ${local.slice(0, local.length - 4)}-${local.slice(-4)}`;
}
