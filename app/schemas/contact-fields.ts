/**
 * The contact form's field limits and honeypot name, without Zod: the page's form (in the browser)
 * needs only these numbers, the schema in ./contact.ts (in the action) uses the same ones.
 */
export const CONTACT_LIMITS = { name: 100, email: 254, phone: 30, business: 120, message: 2000 } as const;

/** The honeypot field: invisible to people, bots fill it in. */
export const CONTACT_HONEYPOT = "sitio_web";
