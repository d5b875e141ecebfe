import { createHash } from 'node:crypto';

/** Tokens, reset grants and challenges are stored as this hash, never as sent. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
