import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  ALL_PANNAS,
  canonicalPanna,
  isPanna,
  PANNAS_BY_CLASS,
  pannaAnk,
  pannaClass,
} from '../../src/domain/pannas';
import type { PannaClass } from '../../src/domain/types';

type PannaFile = Record<PannaClass, Record<string, string[]>>;
// A byte-for-byte copy of the spec's pannas.json (shared/spec/pannas.json beside the repository),
// kept in the repository so a clone with nothing beside it runs this test.
const reference = JSON.parse(
  readFileSync(new URL('../fixtures/pannas.json', import.meta.url), 'utf8'),
) as PannaFile;

describe('panna catalogue', () => {
  it('has 220 distinct pannas: 120 SP, 90 DP, 10 TP', () => {
    expect(ALL_PANNAS).toHaveLength(220);
    expect(new Set(ALL_PANNAS).size).toBe(220);
    expect(PANNAS_BY_CLASS.SP).toHaveLength(120);
    expect(PANNAS_BY_CLASS.DP).toHaveLength(90);
    expect(PANNAS_BY_CLASS.TP).toHaveLength(10);
  });

  it.each(['SP', 'DP', 'TP'] as const)('matches pannas.json for %s, ank by ank and in order', (cls) => {
    for (let ank = 0; ank < 10; ank++) {
      const generated = PANNAS_BY_CLASS[cls].filter((p) => pannaAnk(p) === ank);
      expect(generated).toEqual(reference[cls][String(ank)]);
    }
  });

  it('flattens to the same order as pannas.json (class, ank, string)', () => {
    const flat = (['SP', 'DP', 'TP'] as const).flatMap((c) =>
      Array.from({ length: 10 }, (_, a) => reference[c][String(a)] ?? []).flat(),
    );
    expect(ALL_PANNAS).toEqual(flat);
  });

  it.each(Array.from({ length: 10 }, (_, a) => a))('ank %i owns 12 SP + 9 DP + 1 TP', (ank) => {
    const list = ALL_PANNAS.filter((p) => pannaAnk(p) === ank);
    expect(list).toHaveLength(22);
    expect(list.filter((p) => pannaClass(p) === 'SP')).toHaveLength(12);
    expect(list.filter((p) => pannaClass(p) === 'DP')).toHaveLength(9);
    expect(list.filter((p) => pannaClass(p) === 'TP')).toHaveLength(1);
  });

  // Checked against pannas.json, not ALL_PANNAS: the catalogue is itself built with canonicalPanna.
  it('every draw of three digits maps to the pannas.json panna of the same digits, reaching all 220', () => {
    const listed = new Set(Object.values(reference).flatMap((byAnk) => Object.values(byAnk).flat()));
    const digits = (s: string) => [...s].sort().join('');
    const reached = new Set<string>();
    for (let n = 0; n < 1000; n++) {
      const draw = String(n).padStart(3, '0');
      const panna = canonicalPanna(draw) ?? '';
      expect(listed.has(panna), draw).toBe(true);
      expect(digits(panna)).toBe(digits(draw));
      reached.add(panna);
    }
    expect(reached.size).toBe(220);
  });
});

describe('canonicalPanna / isPanna', () => {
  it.each([
    ['019', '190'],
    ['190', '190'],
    ['901', '190'],
    ['000', '000'],
    ['500', '500'],
    ['005', '500'],
    ['321', '123'],
    ['099', '990'],
    ['12', null],
    ['1234', null],
    ['12a', null],
    ['', null],
  ])('canonicalPanna(%j) = %j', (input, expected) => {
    expect(canonicalPanna(input)).toBe(expected);
  });

  it.each([
    ['190', true],
    ['019', false],
    ['100', true],
    ['001', false],
    ['999', true],
    ['abc', false],
  ])('isPanna(%j) = %j', (input, expected) => {
    expect(isPanna(input)).toBe(expected);
  });
});

describe('pannaClass and pannaAnk', () => {
  it.each([
    ['123', 'SP', 6],
    ['190', 'SP', 0],
    ['689', 'SP', 3],
    ['112', 'DP', 4],
    ['550', 'DP', 0],
    ['777', 'TP', 1],
    ['000', 'TP', 0],
  ])('%s is %s with ank %i', (panna, cls, ank) => {
    expect(pannaClass(panna)).toBe(cls);
    expect(pannaAnk(panna)).toBe(ank);
  });
});
