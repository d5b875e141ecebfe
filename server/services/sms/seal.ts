import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * A queued SMS to a real gateway carries a one-time code, and codes live on our side only as
 * HMACs: until the worker has sent it, the text is kept sealed with AES-256-GCM under a key
 * derived from OTP_SECRET, then dropped.
 * @example unseal(seal('1234 is your OTP', s), s) // '1234 is your OTP'
 */
function keyFrom(secret: string): Buffer {
  return createHash('sha256').update('sms-outbox\n').update(secret).digest();
}

export function seal(text: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFrom(secret), iv);
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

/** Throws when the box was not sealed with this secret (OTP_SECRET changed): the message is dropped. */
export function unseal(box: string, secret: string): string {
  const raw = Buffer.from(box, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', keyFrom(secret), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}
