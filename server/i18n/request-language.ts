import type { Context } from 'hono';
import { fromAcceptLanguage, type Lang } from '../../src/i18n/languages';
import type { AppEnv } from '../http/types';

/**
 * The language of a request's answer: the app's Accept-Language, else the signed-in player's saved
 * language, else English. Operators (the console) always get English.
 */
export function requestLanguage(c: Context<AppEnv>): Lang {
  const who = c.get('principal');
  if (who?.kind === 'admin' || c.req.path === '/api/v1/admin/login') return 'en';
  return askedLanguage(c) ?? (who?.kind === 'player' ? who.language : 'en');
}

/** The language the app named in Accept-Language, or null (none named, or none we speak). */
export function askedLanguage(c: Context<AppEnv>): Lang | null {
  return fromAcceptLanguage(c.req.header('accept-language'));
}
