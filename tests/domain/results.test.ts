import { describe, expect, it } from 'vitest';
import {
  deriveAnk,
  galiResultDisplay,
  mainJodi,
  mainResultDisplay,
  starlineResultDisplay,
} from '../../src/domain/results';

describe('results', () => {
  it.each([
    ['689', '3'],
    ['777', '1'],
    ['123', '6'],
    ['190', '0'],
  ])('deriveAnk(%s) = %s', (panna, ank) => {
    expect(deriveAnk(panna)).toBe(ank);
  });

  it.each([
    ['123', '459', '68'],
    ['123', null, null],
    [null, '459', null],
    ['132', '459', null],
  ])('mainJodi(%j, %j) = %j', (op, cp, jodi) => {
    expect(mainJodi(op, cp)).toBe(jodi);
  });

  it.each([
    [null, null, '***-**-***', false],
    [undefined, undefined, '***-**-***', false],
    ['123', null, '123-6', false],
    ['123', '459', '123-68-459', true],
    ['190', '000', '190-00-000', true],
    [null, '459', '***-**-***', false],
    ['', '', '***-**-***', false],
  ])('main %j / %j shows %s', (openPanna, closePanna, text, isComplete) => {
    expect(mainResultDisplay({ openPanna, closePanna })).toEqual({ text, isComplete });
  });

  it.each([
    ['128', '128-1', true],
    [null, '***-*', false],
    ['821', '***-*', false],
  ])('starline %j shows %s', (panna, text, isComplete) => {
    expect(starlineResultDisplay(panna)).toEqual({ text, isComplete });
  });

  it.each([
    ['45', '45', true],
    ['07', '07', true],
    [null, '**', false],
    ['4', '**', false],
  ])('gali %j shows %s', (jodi, text, isComplete) => {
    expect(galiResultDisplay(jodi)).toEqual({ text, isComplete });
  });
});
