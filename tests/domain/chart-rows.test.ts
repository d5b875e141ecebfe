import { describe, expect, it } from 'vitest';
import { chartTime, readChartRow } from '../../src/domain/chart-rows';

describe('readChartRow: one day of a chart file', () => {
  it.each<[string, string[], object]>([
    [
      'main, ISO date',
      ['2024-01-15', '123', '68', '440'],
      {
        date: '2024-01-15',
        sessions: [
          { session: 'open', panna: '123', digit: '6' },
          { session: 'close', panna: '440', digit: '8' },
        ],
      },
    ],
    ['main, DD/MM/YYYY', ['15/01/2024', '123', '68', '440'], { date: '2024-01-15' }],
    ['main holiday, stars', ['2024-01-16', '***', '**', '***'], { date: '2024-01-16', sessions: [] }],
    ['main holiday, empty cells', ['2024-01-16', '', '', ''], { sessions: [] }],
    ['main holiday, cells left out', ['2024-01-16'], { sessions: [] }],
    [
      'main, open only',
      ['2024-01-17', '123', '6*', '***'],
      { sessions: [{ session: 'open', panna: '123' }] },
    ],
    ['galidisawar', ['2024-01-15', '68'], { sessions: [{ session: null, jodi: '68' }] }],
    ['galidisawar holiday', ['2024-01-15', '**'], { sessions: [] }],
  ])('%s', (_, cells, expected) => {
    const family = cells.length === 2 ? 'galidisawar' : 'main';
    const reading = readChartRow(family, cells.length === 1 ? [cells[0] as string, ''] : cells);
    expect(reading.ok).toBe(true);
    if (reading.ok) expect(reading.row).toMatchObject(expected);
  });

  it.each<[string, string[], RegExp]>([
    ['a wrong jodi', ['2024-01-15', '123', '69', '440'], /digit of 440 is 8, not 9/],
    ['a panna out of order', ['2024-01-15', '321', '68', '440'], /not one of the 220/],
    ['a close without open', ['2024-01-15', '***', '**', '440'], /without the open/],
    ['a day that does not exist', ['2023-02-29', '123', '68', '440'], /is not a date/],
    ['a date in another layout', ['2024/01/15', '123', '68', '440'], /is not a date/],
    ['too many columns', ['2024-01-15', '123', '68', '440', 'x'], /expected 4 columns/],
  ])('refuses %s', (_, cells, reason) => {
    const reading = readChartRow('main', cells);
    expect(reading.ok).toBe(false);
    if (!reading.ok) expect(reading.reason).toMatch(reason);
  });

  it('starline: the time must be the draw time; the digit may be left out but must be right', () => {
    expect(readChartRow('starline', ['2024-01-15', '10:00 AM', '128', '1'], '10:00')).toMatchObject({
      ok: true,
    });
    expect(readChartRow('starline', ['2024-01-15', '10:00', '128', ''], '10:00')).toMatchObject({
      ok: true,
      row: { sessions: [{ panna: '128', digit: '1' }] },
    });
    expect(readChartRow('starline', ['2024-01-15', '', '128', '1'], '10:00').ok).toBe(true);
    expect(readChartRow('starline', ['2024-01-15', '11:00', '128', '1'], '10:00')).toEqual({
      ok: false,
      reason: "time 11:00 is not this market's draw time (10:00)",
    });
    expect(readChartRow('starline', ['2024-01-15', '10:00', '128', '2'], '10:00').ok).toBe(false);
    expect(readChartRow('starline', ['2024-01-15', '10:00', '***', '*'], '10:00')).toMatchObject({
      ok: true,
      row: { sessions: [] },
    });
  });

  it.each<[string, number | null]>([
    ['10:00', 600],
    ['21:30', 1290],
    ['9:30 PM', 1290],
    ['09:30pm', 1290],
    ['12:05 AM', 5],
    ['12:05 PM', 725],
    ['13:00 PM', null],
    ['25:00', null],
    ['noon', null],
  ])('chartTime(%j) = %j', (s, minutes) => {
    expect(chartTime(s)).toBe(minutes);
  });
});
