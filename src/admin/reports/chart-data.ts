import { addDays } from '../../domain/market-time';
import type { PnlRow } from '../types';
import { dayText } from '../words';
import type { BarSeries } from './bar-plot';
import { BRAND, GREEN } from './chart-words';

// What the Reports charts draw (reports-page.tsx), from the profit-and-loss rows: the house's
// result per day, the stake by game type, the biggest markets' stake beside their result. The
// result is `settledNet`: a stake still waiting for its result is not the house's yet (issue 49).

export type ChartData = { categories: string[]; series: BarSeries[] };

export const TOP_MARKETS = 10;
/** A year of market days at most (the report's own limit). */
const MAX_DAYS = 366;

/** Every day of the range, those without bids at 0: the house's result each day, green or red. */
export function resultPerDay(from: string, to: string, rows: PnlRow[]): ChartData {
  const byDay = new Map(rows.map((r) => [r.key, r]));
  const days: string[] = [];
  for (let d = from; d <= to && days.length < MAX_DAYS; d = addDays(d, 1)) days.push(d);
  return {
    categories: days.map(dayText),
    series: [
      { label: 'Result', color: GREEN, net: true, values: days.map((d) => byDay.get(d)?.settledNet ?? 0) },
    ],
  };
}

/** The stake of each game type, by its full name. */
export function stakeByType(rows: PnlRow[]): ChartData {
  return {
    categories: rows.map((r) => r.label),
    series: [{ label: 'Stake', color: BRAND, values: rows.map((r) => r.stake) }],
  };
}

/** The markets with the biggest stake (rows come biggest first), their stake beside their result. */
export function topMarkets(rows: PnlRow[]): ChartData {
  const top = rows.slice(0, TOP_MARKETS);
  return {
    categories: top.map((r) => r.label),
    series: [
      { label: 'Stake', color: BRAND, values: top.map((r) => r.stake) },
      { label: 'Result', color: GREEN, net: true, values: top.map((r) => r.settledNet) },
    ],
  };
}
