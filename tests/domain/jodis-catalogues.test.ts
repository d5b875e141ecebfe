import { describe, expect, it } from 'vitest';
import { digitCatalogue } from '../../src/domain/catalogues';
import { ALL_JODIS, cutDigit, isJodi, RED_BRACKET_JODIS } from '../../src/domain/jodis';

describe('jodis', () => {
  it('lists 00 to 99 in order', () => {
    expect(ALL_JODIS).toHaveLength(100);
    expect(ALL_JODIS[0]).toBe('00');
    expect(ALL_JODIS[7]).toBe('07');
    expect(ALL_JODIS[99]).toBe('99');
  });

  it.each([
    ['0', '5'],
    ['1', '6'],
    ['2', '7'],
    ['3', '8'],
    ['4', '9'],
    ['5', '0'],
    ['9', '4'],
  ])('the cut of %s is %s', (d, cut) => {
    expect(cutDigit(d)).toBe(cut);
  });

  it.each([
    ['00', true],
    ['45', true],
    ['5', false],
    ['100', false],
    ['4a', false],
  ])('isJodi(%j) = %j', (s, ok) => {
    expect(isJodi(s)).toBe(ok);
  });

  it('red bracket has the 20 standard jodis, including 33 (deviation)', () => {
    expect(RED_BRACKET_JODIS).toHaveLength(20);
    expect(new Set(RED_BRACKET_JODIS).size).toBe(20);
    expect(RED_BRACKET_JODIS).toContain('33');
    for (const j of RED_BRACKET_JODIS) {
      const [a = '', b = ''] = j;
      expect(a === b || cutDigit(a) === b).toBe(true);
    }
  });
});

describe('digitCatalogue', () => {
  it.each([
    ['singleDigit', 10, '0', '9'],
    ['jodiDigit', 100, '00', '99'],
    ['singlePanna', 120, '127', '568'],
    ['doublePanna', 90, '118', '900'],
    ['triplePanna', 10, '000', '333'],
    ['allPanna', 220, '127', '333'],
  ] as const)('%s has %i items from %s to %s', (name, length, first, last) => {
    const items = digitCatalogue(name);
    expect(items).toHaveLength(length);
    expect(items[0]?.digit).toBe(first);
    expect(items.at(-1)?.digit).toBe(last);
    expect(new Set(items.map((i) => i._id)).size).toBe(length);
  });

  it('keeps stable ids', () => {
    expect(digitCatalogue('singleDigit')[3]).toEqual({ _id: 'singleDigit-3', digit: '3' });
    expect(digitCatalogue('allPanna')).toEqual(digitCatalogue('allPanna'));
  });
});
