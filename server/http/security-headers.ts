import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './types';

/**
 * The Content-Security-Policy the app runs under (tests/e2e/csp.test.ts visits every screen with
 * it): scripts only from this origin (no inline script, no eval), inline styles allowed (the toast
 * library injects a <style>), images from anywhere over https (operators set slider and logo
 * URLs), YouTube embeds for the how-to-play videos, Google's endpoints for web push, and no
 * framing of the app by anyone.
 */
export const APP_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self' https://*.googleapis.com",
  'frame-src https://www.youtube-nocookie.com https://www.youtube.com',
  "worker-src 'self'",
  "manifest-src 'self'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Security headers on every answer (API, static files, the app shell, errors). A route that serves
 * its own HTML with other needs (a payment checkout page) sets its own CSP, which is kept. HSTS
 * only when the public origin is https (on plain http it would be ignored or lock a dev out).
 */
export function securityHeaderList(publicUrl: string | undefined): [string, string][] {
  const list: [string, string][] = [
    ['Content-Security-Policy', APP_CSP],
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'same-origin'],
    ['X-Frame-Options', 'DENY'],
    ['Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()'],
  ];
  if (publicUrl?.startsWith('https://'))
    list.push(['Strict-Transport-Security', 'max-age=31536000; includeSubDomains']);
  return list;
}

export function securityHeaders(publicUrl: string | undefined): MiddlewareHandler<AppEnv> {
  const list = securityHeaderList(publicUrl);
  // Set before the handler runs (a route that needs another CSP sets its own over it): reading
  // c.res after the handler would build a Response object for every answer, on the hot path too.
  return async (c, next) => {
    for (const [name, value] of list) c.header(name, value);
    await next();
  };
}
