import { describe, expect, it } from 'vitest';
import { type BidFields, canonicalFields } from '../../src/domain/bid-row-atoms';
import type { Atom, Family, GameType } from '../../src/domain/types';

const none: BidFields = {
  digit: null,
  openDigit: null,
  closeDigit: null,
  openPanna: null,
  closePanna: null,
  pannaType: null,
};

describe('canonicalFields: what a stored bid shows, from its atom and gameType only', () => {
  it.each<[GameType, Family, Atom, Partial<BidFields>]>([
    ['single-digit', 'main', { kind: 'digit', target: 'open', digit: '4' }, { openDigit: '4' }],
    ['single-digit', 'main', { kind: 'digit', target: 'close', digit: '4' }, { closeDigit: '4' }],
    ['single-digit', 'starline', { kind: 'digit', target: 'ank', digit: '4' }, { digit: '4' }],
    ['odd-even', 'main', { kind: 'digit', target: 'open', digit: '3' }, { openDigit: '3', pannaType: 'ODD' }],
    [
      'odd-even',
      'main',
      { kind: 'digit', target: 'close', digit: '8' },
      { closeDigit: '8', pannaType: 'EVEN' },
    ],
    ['left-digit', 'galidisawar', { kind: 'digit', target: 'left', digit: '4' }, { digit: '4' }],
    ['right-digit', 'galidisawar', { kind: 'digit', target: 'right', digit: '2' }, { digit: '2' }],
    [
      'single-panna',
      'main',
      { kind: 'panna', target: 'open', panna: '123' },
      { openDigit: '123', pannaType: 'SP' },
    ],
    [
      'double-panna',
      'main',
      { kind: 'panna', target: 'close', panna: '112' },
      { closeDigit: '112', pannaType: 'DP' },
    ],
    [
      'triple-panna',
      'starline',
      { kind: 'panna', target: 'draw', panna: '777' },
      { digit: '777', pannaType: 'TP' },
    ],
    ['jodi-digit', 'main', { kind: 'jodi', jodi: '42' }, { openDigit: '42' }],
    ['jodi-digit', 'galidisawar', { kind: 'jodi', jodi: '42' }, { digit: '42' }],
    [
      'half-sangam',
      'main',
      { kind: 'half-sangam', variant: 'Open', digit: '4', panna: '456' },
      { openDigit: '4', closePanna: '456' },
    ],
    [
      'half-sangam',
      'main',
      { kind: 'half-sangam', variant: 'Close', digit: '5', panna: '123' },
      { openPanna: '123', closeDigit: '5' },
    ],
    [
      'full-sangam',
      'main',
      { kind: 'full-sangam', openPanna: '123', closePanna: '456' },
      { openPanna: '123', closePanna: '456' },
    ],
  ])('%s (%s) %j', (gameType, family, atom, fields) => {
    expect(canonicalFields(atom, gameType, family)).toEqual({ ...none, ...fields });
  });
});
