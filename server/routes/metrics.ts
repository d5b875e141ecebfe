import { failBody } from '../http/envelope';
import { createRouter } from '../http/router';
import { METRICS_CONTENT_TYPE } from '../metrics';
import { metricsText } from '../services/reports/metrics';
import { sameSecret } from '../services/same-secret';

/** Whether the Authorization header is `Bearer <token>` (services/same-secret.ts: no length leaks). */
function bearerIs(header: string | undefined, token: string): boolean {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return sameSecret(m?.[1] ?? '', token) && m?.[1] !== undefined;
}

/**
 * GET /metrics (Prometheus text exposition): answered only when METRICS_TOKEN is set (404 when
 * not, as if there were no such page) and only to `Authorization: Bearer <METRICS_TOKEN>` (401).
 */
export function metricsRoutes() {
  const r = createRouter('', 'Metrics');
  r.get(
    '/metrics',
    { summary: 'Prometheus metrics (Authorization: Bearer METRICS_TOKEN; 404 when unset)', auth: 'public' },
    async (c) => {
      const { env, db } = c.get('deps');
      if (!env.METRICS_TOKEN) return c.json(failBody('Not found'), 404);
      if (!bearerIs(c.req.header('authorization'), env.METRICS_TOKEN)) {
        return c.json(failBody('Authentication required'), 401, { 'WWW-Authenticate': 'Bearer' });
      }
      return c.body(await metricsText(db), 200, { 'Content-Type': METRICS_CONTENT_TYPE });
    },
  );
  return r;
}
