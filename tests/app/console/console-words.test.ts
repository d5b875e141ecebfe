import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setConsoleConfig } from '../../../src/admin/config';
import { messageTitle } from '../../../src/admin/payments-inbox-words';
import { CHECK_WORDS, checkText } from '../../../src/admin/reports/watchdog-section';
import { countText, dayText, plural, whenText } from '../../../src/admin/words';

// Issue 49: the console's counts in English grammar, one way of writing days, a payment message
// headed by what it is, and the watchdog's checks in words.

const TZ = 'Asia/Kolkata';
beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-28T18:00:00Z')); // 23:30 on the 28th in India
});
afterAll(() => vi.useRealTimers());
afterEach(() => setConsoleConfig({ marketTz: TZ, moneyMode: 'real' }));

describe('counts', () => {
  it.each([
    [0, 'bid', undefined, '0 bids'],
    [1, 'bid', undefined, '1 bid'],
    [2, 'winner', undefined, '2 winners'],
    [1, 'match', 'matches', '1 match'],
    [3, 'match', 'matches', '3 matches'],
    [1500, 'day', undefined, '1,500 days'],
    [100000, 'line', undefined, '1,00,000 lines'],
  ])('%i %s', (n, one, other, text) => {
    expect(countText(n, one, other)).toBe(text);
  });

  it('verbs agree with their count: "1 bid wins and 1 player is paid"', () => {
    const said = (bids: number, players: number) =>
      `${countText(bids, 'bid')} ${plural(bids, 'wins', 'win')} and ${countText(players, 'player')} ${plural(players, 'is', 'are')} paid`;
    expect(said(1, 1)).toBe('1 bid wins and 1 player is paid');
    expect(said(3, 2)).toBe('3 bids win and 2 players are paid');
    expect(said(0, 0)).toBe('0 bids win and 0 players are paid');
  });
});

describe('one way of writing days and times', () => {
  it('a day of this year without its year, of another year with it', () => {
    setConsoleConfig({ marketTz: TZ, moneyMode: 'real' });
    expect(dayText('2026-11-25')).toBe('25 Nov');
    expect(dayText('2025-12-31')).toBe('31 Dec 2025');
    expect(dayText('2027-01-01')).toBe('1 Jan 2027');
    expect(dayText('')).toBe('');
    expect(dayText('not a day')).toBe('not a day');
  });

  it("a time in the market's zone, its day written as dayText writes it", () => {
    setConsoleConfig({ marketTz: TZ, moneyMode: 'real' });
    // 19:24:49 UTC on the 28th is 00:54 on the 29th in India: the market's day, not UTC's.
    expect(whenText('2026-11-28T19:24:49Z')).toBe('29 Nov, 12:54 AM');
    expect(whenText('2025-03-01T05:00:00Z')).toBe('1 Mar 2025, 10:30 AM');
    setConsoleConfig({ marketTz: 'America/New_York', moneyMode: 'real' });
    expect(whenText('2026-11-28T19:24:49Z')).toBe('28 Nov, 02:24 PM');
  });
});

describe('the payments inbox heads each message by what it is', () => {
  it.each([
    ['debit', 250, 'ignored', '₹250 sent (not a deposit)'],
    ['debit', null, 'ignored', 'Money sent (not a deposit)'],
    ['refund', 40, 'ignored', 'A refund or cashback of ₹40 (not a deposit)'],
    ['otp', null, 'ignored', 'A one-time password (not a deposit)'],
    ['on-hold', 500, 'unmatched', '₹500 on hold, not received yet'],
    ['other-account', 500, 'unmatched', '₹500 credited to someone else (not a deposit)'],
    ['no-order', 999, 'unmatched', '₹999 received'],
    ['amount', 300.37, 'matched', '₹300.37 received'],
    ['seen-before', 300, 'duplicate', '₹300 received again (a repeat)'],
    ['no-amount', null, 'unmatched', 'Money received? It names no amount'],
  ] as const)('%s, %s (%s)', (reason, amount, outcome, title) => {
    expect(messageTitle({ reason, amount, outcome })).toBe(title);
  });

  it('in points mode, points', () => {
    setConsoleConfig({ marketTz: TZ, moneyMode: 'points' });
    expect(messageTitle({ reason: 'debit', amount: 250, outcome: 'ignored' })).toBe(
      '250 points sent (not a deposit)',
    );
  });
});

describe("the watchdog's checks in words", () => {
  it('says what each check makes sure of and whether it holds, never its name or timing', () => {
    expect(checkText({ kind: 'ledger-drift', ok: true }, 0)).toEqual(['ok', 'Balances match their ledgers']);
    expect(checkText({ kind: 'old-pending', ok: true }, 2)).toEqual([
      'bad',
      'No deposit or withdrawal waits too long? No: 2 findings below',
    ]);
    expect(
      checkText({ kind: 'missed-draw', ok: true, note: 'not judged while the server is starting' }, 0),
    ).toEqual(['unknown', 'Every draw got its result on time? Not judged while the server is starting']);
    expect(checkText({ kind: 'stuck-settlement', ok: false, error: 'timeout' }, 0)).toEqual([
      'bad',
      'Every declared result settled its bids? The check failed: timeout',
    ]);
    for (const kind of Object.keys(CHECK_WORDS))
      expect(checkText({ kind, ok: true }, 0)[1]).not.toMatch(/-|ms|Another/);
  });
});
