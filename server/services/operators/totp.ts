import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';

/**
 * TOTP (RFC 6238) over HOTP (RFC 4226) with node:crypto: SHA-1, 6 digits, 30-second steps, what
 * every authenticator app speaks. Secrets are 20 random bytes, shown to the operator in base32
 * (RFC 4648, no padding) and kept sealed (AES-256-GCM under a key derived from OTP_SECRET).
 */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=-]/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of clean) {
    const i = ALPHABET.indexOf(ch);
    if (i < 0) throw new Error('not base32');
    value = (value << 5) | i;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** HOTP (RFC 4226 section 5.3) of a counter, as a zero-padded decimal string. */
export function hotp(key: Uint8Array, counter: number, digits = TOTP_DIGITS, algorithm = 'sha1'): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(algorithm, key).update(message).digest();
  const offset = (mac[mac.length - 1] as number) & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The time step of an instant (seconds since the epoch / 30). */
export const stepAt = (unixSeconds: number) => Math.floor(unixSeconds / TOTP_PERIOD_SECONDS);

/** TOTP at an instant (RFC 6238 section 4). */
export function totp(key: Uint8Array, unixSeconds: number, digits = TOTP_DIGITS, algorithm = 'sha1'): string {
  return hotp(key, stepAt(unixSeconds), digits, algorithm);
}

/**
 * The step whose code this is, one step either side of now accepted (clock drift), or null.
 * Every candidate is compared in constant time.
 */
export function matchingStep(key: Uint8Array, code: string, unixSeconds: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const now = stepAt(unixSeconds);
  let found: number | null = null;
  for (const step of [now - 1, now, now + 1]) {
    const expected = Buffer.from(hotp(key, step));
    if (timingSafeEqual(expected, Buffer.from(code)) && found === null) found = step;
  }
  return found;
}

export function newTotpSecret(): string {
  return base32Encode(randomBytes(20));
}

export function otpauthUrl(issuer: string, account: string, secret: string): string {
  const label = encodeURIComponent(`${issuer}:${account}`);
  const params = new URLSearchParams({
    secret,
    issuer,
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    period: String(TOTP_PERIOD_SECONDS),
  });
  return `otpauth://totp/${label}?${params.toString()}`;
}

const sealKey = (serverSecret: string) => createHash('sha256').update(`totp-seal:${serverSecret}`).digest();

/** AES-256-GCM: iv.tag.ciphertext, base64url each. */
export function seal(serverSecret: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealKey(serverSecret), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
}

export function unseal(serverSecret: string, sealed: string): string {
  const [iv, tag, body] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
  if (!iv || !tag || !body) throw new Error('not a sealed secret');
  const decipher = createDecipheriv('aes-256-gcm', sealKey(serverSecret), iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
}

/** Ten recovery codes of 10 base32 characters (50 bits each), shown once as xxxxx-xxxxx. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: 10 }, () => {
    const c = base32Encode(randomBytes(7)).slice(0, 10).toLowerCase();
    return `${c.slice(0, 5)}-${c.slice(5)}`;
  });
}

/** The stored form of a recovery code: sha256 of its letters, case and dashes ignored. */
export function recoveryCodeHash(code: string): string {
  return createHash('sha256').update(code.replace(/[\s-]/g, '').toLowerCase()).digest('hex');
}
