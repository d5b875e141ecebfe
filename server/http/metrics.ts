import type { Context } from 'hono';
import { routePath } from 'hono/route';
import { requestDuration } from '../metrics';
import type { AppEnv } from './types';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** One request into the duration histogram, labelled with the pattern of the route that answered. */
export function observeRequest(c: Context<AppEnv>, ms: number): void {
  // After the chain ran, routeIndex names the last handler dispatched: the one that answered
  // (a route's pattern such as /api/v1/admin/users/:id, or /api/* and * for what none matched).
  observe(c.req.method, routePath(c) || 'unmatched', c.res.status, ms);
}

export function observe(method: string | undefined, route: string, status: number, ms: number): void {
  requestDuration.observe(
    { method: method && METHODS.has(method) ? method : 'OTHER', route, status: String(status) },
    ms / 1000,
  );
}
