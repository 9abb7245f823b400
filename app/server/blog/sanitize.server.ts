/**
 * Blog HTML sanitizer: an allowlist applied on the server on every write. Only basic formatting
 * survives; links keep http(s)/mailto (or a site path) and get rel="noopener nofollow ugc", and a
 * link without such a target becomes its plain text; images keep an absolute http(s) src only.
 * Everything else (scripts, styles, frames, forms, event handlers, other URL schemes, comments) is
 * removed.
 */
import sanitizeHtml from "sanitize-html";

export const ALLOWED_TAGS = [
  "p",
  "br",
  "h2",
  "h3",
  "h4",
  "strong",
  "em",
  "u",
  "s",
  "blockquote",
  "ul",
  "ol",
  "li",
  "a",
  "img",
  "code",
  "pre",
  "hr",
] as const;

const URL_MAX = 2000;
/** Whitespace, control and invisible characters that browsers strip or ignore inside URLs. */
const SUSPICIOUS_IN_URL = /[\s\u0000-\u001f\u007f-\u00a0\u00ad\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\ufeff]/;

function absoluteUrl(value: string, schemes: readonly string[]): string | null {
  if (!value || value.length > URL_MAX || SUSPICIOUS_IN_URL.test(value) || value.includes("\\")) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (!schemes.includes(url.protocol)) return null;
  if ((url.protocol === "http:" || url.protocol === "https:") && !url.hostname) return null;
  return url.href;
}

/** A link target: absolute http(s) or mailto, or a path on this site ('/blog/...', never '//host'). */
export function safeHref(raw: string | undefined): string | null {
  const value = (raw ?? "").trim();
  if (value.startsWith("/") && !value.startsWith("//") && !SUSPICIOUS_IN_URL.test(value) && !value.includes("\\")) {
    return value.length <= URL_MAX ? value : null;
  }
  if (value.startsWith("#") && /^#[\w-]{1,100}$/.test(value)) return value;
  return absoluteUrl(value, ["http:", "https:", "mailto:"]);
}

/** An image source: absolute http(s) only. */
export function safeImageSrc(raw: string | undefined): string | null {
  return absoluteUrl((raw ?? "").trim(), ["http:", "https:"]);
}

const plainText = (v: string | undefined, max: number) =>
  (v ?? "")
    .replace(/[\u0000-\u001f\u007f]/g, "")
    .trim()
    .slice(0, max);

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...ALLOWED_TAGS],
  allowedAttributes: {
    a: ["href", "title", "rel"],
    img: ["src", "alt", "title", "loading", "decoding", "referrerpolicy"],
  },
  // URL checks are done by the transforms below; these are the library's own second line.
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowedSchemesAppliedToAttributes: ["href", "src"],
  allowProtocolRelative: false,
  allowedStyles: {},
  allowedClasses: {},
  disallowedTagsMode: "discard",
  nonTextTags: [
    "script",
    "style",
    "textarea",
    "option",
    "noscript",
    "title",
    "template",
    "iframe",
    "noembed",
    "noframes",
    "xmp",
    "plaintext",
    "select",
  ],
  enforceHtmlBoundary: false,
  parseStyleAttributes: false,
  transformTags: {
    b: "strong",
    i: "em",
    strike: "s",
    del: "s",
    h1: "h2",
    h5: "h4",
    h6: "h4",
    a: (tagName, attribs) => {
      const href = safeHref(attribs.href);
      const out: sanitizeHtml.Attributes = {};
      if (href) {
        out.href = href;
        out.rel = "noopener nofollow ugc";
      }
      if (attribs.title) out.title = plainText(attribs.title, 200);
      // Without a usable target it is no link: renamed to a tag outside the allowlist, so only its
      // text stays (an <a> without href would still be styled as a link).
      return { tagName: href ? tagName : "span", attribs: href ? out : {} };
    },
    img: (tagName, attribs) => {
      const src = safeImageSrc(attribs.src);
      const out: sanitizeHtml.Attributes = {};
      if (src) {
        out.src = src;
        out.alt = plainText(attribs.alt, 300);
        out.loading = "lazy";
        out.decoding = "async";
        out.referrerpolicy = "no-referrer";
      }
      if (attribs.title) out.title = plainText(attribs.title, 200);
      return { tagName, attribs: out };
    },
  },
  // An image without a usable source is dropped entirely.
  exclusiveFilter: (frame) => frame.tag === "img" && !frame.attribs.src,
};

/** Sanitizes one article body. Control characters (except tab and line breaks) are removed first. */
export function sanitizeBlogHtml(dirty: string): string {
  const input = dirty.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, "");
  return sanitizeHtml(input, OPTIONS).trim();
}

/** The text of an article body (for descriptions, RSS and search), without any markup. */
export function htmlToText(html: string, max = 300): string {
  const text = sanitizeHtml(html, { allowedTags: [], allowedAttributes: {}, nonTextTags: OPTIONS.nonTextTags })
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, " ")
    .trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}
