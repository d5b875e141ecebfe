import { z } from 'zod';

/**
 * Every contract takes `z` from here. In the browser the app runs under a Content-Security-Policy
 * without 'unsafe-eval' (server/http/security-headers.ts): zod probes `new Function` once, on its
 * first object parse, to decide whether to compile parsers, and under that policy the probe is
 * refused and reported as a violation. Jitless parsing never probes. Configuring it here, where
 * the schemas are built, keeps zod out of the first load (it arrives with the screens that
 * validate) and still runs before any parse. The server keeps the compiled parsers.
 */
if (typeof (globalThis as { document?: unknown }).document !== 'undefined') z.config({ jitless: true });

export { z };
