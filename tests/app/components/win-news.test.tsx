import { describe, expect, it } from 'vitest';
import { winLine } from '../../../src/components/win-news';
import type { Winner } from '../../../src/contracts/bids';

// Issue 49: how a win is said, in the money mode's unit.

const win = (over: Partial<Winner['subBid']>, winAmount = 950): Winner => ({
  _id: 'w1',
  resultDate: '2026-11-24',
  gameId: { _id: 'g1', gameName: 'Milan Morning' },
  gameType: 'single-digit',
  subBid: {
    gameType: 'single-digit',
    session: 'Open',
    digit: null,
    openDigit: null,
    closeDigit: null,
    openPanna: null,
    closePanna: null,
    ...over,
  },
  amount: 100,
  winAmount,
  createdAt: '2026-11-24T05:00:00.000Z',
});

describe('a win in words', () => {
  it('names the amount, the market, the bet type and the number', () => {
    expect(winLine(win({ openDigit: '4' }), 'real')).toBe('You won ₹950 on Milan Morning - Single Digit 4');
    expect(winLine(win({ openDigit: '4' }, 1500.5), 'points')).toBe(
      'You won 1,500.50 points on Milan Morning - Single Digit 4',
    );
  });

  it('a sangam says both halves', () => {
    const full = { ...win({ openPanna: '123', closePanna: '456' }), gameType: 'full-sangam' };
    full.subBid.gameType = 'full-sangam';
    expect(winLine(full, 'real')).toBe('You won ₹950 on Milan Morning - Full Sangam 123-456');
  });
});
