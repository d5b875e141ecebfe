import { describe, expect, it } from 'vitest';
import { type ChartResult, chartCell, chartWeeks } from '../../../src/features/charts/week-grid';

const TODAY = '2026-11-19'; // a Thursday
const open = (panna: string, digit: string) => ({ panna, digit });
const result = (day: string, o: [string, string] | null, c: [string, string] | null): ChartResult => ({
  resultDate: day,
  openPanna: o ? open(...o) : null,
  closePanna: c ? open(...c) : null,
});

describe('chartCell: open panna, jodi and close panna, masked until declared', () => {
  it.each([
    ['no result', undefined, ['***', '**', '***', 'none']],
    ['open only', result('2026-11-17', ['123', '6'], null), ['123', '6*', '***', 'partial']],
    ['open and close', result('2026-11-17', ['123', '6'], ['459', '8']), ['123', '68', '459', 'full']],
    // A close half without its open half cannot be declared; it is not shown half-made.
    ['close without open', result('2026-11-17', null, ['459', '8']), ['***', '**', '***', 'none']],
  ] as const)('%s', (_, r, [openPanna, jodi, closePanna, state]) => {
    const cell = chartCell('2026-11-17', r, TODAY);
    expect(cell).toMatchObject({ openPanna, jodi, closePanna, state, isFuture: false });
  });

  it('marks days after today as future', () => {
    expect(chartCell('2026-11-20', undefined, TODAY).isFuture).toBe(true);
    expect(chartCell(TODAY, undefined, TODAY).isFuture).toBe(false);
  });
});

describe('chartWeeks: the current week first, Monday to Sunday, then earlier weeks', () => {
  it.each([
    ['no results: only the current week', [], TODAY, ['2026-11-16']],
    ['today a Monday', [], '2026-11-16', ['2026-11-16']],
    // A Sunday belongs to the week that started the Monday before.
    ['today a Sunday', [], '2026-11-22', ['2026-11-16']],
    [
      'results two weeks back, with an empty week between',
      [result('2026-11-02', ['100', '1'], ['200', '2'])],
      TODAY,
      ['2026-11-16', '2026-11-09', '2026-11-02'],
    ],
    [
      'a result dated after today is ignored',
      [result('2026-11-30', ['100', '1'], null)],
      TODAY,
      ['2026-11-16'],
    ],
    [
      'across a month and year end',
      [result('2025-12-29', ['100', '1'], null)],
      '2026-01-05',
      ['2026-01-05', '2025-12-29'],
    ],
  ])('%s', (_, results, today, starts) => {
    const weeks = chartWeeks(results, today);
    expect(weeks.map((w) => w.start)).toEqual(starts);
    for (const w of weeks) expect(w.cells).toHaveLength(7);
  });

  it('places each result under its weekday and labels the week dd/mm/yyyy', () => {
    const weeks = chartWeeks(
      [
        result('2026-11-17', ['123', '6'], ['459', '8']),
        result('2026-11-19', ['390', '2'], null),
        result('2026-11-15', ['777', '1'], ['118', '0']),
      ],
      TODAY,
    );
    expect(weeks).toHaveLength(2);
    const [current, previous] = weeks;
    expect(current?.label).toBe('16/11/2026 to 22/11/2026');
    expect(current?.cells.map((c) => c.jodi)).toEqual(['**', '68', '**', '2*', '**', '**', '**']);
    expect(current?.cells.map((c) => c.isFuture)).toEqual([false, false, false, false, true, true, true]);
    expect(previous?.label).toBe('09/11/2026 to 15/11/2026');
    expect(previous?.cells[6]).toMatchObject({
      day: '2026-11-15',
      openPanna: '777',
      jodi: '10',
      closePanna: '118',
    });
  });
});
