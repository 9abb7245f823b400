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

/** A scheme before the first ':' (javascript:, mailto:…), unless what follows is a port ('ejemplo.com:8080'). */
const SCHEME = /^[a-z][a-z\d+.-]*:(?!\d+(?:[/?#]|$))/i;

/**
 * A web address as people type it, completed to https://: 'www.ejemplo.com' and 'ejemplo.com/menu'
 * get the scheme, '//ejemplo.com' its 'https:'. Anything with another scheme (javascript:, data:,
 * mailto:) is left as typed, for isWebAddress to refuse.
 */
export function completeWebAddress(text: string): string {
  const t = text.trim();
  if (!t || /^https?:\/\//i.test(t)) return t;
  if (t.startsWith("//")) return `https:${t}`;
  if (SCHEME.test(t)) return t;
  return `https://${t}`;
}

/** True for an absolute http(s) address of a named host ('ejemplo.com', not 'localhost'), without spaces. */
export function isWebAddress(value: string): boolean {
  if (/[\s\u0000-\u001f\u007f]/.test(value)) return false;
  try {
    const u = new URL(value);
    const labels = u.hostname.replace(/\.$/, "").split(".");
    const tld = labels.at(-1) ?? "";
    return (
      (u.protocol === "http:" || u.protocol === "https:") &&
      labels.length > 1 &&
      labels.every(Boolean) &&
      /^(?:[a-z]{2,}|xn--[a-z\d-]+)$/i.test(tld)
    );
  } catch {
    return false;
  }
}
