import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { betName } from '../../../src/admin/bet-words';
import { setConsoleConfig } from '../../../src/admin/config';
import { youtubeId } from '../../../src/admin/content-kinds';
import type { MarketGame } from '../../../src/admin/market-card';
import { depositWarnings, type Fund } from '../../../src/admin/money-cards';
import { earlyWarning } from '../../../src/admin/results/use-declaration';
import { flagHeading } from '../../../src/admin/risk';
import type { RiskFlag } from '../../../src/admin/types';
import { money, rateName, statusWord } from '../../../src/admin/words';

// Issue 39: the console's guardrails and words, each from the data a screen reads.

const TZ = 'Asia/Kolkata';
afterEach(() => setConsoleConfig({ marketTz: TZ, moneyMode: 'real' }));
// Days read "25 Nov" within their year (words.ts dayText): the tests' year is 2026, whatever the hour.
beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-25T04:30:00Z'));
});
afterAll(() => vi.useRealTimers());

describe('money in the server money mode', () => {
  it('says rupees when players pay in rupees and points when points have no cash value', () => {
    setConsoleConfig({ marketTz: TZ, moneyMode: 'real' });
    expect(money(175000)).toBe('₹1,75,000');
    setConsoleConfig({ marketTz: TZ, moneyMode: 'points' });
    expect(money(1750)).toBe('1,750 points');
    // An older server's config without the mode: real.
    setConsoleConfig({ marketTz: TZ });
    expect(money(95)).toBe('₹95');
  });

  it('names bets, rates and statuses as players read them', () => {
    expect(betName('single-panna')).toBe('Single Panna');
    expect(rateName('jodiDigit')).toBe('Jodi Digit');
    expect(statusWord('completed')).toBe('Done');
  });
});

describe('a result declared before it is due', () => {
  const kalyan = {
    _id: 'g1',
    family: 'main',
    gameName: 'KALYAN',
    openTime: '15:45',
    closeTime: '17:45',
    isActive: true,
    currentMarketStatus: true,
    schedule: null,
  } as unknown as MarketGame;
  const at = (hhmm: string) => new Date(`2026-11-25T${hhmm}:00+05:30`);

  it('warns with the time it is due and how long until then', () => {
    expect(earlyWarning(kalyan, '2026-11-25', 'open', at('10:00'), TZ)).toBe(
      "KALYAN's Open result for 25 Nov is due at 03:45 PM, 5 h 45 min from now. Declaring it early stops its bids at once and pays the winners now.",
    );
    expect(earlyWarning(kalyan, '2026-11-25', 'close', at('17:00'), TZ)).toContain('due at 05:45 PM, 45 min');
  });

  it('says nothing once it is due, or for a past day', () => {
    expect(earlyWarning(kalyan, '2026-11-25', 'open', at('15:45'), TZ)).toBeNull();
    expect(earlyWarning(kalyan, '2026-11-24', 'close', at('10:00'), TZ)).toBeNull();
  });

  it('uses the one draw of a starline market', () => {
    const starline = {
      ...kalyan,
      family: 'starline',
      gameName: 'STAR 11',
      openTime: '11:00',
      closeTime: null,
    };
    expect(earlyWarning(starline as MarketGame, '2026-11-25', 'open', at('10:30'), TZ)).toBe(
      "STAR 11's result for 25 Nov is due at 11:00 AM, 30 min from now. Declaring it early stops its bids at once and pays the winners now.",
    );
  });
});

describe('a deposit card', () => {
  const fund = (desk: Partial<NonNullable<Fund['desk']>>): Fund =>
    ({
      _id: 'f1',
      amount: 5000,
      desk: { balance: 0, last7Days: {}, recent: [], flags: [], ...desk },
    }) as unknown as Fund;

  it('says the player is on a time-out and which of their limits this deposit passes', () => {
    const warnings = depositWarnings(
      fund({
        pause: { kind: 'time-out', until: '2026-11-28T04:30:00Z' },
        depositLimits: [
          { field: 'depositDay', limit: 3000, received: 2000 },
          { field: 'depositMonth', limit: 50000, received: 2000 },
        ],
      }),
    );
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(/^On a time-out until 28 Nov, 10:00 AM by their own choice\.$/);
    expect(warnings[1]).toBe(
      'Daily deposit limit ₹3,000: ₹2,000 received today; crediting this makes ₹7,000.',
    );
  });

  it('says nothing when nothing stands in the way', () => {
    expect(depositWarnings(fund({ pause: null, depositLimits: [] }))).toEqual([]);
    expect(depositWarnings(fund({}))).toEqual([]);
  });
});

describe('a risk flag names whom it is about', () => {
  const flag = (kind: RiskFlag['kind'], players: RiskFlag['players']) => ({ kind, players }) as RiskFlag;
  const ravi = { _id: 'u1', name: 'Ravi', phone: '9876543210' };
  const asha = { _id: 'u2', name: 'Asha', phone: '9123456780' };

  it('by name and phone, or by how many players', () => {
    expect(flagHeading(flag('quick-withdrawal', [ravi]))).toBe(
      'Ravi (98765 43210): Withdrawal soon after a deposit, little play',
    );
    expect(flagHeading(flag('referral-shared', [ravi, asha]))).toBe(
      'Ravi (98765 43210) and Asha (91234 56780): Referral bonus held: same device or network',
    );
    expect(flagHeading(flag('shared-device', [ravi, asha, ravi]))).toBe(
      'Several accounts from one device (3 players)',
    );
  });
});

describe('a how-to-play video', () => {
  it('takes a YouTube link as its video id', () => {
    expect(youtubeId('https://www.youtube.com/watch?v=aqz-KE-bpKQ&t=3')).toBe('aqz-KE-bpKQ');
    expect(youtubeId('https://youtu.be/eRsGyueVLvQ')).toBe('eRsGyueVLvQ');
    expect(youtubeId(' aqz-KE-bpKQ ')).toBe('aqz-KE-bpKQ');
  });
});
