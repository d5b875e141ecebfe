import { describe, expect, it } from 'vitest';
import { BET_TYPES } from '../../src/domain/bet-types';
import { parseBidRow } from '../../src/domain/bid-validation';
import { rateFor, rateKeyFor, settleAtom, winPaise } from '../../src/domain/settlement';
import type { Atom, DeclaredResult, Family, GameType, Rates } from '../../src/domain/types';
import { GALI_RATES, MAIN_RATES, STARLINE_RATES } from './rates';

const main = (openPanna: string | null, closePanna: string | null): DeclaredResult => ({
  family: 'main',
  openPanna,
  closePanna,
});
// 123-68-459, 550-01-777 and 128-16-169 (jodi 16 is a red-bracket jodi).
const R1 = main('123', '459');
const R1_OPEN = main('123', null);
const R2 = main('550', '777');
const R2_OPEN = main('550', null);
const R3 = main('128', '169');
const NONE = main(null, null);

const RATES: Record<Family, Rates> = { main: MAIN_RATES, starline: STARLINE_RATES, galidisawar: GALI_RATES };

/** Parses the wire row like the server does, then settles a stake of 10 points (1000 paise). */
function settleRow(family: Family, row: Record<string, unknown>, result: DeclaredResult) {
  const parsed = parseBidRow({ game: 'g', amount: 10, ...row }, family);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  // The title shows BET_TYPES' rate; a bid must settle at that same rate unless it pays by panna class.
  const shown = BET_TYPES[parsed.gameType].rateKey;
  if (shown !== 'by-class') expect(rateKeyFor(parsed.atom)).toBe(shown);
  const rate = rateFor(parsed.atom, parsed.gameType, family, RATES[family]);
  if (!rate) throw new Error('no rate');
  return settleAtom(parsed.atom, 1000, result, rate);
}

const s = (session: 'Open' | 'Close', value: string) =>
  session === 'Open' ? { session, openDigit: value } : { session, closeDigit: value };

type Case = [string, GameType, Record<string, unknown>, DeclaredResult, 'won' | 'lost' | 'pending', number];

