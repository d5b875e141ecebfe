import { describe, expect, it } from 'vitest';
import {
  base32Decode,
  base32Encode,
  hotp,
  matchingStep,
  newRecoveryCodes,
  otpauthUrl,
  recoveryCodeHash,
  seal,
  totp,
  unseal,
} from '../../../server/services/operators/totp';

// RFC 6238 appendix B (SHA-1 rows; the seed is the ASCII string "12345678901234567890") and
// RFC 4226 appendix D (HOTP values for counters 0-9, 6 digits).
const SEED = Buffer.from('12345678901234567890', 'ascii');

describe('TOTP against the RFC test vectors', () => {
  it.each([
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ])('RFC 6238 at T=%i: %s', (time, code) => {
    expect(totp(SEED, time, 8)).toBe(code);
  });

  it('RFC 4226 HOTP counters 0-9', () => {
    expect(Array.from({ length: 10 }, (_, i) => hotp(SEED, i))).toEqual([
      '755224',
      '287082',
      '359152',
      '969429',
      '338314',
      '254676',
      '287922',
      '162583',
      '399871',
      '520489',
    ]);
  });

  it('base32 round-trips and matches RFC 4648', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('MZXW6YTBOI').toString()).toBe('foobar');
    expect(base32Decode('mzxw 6ytb-oi======').toString()).toBe('foobar');
    expect(base32Encode(SEED)).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
  });

  it('accepts one step either side of now and nothing further', () => {
    const t = 1_800_000_000;
    const at = (dt: number) => totp(SEED, t + dt);
    expect(matchingStep(SEED, at(0), t)).toBe(Math.floor(t / 30));
    expect(matchingStep(SEED, at(-30), t)).toBe(Math.floor(t / 30) - 1);
    expect(matchingStep(SEED, at(30), t)).toBe(Math.floor(t / 30) + 1);
    expect(matchingStep(SEED, at(-60), t)).toBeNull();
    expect(matchingStep(SEED, at(60), t)).toBeNull();
    expect(matchingStep(SEED, '12345', t)).toBeNull();
    expect(matchingStep(SEED, 'abcdef', t)).toBeNull();
  });

  it('seals secrets so only the same server secret opens them', () => {
    const sealed = seal('server-secret-0123456789', 'JBSWY3DPEHPK3PXP');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(unseal('server-secret-0123456789', sealed)).toBe('JBSWY3DPEHPK3PXP');
    expect(() => unseal('another-secret-0123456789', sealed)).toThrow();
  });

  it('the otpauth URL and recovery codes', () => {
    expect(otpauthUrl('Matka', 'ops 1', 'ABC')).toBe(
      'otpauth://totp/Matka%3Aops%201?secret=ABC&issuer=Matka&algorithm=SHA1&digits=6&period=30',
    );
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    expect(recoveryCodeHash('ABCDE-fghij')).toBe(recoveryCodeHash('abcdefghij'));
  });
});
