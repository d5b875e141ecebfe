import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setConsoleConfig } from '../../../src/admin/config';
import { resultPerDay, stakeByType, topMarkets } from '../../../src/admin/reports/chart-data';
import { axisMoney, GREEN, netColor, RED, readout, wrapLabel } from '../../../src/admin/reports/chart-words';
import type { PnlRow } from '../../../src/admin/types';

// Issue 49: the Reports charts. A house loss is red (it was a green bar), a stake waiting for its
// result is not counted as won, labels are whole, axes carry the money's unit, and a bar's figures
// are said in words (a phone cannot hover).

const TZ = 'Asia/Kolkata';
beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-28T06:00:00Z'));
});
afterAll(() => vi.useRealTimers());
afterEach(() => setConsoleConfig({ marketTz: TZ, moneyMode: 'real' }));

const row = (key: string, label: string, stake: number, payout: number, pending: number): PnlRow => ({
  key,
  label,
  bids: 1,
  stake,
  payout,
  net: stake - payout,
  pending,
  settledNet: stake - pending - payout,
});

describe('colours: profit green, loss red', () => {
  it('a net figure is red below zero, green otherwise', () => {
    expect(netColor(-800)).toBe(RED);
    expect(netColor(0.01)).toBe(GREEN);
    expect(netColor(0)).toBe(GREEN);
  });

  it("the top markets' result is a net series: a -₹800 market draws red, its stake apart", () => {
    const data = topMarkets([row('g1', 'MILAN MORNING', 1500, 2300, 0), row('g2', 'KALYAN', 900, 100, 0)]);
    expect(data.categories).toEqual(['MILAN MORNING', 'KALYAN']);
    const [stake, result] = data.series;
    expect(stake).toMatchObject({ label: 'Stake', values: [1500, 900] });
    expect(stake?.net).toBeUndefined();
    expect(result).toMatchObject({ label: 'Result', net: true, values: [-800, 800] });
    expect(result?.values.map((v) => netColor(v ?? 0))).toEqual([RED, GREEN]);
  });

  it('keeps ten markets at most', () => {
    const rows = Array.from({ length: 14 }, (_, i) => row(`g${i}`, `M${i}`, 100 - i, 0, 0));
    expect(topMarkets(rows).categories).toHaveLength(10);
  });
});

describe("the house's result leaves out a stake still waiting", () => {
  it('₹150 staked and waiting is no profit: the day draws 0, not ₹150', () => {
    setConsoleConfig({ marketTz: TZ, moneyMode: 'real' });
    const data = resultPerDay('2026-11-26', '2026-11-28', [
      row('2026-11-26', '2026-11-26', 500, 950, 0),
      row('2026-11-28', '2026-11-28', 150, 0, 150),
    ]);
    expect(data.categories).toEqual(['26 Nov', '27 Nov', '28 Nov']);
    expect(data.series[0]).toMatchObject({ net: true, values: [-450, 0, 0] });
  });

  it('game types by their whole names', () => {
    const data = stakeByType([
      row('single-digit', 'Single Digit', 300, 0, 0),
      row('half-sangam', 'Half Sangam', 50, 0, 0),
    ]);
    expect(data.categories).toEqual(['Single Digit', 'Half Sangam']);
  });
});

describe('axes and labels', () => {
  it('the value axis carries the unit: ₹ in money mode, points in points mode', () => {
    setConsoleConfig({ marketTz: TZ, moneyMode: 'real' });
    expect([0, 800, -800, 45_000, 1_250_000, 30_000_000].map(axisMoney)).toEqual([
      '₹0',
      '₹800',
      '-₹800',
      '₹45K',
      '₹12.5L',
      '₹3Cr',
    ]);
    setConsoleConfig({ marketTz: TZ, moneyMode: 'points' });
    expect(axisMoney(-800)).toBe('-800 pts');
    expect(axisMoney(45_000)).toBe('45K pts');
  });

  it('a long name wraps between words on two lines, never cut short', () => {
    expect(wrapLabel('Single Digit', 20)).toBe('Single Digit');
    expect(wrapLabel('Single Digit', 8)).toBe('Single\nDigit');
    expect(wrapLabel('RAJDHANI NIGHT MAIN BAZAR', 14)).toBe('RAJDHANI NIGHT\nMAIN BAZAR');
    expect(wrapLabel('SUPERLONGMARKETNAME', 6)).toBe('SUPERLONGMARKETNAME');
    for (const [label, max] of [
      ['Single Digit', 8],
      ['RAJDHANI NIGHT MAIN BAZAR', 10],
      ['Half Sangam', 4],
    ] as const)
      expect(wrapLabel(label, max).replace('\n', ' ')).toBe(label);
  });
});

describe("a bar's figures in words", () => {
  it('says the full name and each figure, a result as won or lost', () => {
    setConsoleConfig({ marketTz: TZ, moneyMode: 'real' });
    expect(
      readout('MILAN MORNING', [
        { label: 'Stake', value: 1500 },
        { label: 'Result', value: -800, net: true },
      ]),
    ).toBe('MILAN MORNING: Stake ₹1,500 · Result -₹800 (house lost)');
    expect(readout('28 Nov', [{ label: 'Result', value: 120, net: true }])).toBe(
      '28 Nov: Result ₹120 (house won)',
    );
    expect(readout('28 Nov', [{ label: 'Result', value: 0, net: true }])).toBe('28 Nov: Result ₹0');
    setConsoleConfig({ marketTz: TZ, moneyMode: 'points' });
    expect(readout('Jodi Digit', [{ label: 'Stake', value: 50 }])).toBe('Jodi Digit: Stake 50 points');
  });
});
