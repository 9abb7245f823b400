/**
 * The proof by e-mail: an address at the domain of the listing's website. The website's host (no
 * `www.`) and the address's domain must be the same name; a subdomain or a parent does not count,
 * so no list of public suffixes is needed. Websites on shared platforms (a Facebook page, a Wix
 * site, a link page) prove nothing about who holds an address there, and free mail providers'
 * domains are nobody's business: those never offer this proof (decision 093).
 */

/** Hosts whose addresses or pages belong to many people. */
const SHARED_HOSTS = [
  "gmail.com",
  "googlemail.com",
  "google.com",
  "hotmail.com",
  "outlook.com",
  "live.com",
  "yahoo.com",
  "icloud.com",
  "proton.me",
  "protonmail.com",
  "facebook.com",
  "fb.com",
  "instagram.com",
  "wa.me",
  "whatsapp.com",
  "linktr.ee",
  "tiktok.com",
  "x.com",
  "twitter.com",
  "linkedin.com",
  "youtube.com",
  "wixsite.com",
  "blogspot.com",
  "wordpress.com",
  "godaddysites.com",
  "negocio.site",
  "business.site",
  "sites.google.com",
];

/** The website's host as compared (lowercase, no `www.`, no trailing dot), or null for no usable site. */
export function websiteDomain(website: string | null | undefined): string | null {
  if (!website) return null;
  let host: string;
  try {
    host = new URL(website).hostname.toLowerCase();
  } catch {
    return null;
  }
  host = host.replace(/\.$/, "").replace(/^www\./, "");
  // An address has a name with a dot and no port or IP literal.
  if (!host.includes(".") || /^[\d.]+$/.test(host) || host.startsWith("[")) return null;
  if (SHARED_HOSTS.some((shared) => host === shared || host.endsWith(`.${shared}`))) return null;
  return host;
}

/** The domain of an e-mail address as compared (lowercase, no `www.`). */
export function emailDomain(email: string): string {
  return email
    .slice(email.lastIndexOf("@") + 1)
    .toLowerCase()
    .replace(/\.$/, "")
    .replace(/^www\./, "");
}

/** Whether `email` is at the website's domain. */
export function emailMatchesWebsite(email: string, website: string | null | undefined): boolean {
  const domain = websiteDomain(website);
  return domain !== null && emailDomain(email) === domain;
}
