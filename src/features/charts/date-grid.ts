/**
 * Rows of the starline and galidisawar charts (docs/product.md "Charts"): today first, then one row per
 * earlier market day that has a result, newest first; one cell per game column, null where that
 * game has no result that day. Pure: `today` comes from the caller's clock.
 */

/** Market days a starline or galidisawar chart reaches back: two months fit the 1000-row page. */
export const DATE_CHART_DAYS = 60;

export type DayResult = { gameId: string; resultDate: string };

export type DateRow<R> = { day: string; isToday: boolean; cells: Array<R | null> };

/**
 * @example dateRows(['g1'], [{gameId: 'g1', resultDate: '2026-11-20'}], '2026-11-22')
 * // [{day: '2026-11-22', isToday: true, cells: [null]}, {day: '2026-11-20', isToday: false, cells: [r]}]
 */
export function dateRows<R extends DayResult>(
  gameIds: readonly string[],
  results: readonly R[],
  today: string,
): DateRow<R>[] {
  const byDay = new Map<string, Map<string, R>>();
  for (const r of results) {
    if (r.resultDate > today) continue;
    let day = byDay.get(r.resultDate);
    if (!day) {
      day = new Map();
      byDay.set(r.resultDate, day);
    }
    day.set(r.gameId, r);
  }
  const earlier = [...byDay.keys()].filter((d) => d < today).sort((a, b) => (a < b ? 1 : -1));
  return [today, ...earlier].map((day) => {
    const found = byDay.get(day);
    return { day, isToday: day === today, cells: gameIds.map((id) => found?.get(id) ?? null) };
  });
}

export const STARLINE_PANNA_MASK = '* * *';
export const STARLINE_DIGIT_MASK = '*';

/** A starline cell: the panna and its digit, masked until drawn. */
export function starlineCell(r: { panna: string | null; digit: string | null } | null): {
  panna: string;
  digit: string;
} {
  return { panna: r?.panna ?? STARLINE_PANNA_MASK, digit: r?.digit ?? STARLINE_DIGIT_MASK };
}

/** Undrawn result rows show '**'; a day with no result row at all shows '* *'. */
export function galiCell(r: { jodiDigit: string | null } | null): string {
  if (!r) return '* *';
  return r.jodiDigit ?? '**';
}