// Hand-worked: a 10-point stake wins 10 x amount / point points; x 100 for paise.
describe('settlement of every main gameType', () => {
  it.each<Case>([
    ['open digit on open result', 'single-digit', s('Open', '6'), R1_OPEN, 'won', 9500],
    ['open digit on full result', 'single-digit', s('Open', '6'), R1, 'won', 9500],
    ['open digit wrong', 'single-digit', s('Open', '5'), R1_OPEN, 'lost', 0],
    ['open digit, nothing declared', 'single-digit', s('Open', '6'), NONE, 'pending', 0],
    ['close digit after open only', 'single-digit', s('Close', '8'), R1_OPEN, 'pending', 0],
    ['close digit on full result', 'single-digit', s('Close', '8'), R1, 'won', 9500],
    ['close digit wrong', 'single-digit', s('Close', '6'), R1, 'lost', 0],
    ['jodi after open only', 'jodi-digit', s('Open', '68'), R1_OPEN, 'pending', 0],
    ['jodi 68 on 123-68-459', 'jodi-digit', s('Open', '68'), R1, 'won', 95000],
    ['jodi reversed', 'jodi-digit', s('Open', '86'), R1, 'lost', 0],
    ['single panna open', 'single-panna', s('Open', '123'), R1_OPEN, 'won', 140000],
    ['single panna close', 'single-panna', s('Close', '459'), R1, 'won', 140000],
    ['single panna close wrong', 'single-panna', s('Close', '458'), R1, 'lost', 0],
    ['single panna close pending', 'single-panna', s('Close', '459'), R1_OPEN, 'pending', 0],
    ['double panna open', 'double-panna', s('Open', '550'), R2_OPEN, 'won', 280000],
    ['double panna close wrong', 'double-panna', s('Close', '550'), R2, 'lost', 0],
    ['triple panna close', 'triple-panna', s('Close', '777'), R2, 'won', 700000],
    ['triple panna open wrong', 'triple-panna', s('Open', '777'), R2_OPEN, 'lost', 0],
    [
      'half sangam Open won',
      'half-sangam',
      { session: 'Open', openDigit: '6', closePanna: '459' },
      R1,
      'won',
      1000000,
    ],
    [
      'half sangam Open pending',
      'half-sangam',
      { session: 'Open', openDigit: '6', closePanna: '459' },
      R1_OPEN,
      'pending',
      0,
    ],
    [
      'half sangam Open lost',
      'half-sangam',
      { session: 'Open', openDigit: '6', closePanna: '458' },
      R1,
      'lost',
      0,
    ],
    [
      'half sangam Close won',
      'half-sangam',
      { session: 'Close', openPanna: '123', closeDigit: '8' },
      R1,
      'won',
      1000000,
    ],
    [
      'half sangam Close lost',
      'half-sangam',
      { session: 'Close', openPanna: '124', closeDigit: '8' },
      R1,
      'lost',
      0,
    ],
    ['full sangam won', 'full-sangam', { openPanna: '123', closePanna: '459' }, R1, 'won', 10000000],
    ['full sangam pending', 'full-sangam', { openPanna: '123', closePanna: '459' }, R1_OPEN, 'pending', 0],
    ['full sangam lost', 'full-sangam', { openPanna: '123', closePanna: '458' }, R1, 'lost', 0],
    ['sp motor pays SP', 'sp-motor', s('Open', '123'), R1_OPEN, 'won', 140000],
    ['dp motor pays DP', 'dp-motor', s('Open', '550'), R2_OPEN, 'won', 280000],
    ['sp dp tp: TP atom pays TP', 'sp-dp-tp-motor', s('Close', '777'), R2, 'won', 700000],
    ['sp dp tp: DP atom pays DP', 'sp-dp-tp-motor', s('Open', '550'), R2, 'won', 280000],
    ['sp dp tp: SP atom lost', 'sp-dp-tp-motor', s('Open', '190'), R2, 'lost', 0],
    [
      'odd-even pays single digit',
      'odd-even',
      { ...s('Open', '6'), pannaType: 'EVEN' },
      R1_OPEN,
      'won',
      9500,
    ],
    ['odd-even lost', 'odd-even', { ...s('Close', '7'), pannaType: 'ODD' }, R1, 'lost', 0],
    ['two digit SP', 'two-digit', s('Open', '123'), R1_OPEN, 'won', 140000],
    ['two digit DP', 'two-digit', s('Open', '550'), R2_OPEN, 'won', 280000],
    ['digit base jodi pays jodi', 'digit-base-jodi', s('Open', '68'), R1, 'won', 95000],
    ['digit base jodi pending', 'digit-base-jodi', s('Open', '68'), R1_OPEN, 'pending', 0],
    ['choice panna', 'choice-panna', s('Close', '459'), R1, 'won', 140000],
    ['red bracket pays jodi', 'red-bracket', s('Open', '16'), R3, 'won', 95000],
    ['red bracket lost', 'red-bracket', s('Open', '61'), R3, 'lost', 0],
    ['group jodi atom', 'group-jodi', s('Open', '16'), R3, 'won', 95000],
    ['group jodi atom lost', 'group-jodi', s('Open', '11'), R3, 'lost', 0],
    ['group panel close', 'group-panel', s('Close', '459'), R1, 'won', 140000],
    ['group panel open lost', 'group-panel', s('Open', '678'), R1_OPEN, 'lost', 0],
  ])('%s', (_name, gameType, row, result, outcome, win) => {
    expect(settleRow('main', { gameType, ...row }, result)).toEqual({ outcome, winPaise: win });
  });
});

