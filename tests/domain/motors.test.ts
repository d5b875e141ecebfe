import { describe, expect, it } from 'vitest';
import { parseDigitSet, parseOptionalDigit } from '../../src/domain/expanders/digit-set';
import { dpMotor } from '../../src/domain/expanders/dp-motor';
import { spDpTp } from '../../src/domain/expanders/sp-dp-tp';
import { spMotor } from '../../src/domain/expanders/sp-motor';
import { isPanna, pannaAnk, pannaClass } from '../../src/domain/pannas';

const choose3 = (n: number): number => (n * (n - 1) * (n - 2)) / 6;
const values = (r: { ok: boolean; values?: string[] }): string[] => (r.ok ? (r.values ?? []) : []);

describe('spMotor', () => {
  // Output follows catalogue order: class, then ank, then string.
  it.each([
    ['1234', ['123', '124', '134', '234']],
    ['4321', ['123', '124', '134', '234']],
    ['0129', ['190', '290', '129', '120']],
    ['1 2,3 4', ['123', '124', '134', '234']],
  ])('%j gives exactly %j', (input, expected) => {
    expect(spMotor(input)).toEqual({ ok: true, values: expected });
  });

  it.each([4, 5, 6, 7, 8, 9, 10])('%i digits give C(n,3) single pannas from the set', (n) => {
    const digits = '1234567890'.slice(0, n);
    const out = values(spMotor(digits));
    expect(out).toHaveLength(choose3(n));
    for (const p of out) {
      expect(isPanna(p)).toBe(true);
      expect(pannaClass(p)).toBe('SP');
      expect([...p].every((d) => digits.includes(d))).toBe(true);
    }
  });

  it.each([
    ['', 'Please enter at least 4 digits'],
    ['123', 'Please enter at least 4 digits'],
    ['12345678901', 'You can enter maximum 10 digits (0-9)'],
    ['12a4', 'Only numbers from 0-9 are allowed'],
    ['12-4', 'Only numbers from 0-9 are allowed'],
    ['1224', 'Duplicate digits are not allowed'],
  ])('%j is refused with %j', (input, message) => {
    expect(spMotor(input)).toEqual({ ok: false, message });
  });
});

describe('dpMotor', () => {
  it.each([
    ['123', ['112', '113', '122', '133', '223', '233']],
    ['120', ['100', '110', '200', '112', '220', '122']],
  ])('%j gives exactly %j', (input, expected) => {
    expect(dpMotor(input)).toEqual({ ok: true, values: expected });
  });

  it.each([3, 4, 5, 6, 7, 8, 9, 10])('%i digits give n(n-1) double pannas from the set', (n) => {
    const digits = '0987654321'.slice(0, n);
    const out = values(dpMotor(digits));
    expect(out).toHaveLength(n * (n - 1));
    for (const p of out) {
      expect(pannaClass(p)).toBe('DP');
      expect([...p].every((d) => digits.includes(d))).toBe(true);
    }
  });

  it.each([
    ['12', 'Please enter at least 3 digits'],
    ['12345678900', 'You can enter maximum 10 digits (0-9)'],
    ['1x3', 'Only numbers from 0-9 are allowed'],
    ['113', 'Duplicate digits are not allowed'],
  ])('%j is refused with %j', (input, message) => {
    expect(dpMotor(input)).toEqual({ ok: false, message });
  });
});

describe('spDpTp', () => {
  it.each([
    ['0', ['TP'], 1],
    ['0', ['SP'], 12],
    ['0', ['DP'], 9],
    ['5', ['SP', 'DP'], 21],
    ['7', ['TP', 'DP', 'SP'], 22],
  ] as const)('ank %s with %j gives %i pannas of that ank', (ank, classes, count) => {
    const out = values(spDpTp(ank, classes));
    expect(out).toHaveLength(count);
    for (const p of out) {
      expect(pannaAnk(p)).toBe(Number(ank));
      expect(classes).toContain(pannaClass(p));
    }
  });

  it('gives the exact pannas, class by class in the order SP, DP, TP', () => {
    expect(spDpTp(1, ['TP', 'DP'])).toEqual({
      ok: true,
      values: ['100', '119', '155', '227', '335', '344', '399', '588', '669', '777'],
    });
  });

  it.each([
    ['', ['SP'], 'Please select at least one digit'],
    ['12', ['SP'], 'Only numbers from 0-9 are allowed'],
    ['a', ['SP'], 'Only numbers from 0-9 are allowed'],
    ['3', [], 'Please select at least one motor type (SP, DP, TP)'],
  ] as const)('ank %j with %j is refused with %j', (ank, classes, message) => {
    expect(spDpTp(ank, classes)).toEqual({ ok: false, message });
  });
});

describe('digit-set parsing', () => {
  it('keeps typed order of the digits', () => {
    expect(parseDigitSet('9051', 4)).toEqual({ ok: true, values: ['9', '0', '5', '1'] });
  });

  it.each([
    [undefined, { ok: true, values: [null] }],
    [null, { ok: true, values: [null] }],
    ['  ', { ok: true, values: [null] }],
    ['7', { ok: true, values: ['7'] }],
    ['77', { ok: false, message: 'Please enter a single digit' }],
    ['x', { ok: false, message: 'Only numbers from 0-9 are allowed' }],
  ])('parseOptionalDigit(%j)', (input, expected) => {
    expect(parseOptionalDigit(input)).toEqual(expected);
  });
});
