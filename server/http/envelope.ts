import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Pagination } from '../../src/contracts/common';
import { requestLanguage } from '../i18n/request-language';
import { translate } from '../i18n/translate';

/** The success envelope of docs/api.md: {status: true, message, data, pagination?}. */
export function ok<T>(c: Context, data: T, message = 'Success', status: ContentfulStatusCode = 200) {
  return c.json({ status: true, message: inLanguage(c, message), data }, status);
}

export function okPaged<T>(c: Context, data: T[], pagination: Pagination, message = 'Success') {
  return c.json({ status: true, message, data, pagination }, 200);
}

/** A bare success without data (logout, device token). */
export function okMessage(c: Context, message: string, status: ContentfulStatusCode = 200) {
  return c.json({ status: true, message: inLanguage(c, message) }, status);
}

/** A message in the request's language ('Success' stays: no screen shows it). */
export function inLanguage(c: Context, message: string): string {
  return message === 'Success' ? message : translate(message, requestLanguage(c));
}

/** A failure body in the request's language: the message and each field's message (issue 22). */
export function failBodyFor(c: Context, message: string, errors: Record<string, string> = {}) {
  const lang = requestLanguage(c);
  if (lang === 'en') return failBody(message, errors);
  const translated: Record<string, string> = {};
  for (const [k, v] of Object.entries(errors)) translated[k] = translate(v, lang);
  return failBody(translate(message, lang), translated);
}

export function failBody(message: string, errors: Record<string, string> = {}) {
  return { status: false as const, message, errors };
}