describe('settlement of starline and galidisawar', () => {
  const star = (panna: string | null): DeclaredResult => ({ family: 'starline', panna });
  const gali = (jodi: string | null): DeclaredResult => ({ family: 'galidisawar', jodi });

  it.each<[string, Family, GameType, string, DeclaredResult, 'won' | 'lost' | 'pending', number]>([
    ['starline digit = ank of 128', 'starline', 'single-digit', '1', star('128'), 'won', 10000],
    ['starline digit wrong', 'starline', 'single-digit', '2', star('128'), 'lost', 0],
    ['starline digit pending', 'starline', 'single-digit', '1', star(null), 'pending', 0],
    ['starline single panna', 'starline', 'single-panna', '128', star('128'), 'won', 160000],
    ['starline single panna wrong', 'starline', 'single-panna', '129', star('128'), 'lost', 0],
    ['starline double panna', 'starline', 'double-panna', '155', star('155'), 'won', 300000],
    ['starline triple panna', 'starline', 'triple-panna', '777', star('777'), 'won', 1000000],
    ['starline panna pending', 'starline', 'triple-panna', '777', star(null), 'pending', 0],
    ['gali jodi', 'galidisawar', 'jodi-digit', '45', gali('45'), 'won', 95000],
    ['gali jodi reversed', 'galidisawar', 'jodi-digit', '54', gali('45'), 'lost', 0],
    ['gali jodi pending', 'galidisawar', 'jodi-digit', '45', gali(null), 'pending', 0],
    ['gali left', 'galidisawar', 'left-digit', '4', gali('45'), 'won', 9500],
    ['gali left wrong', 'galidisawar', 'left-digit', '5', gali('45'), 'lost', 0],
    ['gali right', 'galidisawar', 'right-digit', '5', gali('45'), 'won', 9500],
    ['gali right wrong', 'galidisawar', 'right-digit', '4', gali('45'), 'lost', 0],
    ['gali right pending', 'galidisawar', 'right-digit', '4', gali(null), 'pending', 0],
  ])('%s', (_name, family, gameType, digit, result, outcome, win) => {
    expect(settleRow(family, { gameType, digit }, result)).toEqual({ outcome, winPaise: win });
  });
});

describe('payout arithmetic', () => {
  it.each([
    [1000, { point: 10, amount: 95 }, 9500],
    [700, { point: 10, amount: 95 }, 6650],
    [1000, { point: 3, amount: 10 }, 3333],
    [1, { point: 10, amount: 95 }, 9],
    [1000, { point: 10, amount: 9.5 }, 950],
    [1005, { point: 10, amount: 9.55 }, 959],
    [0, { point: 10, amount: 95 }, 0],
    [100_000_000_000, { point: 10, amount: 100000 }, 1_000_000_000_000_000],
  ])('floor(%i x %j) = %i', (stake, rate, win) => {
    expect(winPaise(stake, rate)).toBe(win);
  });

  it('refuses a win too large to hold exactly', () => {
    expect(() => winPaise(1_000_000_000_000, { point: 10, amount: 100000 })).toThrow(RangeError);
  });

  it('floors a won bid to the paisa', () => {
    const atom: Atom = { kind: 'digit', target: 'open', digit: '6' };
    expect(settleAtom(atom, 1000, R1, { point: 3, amount: 10 })).toEqual({ outcome: 'won', winPaise: 3333 });
  });

  it.each([[-1], [10.5], [Number.NaN]])('refuses a stake of %j paise', (stake) => {
    expect(() => settleAtom({ kind: 'jodi', jodi: '68' }, stake, R1, { point: 10, amount: 950 })).toThrow(
      RangeError,
    );
  });
});

