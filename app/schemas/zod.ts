/**
 * Zod as the app uses it: every module that builds a schema imports `z` from here, so the setting
 * below runs before the first schema is built, on the server and in the browser, and only where Zod
 * is loaded at all (pages without a form never load it: docs/decisions/015).
 * `jitless`: Zod 4 otherwise probes `new Function` when it builds an object schema; the CSP forbids
 * eval, and the browser reports the probe as a violation (docs/decisions/013).
 */
import { z } from "zod";

z.config({ jitless: true });

export { z };
