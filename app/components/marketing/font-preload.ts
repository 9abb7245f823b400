import jakartaLatin from "@fontsource-variable/plus-jakarta-sans/files/plus-jakarta-sans-latin-wght-normal.woff2?url";

/**
 * Preloads the Latin subset of the self-hosted variable font (the same hashed file the CSS uses), so
 * the text rarely paints in the fallback font first and then shifts when the real one arrives.
 */
export const FONT_PRELOAD = { rel: "preload", href: jakartaLatin, as: "font", type: "font/woff2", crossOrigin: "anonymous" } as const;
