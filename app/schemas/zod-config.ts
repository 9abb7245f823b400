/**
 * The CSP forbids eval. Zod 4 probes `new Function` (its JIT) whenever an object schema is built, and
 * the browser reports that probe as a CSP violation. Import this module before any schema module.
 */
import { z } from "zod";

z.config({ jitless: true });
