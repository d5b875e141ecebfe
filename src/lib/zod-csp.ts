import { z } from 'zod';

/**
 * The app runs under a Content-Security-Policy without 'unsafe-eval' (server/http/security-headers.ts).
 * Zod probes `new Function` once to decide whether to compile object parsers; under that policy the
 * probe is refused and reported as a violation. Jitless parsing never probes. Imported first by
 * main.tsx, before any schema parses.
 */
z.config({ jitless: true });
