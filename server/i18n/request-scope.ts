import { AsyncLocalStorage } from 'node:async_hooks';
import type { MiddlewareHandler } from 'hono';
import { fromAcceptLanguage, type Lang } from '../../src/i18n/languages';

const scope = new AsyncLocalStorage<Lang | null>();

/**
 * Keeps the request's Accept-Language for code far from the HTTP layer (the OTP text a register
 * or login request queues), without threading it through every service.
 */
export function languageScope(): MiddlewareHandler {
  return (c, next) => scope.run(fromAcceptLanguage(c.req.header('accept-language')), next);
}

/** The language the current request asked for, or null (none named, or not in a request). */
export function scopedLanguage(): Lang | null {
  return scope.getStore() ?? null;
}
