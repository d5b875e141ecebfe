import { Hono } from 'hono';
import { readMigrations } from '../db/migrate';
import type { Deps } from '../deps';
import type { AppEnv } from '../http/types';

/** What the process tells load balancers; main.ts flips `draining` on SIGTERM. */
export interface Lifecycle {
  draining: boolean;
}

const NO_STORE = { 'Cache-Control': 'no-store' };

/**
 * GET /healthz: the process is alive (no database call, so a slow database never gets a process
 * restarted). GET /readyz: this process should receive traffic: the database answers, every
 * migration this build carries is applied, and it is not draining for a shutdown.
 */
export function healthRoutes(deps: Deps, lifecycle: Lifecycle): Hono<AppEnv> {
  const hono = new Hono<AppEnv>();
  let latest: number | undefined;
  hono.get('/healthz', (c) => c.json({ status: 'ok', pid: process.pid }, 200, NO_STORE));
  hono.get('/readyz', async (c) => {
    if (lifecycle.draining) return c.json({ status: 'draining' }, 503, NO_STORE);
    latest ??= Math.max(0, ...readMigrations().map((m) => m.version));
    try {
      const r = await deps.db.query<{ v: number | null }>(
        'SELECT max(version)::int AS v FROM schema_migrations',
      );
      const applied = r.rows[0]?.v ?? 0;
      if (applied < latest) {
        return c.json({ status: 'migrations pending', applied, expected: latest }, 503, NO_STORE);
      }
      return c.json({ status: 'ready', migration: applied }, 200, NO_STORE);
    } catch {
      return c.json({ status: 'database unreachable' }, 503, NO_STORE);
    }
  });
  return hono;
}
