import { Hono } from 'hono';
import type { Deps } from '../deps';
import type { AppEnv } from '../http/types';
import { appliedMigration, expectedMigration } from '../services/reports/health';

/** What the process tells load balancers; main.ts flips `draining` on SIGTERM. */
export interface Lifecycle {
  draining: boolean;
  /**
   * While draining, answers say "Connection: close" (clients reconnect, through a load balancer
   * elsewhere), except for the moment before the process stops accepting (main.ts).
   */
  closeConnections?: boolean;
}

const NO_STORE = { 'Cache-Control': 'no-store' };

/**
 * GET /healthz: the process is alive (no database call, so a slow database never gets a process
 * restarted). GET /readyz: this process should receive traffic: the database answers, every
 * migration this build carries is applied, and it is not draining for a shutdown.
 */
export function healthRoutes(deps: Deps, lifecycle: Lifecycle): Hono<AppEnv> {
  const hono = new Hono<AppEnv>();
  hono.get('/healthz', (c) => c.json({ status: 'ok', pid: process.pid }, 200, NO_STORE));
  hono.get('/readyz', async (c) => {
    if (lifecycle.draining) return c.json({ status: 'draining' }, 503, NO_STORE);
    const latest = expectedMigration();
    try {
      const applied = await appliedMigration(deps.db);
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