describe('rateFor', () => {
  it.each<[Atom, GameType, Family, Rates, { point: number; amount: number } | null, string]>([
    [
      { kind: 'panna', target: 'open', panna: '777' },
      'sp-dp-tp-motor',
      'main',
      MAIN_RATES,
      { point: 10, amount: 7000 },
      'triplePanna',
    ],
    [
      { kind: 'panna', target: 'open', panna: '112' },
      'two-digit',
      'main',
      MAIN_RATES,
      { point: 10, amount: 2800 },
      'doublePanna',
    ],
    [
      { kind: 'panna', target: 'draw', panna: '128' },
      'single-panna',
      'starline',
      STARLINE_RATES,
      { point: 10, amount: 1600 },
      'singlePanna',
    ],
    [
      { kind: 'digit', target: 'close', digit: '3' },
      'odd-even',
      'main',
      MAIN_RATES,
      { point: 10, amount: 95 },
      'singleDigit',
    ],
    [
      { kind: 'digit', target: 'ank', digit: '3' },
      'single-digit',
      'starline',
      STARLINE_RATES,
      { point: 10, amount: 100 },
      'singleDigit',
    ],
    [
      { kind: 'jodi', jodi: '05' },
      'red-bracket',
      'main',
      MAIN_RATES,
      { point: 10, amount: 950 },
      'jodiDigit',
    ],
    [
      { kind: 'digit', target: 'left', digit: '1' },
      'left-digit',
      'galidisawar',
      GALI_RATES,
      { point: 10, amount: 95 },
      'leftDigit',
    ],
    [
      { kind: 'digit', target: 'right', digit: '1' },
      'right-digit',
      'galidisawar',
      GALI_RATES,
      { point: 10, amount: 95 },
      'rightDigit',
    ],
    [
      { kind: 'half-sangam', variant: 'Open', digit: '1', panna: '123' },
      'half-sangam',
      'main',
      MAIN_RATES,
      { point: 10, amount: 10000 },
      'halfSangam',
    ],
    [
      { kind: 'full-sangam', openPanna: '123', closePanna: '123' },
      'full-sangam',
      'main',
      MAIN_RATES,
      { point: 10, amount: 100000 },
      'fullSangam',
    ],
    [
      { kind: 'full-sangam', openPanna: '123', closePanna: '123' },
      'full-sangam',
      'starline',
      STARLINE_RATES,
      null,
      'fullSangam',
    ],
    [
      { kind: 'jodi', jodi: '05' },
      'jodi-digit',
      'main',
      { jodiDigitPoint: 0, jodiDigitAmount: 950 },
      null,
      'jodiDigit',
    ],
    [
      { kind: 'jodi', jodi: '05' },
      'jodi-digit',
      'main',
      { jodiDigitPoint: 10, jodiDigitAmount: -1 },
      null,
      'jodiDigit',
    ],
    [
      { kind: 'jodi', jodi: '05' },
      'jodi-digit',
      'main',
      { jodiDigitPoint: Number.POSITIVE_INFINITY, jodiDigitAmount: 1 },
      null,
      'jodiDigit',
    ],
  ])('rateFor(%j, %s, %s)', (atom, gameType, family, rates, expected, key) => {
    expect(rateFor(atom, gameType, family, rates)).toEqual(expected);
    expect(rateKeyFor(atom)).toBe(key);
  });
});

describe('atoms against the wrong family are a programming error', () => {
  const star: DeclaredResult = { family: 'starline', panna: '128' };
  const gali: DeclaredResult = { family: 'galidisawar', jodi: '45' };
  it.each<[Atom, DeclaredResult]>([
    [{ kind: 'digit', target: 'left', digit: '4' }, R1],
    [{ kind: 'digit', target: 'ank', digit: '1' }, R1],
    [{ kind: 'digit', target: 'open', digit: '1' }, star],
    [{ kind: 'panna', target: 'draw', panna: '128' }, R1],
    [{ kind: 'panna', target: 'open', panna: '128' }, star],
    [{ kind: 'panna', target: 'open', panna: '128' }, gali],
    [{ kind: 'jodi', jodi: '45' }, star],
    [{ kind: 'half-sangam', variant: 'Open', digit: '1', panna: '123' }, gali],
    [{ kind: 'full-sangam', openPanna: '123', closePanna: '459' }, star],
  ])('%j against %j throws', (atom, result) => {
    expect(() => settleAtom(atom, 1000, result, { point: 10, amount: 95 })).toThrow(TypeError);
  });
});
