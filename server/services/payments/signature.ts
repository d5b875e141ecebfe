import { createHmac, timingSafeEqual } from 'node:crypto';

/** HMAC-SHA256 of the raw webhook body, hex encoded: what the gateway puts in `x-signature`. */
export function signWebhookBody(rawBody: string, secret: string): string {
  return createHmac('sha256', secret).update(rawBody, 'utf8').digest('hex');
}

/**
 * Checks a webhook signature in constant time. The raw body is used (never a re-serialised parse)
 * because any re-encoding changes the bytes the gateway signed.
 * Example: verifyWebhookSignature(body, signWebhookBody(body, s), s) === true
 */
export function verifyWebhookSignature(
  rawBody: string,
  signature: string | undefined,
  secret: string,
): boolean {
  if (!signature || !secret) return false;
  const expected = Buffer.from(signWebhookBody(rawBody, secret), 'hex');
  const given = Buffer.from(
    signature
      .trim()
      .toLowerCase()
      .replace(/^sha256=/, ''),
    'hex',
  );
  return given.length === expected.length && timingSafeEqual(given, expected);
}
