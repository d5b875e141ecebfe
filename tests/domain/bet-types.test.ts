import { describe, expect, it } from 'vitest';
import { BET_TYPES, GAME_TYPES, isGameType, offeredIn } from '../../src/domain/bet-types';
import type { Family, GameType } from '../../src/domain/types';

const PRODUCT_GAME_TYPES = [
  'single-digit',
  'jodi-digit',
  'single-panna',
  'double-panna',
  'triple-panna',
  'full-sangam',
  'half-sangam',
  'sp-motor',
  'dp-motor',
  'sp-dp-tp-motor',
  'odd-even',
  'two-digit',
  'digit-base-jodi',
  'choice-panna',
  'red-bracket',
  'left-digit',
  'right-digit',
];

describe('bet-type registry', () => {
  it('holds the 17 product gameTypes plus group-jodi and group-panel', () => {
    expect([...GAME_TYPES].sort()).toEqual([...PRODUCT_GAME_TYPES, 'group-jodi', 'group-panel'].sort());
  });

  it.each<[GameType, Family[], 'session' | 'whole-day', string, string]>([
    ['single-digit', ['main', 'starline'], 'session', 'singleDigit', 'digit'],
    ['jodi-digit', ['main', 'galidisawar'], 'whole-day', 'jodiDigit', 'jodi'],
    ['single-panna', ['main', 'starline'], 'session', 'singlePanna', 'panna'],
    ['double-panna', ['main', 'starline'], 'session', 'doublePanna', 'panna'],
    ['triple-panna', ['main', 'starline'], 'session', 'triplePanna', 'panna'],
    ['full-sangam', ['main'], 'whole-day', 'fullSangam', 'full-sangam'],
    ['half-sangam', ['main'], 'whole-day', 'halfSangam', 'half-sangam'],
    ['sp-motor', ['main'], 'session', 'singlePanna', 'panna'],
    ['dp-motor', ['main'], 'session', 'doublePanna', 'panna'],
    ['sp-dp-tp-motor', ['main'], 'session', 'by-class', 'panna'],
    ['odd-even', ['main'], 'session', 'singleDigit', 'digit'],
    ['two-digit', ['main'], 'session', 'by-class', 'panna'],
    ['digit-base-jodi', ['main'], 'whole-day', 'jodiDigit', 'jodi'],
    ['choice-panna', ['main'], 'session', 'by-class', 'panna'],
    ['red-bracket', ['main'], 'whole-day', 'jodiDigit', 'jodi'],
    ['left-digit', ['galidisawar'], 'session', 'leftDigit', 'digit'],
    ['right-digit', ['galidisawar'], 'session', 'rightDigit', 'digit'],
    ['group-jodi', ['main'], 'whole-day', 'jodiDigit', 'jodi'],
    ['group-panel', ['main'], 'session', 'by-class', 'panna'],
  ])('%s: families %j, %s, rate %s, atom %s', (gameType, families, sessionKind, rateKey, atom) => {
    const bet = BET_TYPES[gameType];
    expect(bet.families).toEqual(families);
    expect(bet.sessionKind).toBe(sessionKind);
    expect(bet.rateKey).toBe(rateKey);
    expect(bet.atom).toBe(atom);
    expect(bet.title.length).toBeGreaterThan(0);
  });

  it('maps every route of docs/product.md to one gameType', () => {
    const routes = GAME_TYPES.flatMap((g) => [BET_TYPES[g].singleRoute, BET_TYPES[g].bulkRoute]).filter(
      Boolean,
    );
    expect(routes.sort()).toEqual(
      [
        '/single-digit',
        '/jodi-digit',
        '/single-panna',
        '/double-panna',
        '/triple-panna',
        '/full-sangam',
        '/half-sangam',
        '/sp-motor',
        '/dp-motor',
        '/single-digit-bulk',
        '/jodi-digit-bulk',
        '/single-panna-bulk',
        '/double-panna-bulk',
        '/triple-panna-bulk',
        '/sp-motor-bulk',
        '/dp-motor-bulk',
        '/sp-dp-tp-bulk',
        '/odd-even-bulk',
        '/two-digit-bulk',
        '/digit-jodi-bulk',
        '/choice-panna-bulk',
        '/red-bracket-bulk',
        '/group-jodi-bulk',
        '/group-panel-bulk',
        '/left-digit-bulk',
        '/right-digit-bulk',
      ].sort(),
    );
  });

  it('keeps the fixed Sp Dp Tp title rate', () => {
    expect(BET_TYPES['sp-dp-tp-motor'].title).toBe('Sp Dp Tp');
    expect(BET_TYPES['sp-dp-tp-motor'].fixedRateTitle).toBe('0 KA 9');
  });

  it.each<[GameType, Family, boolean]>([
    ['jodi-digit', 'starline', false],
    ['jodi-digit', 'galidisawar', true],
    ['single-digit', 'galidisawar', false],
    ['left-digit', 'main', false],
    ['red-bracket', 'main', true],
  ])('offeredIn(%s, %s) = %j', (gameType, family, expected) => {
    expect(offeredIn(gameType, family)).toBe(expected);
  });

  it.each<[Family, number]>([
    ['main', 17],
    ['starline', 4],
    ['galidisawar', 3],
  ])('%s offers %i gameTypes', (family, n) => {
    expect(GAME_TYPES.filter((g) => offeredIn(g, family))).toHaveLength(n);
  });

  it.each([
    ['single-digit', true],
    ['group-panel', true],
    ['toString', false],
    ['', false],
    [42, false],
    [undefined, false],
  ])('isGameType(%j) = %j', (value, expected) => {
    expect(isGameType(value)).toBe(expected);
  });
});
