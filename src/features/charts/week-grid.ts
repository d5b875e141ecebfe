import { weekStartMonday } from '../../domain/format';
import { addDays } from '../../domain/market-time';
import { tPages as t } from '../../i18n/en/pages';
import { dayLabel } from './day-label';

/**
 * Groups one main game's results into chart weeks (docs/product.md "Charts"): weeks start on Monday,
 * the week of `today` comes first, then every earlier week down to the oldest one with a result.
 * Pure: `today` is the market day the caller read from its clock.
 */

export const PANNA_MASK = '***';
export const ANK_MASK = '*';

/** The halves of a main result the chart reads (the wire result has more fields). */
export type ChartResult = {
  resultDate: string;
  openPanna: { panna: string; digit: string } | null;
  closePanna: { panna: string; digit: string } | null;
};

export type WeekCell = {
  day: string;
  openPanna: string;
  jodi: string;
  closePanna: string;
  /** 'none' before the open result, 'partial' with only the open result, 'full' once closed. */
  state: 'none' | 'partial' | 'full';
  isFuture: boolean;
};

export type ChartWeek = { start: string; end: string; label: string; cells: WeekCell[] };

/**
 * The cell of one market day: open panna, jodi, close panna, each masked until declared.
 * @example chartCell('2026-11-16', {openPanna: {panna: '123', digit: '6'}, closePanna: null}, '2026-11-22')
 * // {openPanna: '123', jodi: '6*', closePanna: '***', state: 'partial', ...}
 */
export function chartCell(day: string, result: ChartResult | undefined, today: string): WeekCell {
  const open = result?.openPanna ?? null;
  // A close half cannot exist without its open half (docs/game-rules.md section 2); treat it as undeclared.
  const close = open ? (result?.closePanna ?? null) : null;
  return {
    day,
    openPanna: open?.panna ?? PANNA_MASK,
    jodi: `${open?.digit ?? ANK_MASK}${close?.digit ?? ANK_MASK}`,
    closePanna: close?.panna ?? PANNA_MASK,
    state: close ? 'full' : open ? 'partial' : 'none',
    isFuture: day > today,
  };
}

/**
 * Chart weeks, newest first, each with seven cells Monday to Sunday.
 * @example chartWeeks([], '2026-11-22').length // 1 (the current week, all masked)
 */
export function chartWeeks(results: readonly ChartResult[], today: string): ChartWeek[] {
  const byDay = new Map<string, ChartResult>();
  let oldest = today;
  for (const r of results) {
    // Results past today (a clock running behind the server's) belong to no row yet.
    if (r.resultDate > today) continue;
    byDay.set(r.resultDate, r);
    if (r.resultDate < oldest) oldest = r.resultDate;
  }
  const weeks: ChartWeek[] = [];
  const last = weekStartMonday(oldest);
  for (let start = weekStartMonday(today); start >= last; start = addDays(start, -7)) {
    const end = addDays(start, 6);
    const cells = Array.from({ length: 7 }, (_, i) => {
      const day = addDays(start, i);
      return chartCell(day, byDay.get(day), today);
    });
    weeks.push({ start, end, label: t('weekRange', { start: dayLabel(start), end: dayLabel(end) }), cells });
  }
  return weeks;
}
