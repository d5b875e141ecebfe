import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Pagination } from '../../src/contracts/common';

/** The success envelope of api.md: {status: true, message, data, pagination?}. */
export function ok<T>(c: Context, data: T, message = 'Success', status: ContentfulStatusCode = 200) {
  return c.json({ status: true, message, data }, status);
}

export function okPaged<T>(c: Context, data: T[], pagination: Pagination, message = 'Success') {
  return c.json({ status: true, message, data, pagination }, 200);
}

/** A bare success without data (logout, device token). */
export function okMessage(c: Context, message: string, status: ContentfulStatusCode = 200) {
  return c.json({ status: true, message }, status);
}

export function failBody(message: string, errors: Record<string, string> = {}) {
  return { status: false as const, message, errors };
}
