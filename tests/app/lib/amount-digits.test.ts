import { describe, expect, it } from 'vitest';
import { amountDigits } from '../../../src/lib/amount-digits';

// What the Add Fund (7 digits) and Withdrawal (8 digits) amount boxes keep of typed or pasted text.
describe('amountDigits', () => {
  it.each([
    ['', 7, ''],
    ['abc', 7, ''],
    ['500', 7, '500'],
    ['1,0a00', 7, '1000'],
    ['₹ 2,500', 7, '2500'],
    ['-12.5', 7, '125'],
    ['1e3', 7, '13'],
    ['0050', 7, '50'],
    ['0', 7, '0'],
    ['000', 7, '0'],
    ['1000000', 7, '1000000'],
    ['12345678', 7, '1234567'],
    ['0012345678', 7, '1234567'],
    ['12345678', 8, '12345678'],
    ['123456789', 8, '12345678'],
    ['١٢٣', 8, ''],
  ])('%j with %i digits at most keeps %j', (raw, maxDigits, kept) => {
    expect(amountDigits(raw, maxDigits)).toBe(kept);
  });
});
