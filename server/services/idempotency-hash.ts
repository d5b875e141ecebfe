import { createHash } from 'node:crypto';

/**
 * Canonical JSON: object keys sorted at every depth, so `{a:1,b:2}` and `{b:2,a:1}` hash alike
 * (a retrying client may rebuild its body in another key order; that is still "the same body").
 * Example: canonicalJson({b: [2, {d: 1, c: 0}], a: 1}) === '{"a":1,"b":[2,{"c":0,"d":1}]}'
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/**
 * The fingerprint of one money request: the route plus its canonical body. The route is part of it
 * so a key reused on another endpoint counts as "same key, different body" (422), never as a replay.
 * Example: requestHash('POST /user/fund', {amount: 500}) -> 64 hex characters.
 */
export function requestHash(route: string, body: unknown): string {
  return createHash('sha256').update(route).update('\n').update(canonicalJson(body)).digest('hex');
}

/** Keys are client-made UUIDs; anything printable up to 200 characters is accepted, nothing else. */
export function parseIdempotencyKey(header: string | undefined | null): string | null | 'invalid' {
  if (header === undefined || header === null || header === '') return null;
  return /^[\x21-\x7e]{1,200}$/.test(header) ? header : 'invalid';
}
