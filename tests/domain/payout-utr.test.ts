import { describe, expect, it } from 'vitest';
import { isPayoutUtr, normalizePayoutUtr } from '../../src/domain/payout-utr';

describe('the payout UTR', () => {
  it.each([
    ['433212345678', '433212345678', true, 'a UPI/IMPS RRN: 12 digits'],
    [" '433212345678 ", '433212345678', true, 'kept as text by a spreadsheet, with blanks'],
    ['sbin118123456789', 'SBIN118123456789', true, 'a NEFT UTR (16), lower case'],
    ['HDFCR52026112800012345', 'HDFCR52026112800012345', true, 'an RTGS UTR (22)'],
    ['N12345678', 'N12345678', true, "a bank's short reference"],
    ['43321234567', '43321234567', false, '11 digits'],
    ['4332123456789', '4332123456789', false, '13 digits'],
    ['4.33212E+11', '4.33212E+11', false, 'shortened by a spreadsheet'],
    ['ABCDEFGHIJ', 'ABCDEFGHIJ', false, 'letters only'],
    ['AB12', 'AB12', false, 'too short'],
    ['A1234567890123456789012', 'A1234567890123456789012', false, 'too long (23)'],
    ['4332 1234 5678', '4332 1234 5678', false, 'blanks inside'],
    ['SBIN-1181234567', 'SBIN-1181234567', false, 'a dash'],
    ['', '', false, 'empty'],
  ])('%s -> %s: %s (%s)', (raw, normalized, valid) => {
    expect(normalizePayoutUtr(raw)).toBe(normalized);
    expect(isPayoutUtr(normalizePayoutUtr(raw))).toBe(valid);
  });
});
