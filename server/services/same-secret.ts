import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * Whether a secret someone sent is the one we hold, in constant time: both sides are hashed first,
 * so the comparison always runs over 32 bytes and neither its time nor an early length check tells
 * how long the secret is (a bare timingSafeEqual needs equal lengths, and checking them leaks it).
 * @example sameSecret('s3cret', 's3cret') // true
 */
export function sameSecret(given: string, wanted: string): boolean {
  return timingSafeEqual(digest(given), digest(wanted));
}
