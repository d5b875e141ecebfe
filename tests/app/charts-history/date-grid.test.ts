import { describe, expect, it } from 'vitest';
import { dateRows, galiCell, starlineCell } from '../../../src/features/charts/date-grid';
import { dayLabel } from '../../../src/features/charts/day-label';

const TODAY = '2026-11-22';
const r = (gameId: string, resultDate: string) => ({ gameId, resultDate });

describe('dateRows: today first, then earlier result days newest first', () => {
  it.each([
    ['no results: only today, all cells empty', [], [[TODAY, true, [null, null]]]],
    [
      'days sorted newest first, one cell per game column',
      [r('a', '2026-11-20'), r('b', '2026-11-21'), r('a', '2026-11-21')],
      [
        [TODAY, true, [null, null]],
        ['2026-11-21', false, ['a', 'b']],
        ['2026-11-20', false, ['a', null]],
      ],
    ],
    ["today's results fill the today row", [r('b', TODAY)], [[TODAY, true, [null, 'b']]]],
    [
      'results after today and of unknown games are left out',
      [r('a', '2026-11-23'), r('z', '2026-11-21')],
      [
        [TODAY, true, [null, null]],
        ['2026-11-21', false, [null, null]],
      ],
    ],
  ])('%s', (_, results, expected) => {
    const rows = dateRows(['a', 'b'], results, TODAY);
    expect(rows.map((row) => [row.day, row.isToday, row.cells.map((c) => c?.gameId ?? null)])).toEqual(
      expected,
    );
  });
});

describe('cell placeholders', () => {
  it.each([
    [null, { panna: '* * *', digit: '*' }],
    [
      { panna: null, digit: null },
      { panna: '* * *', digit: '*' },
    ],
    [
      { panna: '128', digit: '1' },
      { panna: '128', digit: '1' },
    ],
  ])('starline %j', (input, expected) => {
    expect(starlineCell(input)).toEqual(expected);
  });

  it.each([
    [null, '* *'],
    [{ jodiDigit: null }, '**'],
    [{ jodiDigit: '45' }, '45'],
  ])('galidisawar %j', (input, expected) => {
    expect(galiCell(input)).toBe(expected);
  });

  it('prints market days as dd/mm/yyyy', () => {
    expect(dayLabel('2026-01-05')).toBe('05/01/2026');
  });
});
