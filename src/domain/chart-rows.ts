import { parseHhmm } from './market-time';
import { type ReportedSession, readReportedResult, reportDate } from './result-report';
import type { Family } from './types';

/**
 * One row of a chart file (docs/api.md "Chart history"), one day each: main `date,open,jodi,close`,
 * starline `date,time,panna,digit`, galidisawar `date,jodi`. A day with no result (a holiday) has
 * `***`, `**` or empty cells. The result is checked as a result feed's report is (result-report.ts).
 */

export type ChartRow = { date: string; sessions: ReportedSession[] };
export type ChartRowReading = { ok: true; row: ChartRow } | { ok: false; reason: string };

/** The columns of each family's layout, as the export writes its header. */
export const CHART_COLUMNS: Readonly<Record<Family, readonly string[]>> = {
  main: ['date', 'open', 'jodi', 'close'],
  starline: ['date', 'time', 'panna', 'digit'],
  galidisawar: ['date', 'jodi'],
};

/**
 * A time as a chart writes it, in minutes after midnight: `10:00`, `21:30`, `10:00 AM`, `9:30pm`.
 * @example chartTime('09:30 PM') // 1290
 */
export function chartTime(s: string): number | null {
  const m = /^(\d{1,2}):(\d{2})\s*([AaPp][Mm])?$/.exec(s.trim());
  if (!m) return null;
  if (!m[3]) return parseHhmm(`${m[1]}:${m[2]}`);
  const h = Number(m[1]);
  if (h < 1 || h > 12) return null;
  const base = parseHhmm(`${h % 12}:${m[2]}`);
  return base === null ? null : base + (m[3].toLowerCase() === 'pm' ? 720 : 0);
}

/**
 * Reads one row's cells for a game of `family`; a starline row's time must be the game's draw time
 * (`drawTime`, 'HH:mm') when the row gives one.
 * @example readChartRow('main', ['15/01/2024', '123', '68', '440']) // {ok: true, row: {date: '2024-01-15', sessions: [open 123, close 440]}}
 */
export function readChartRow(family: Family, cells: readonly string[], drawTime?: string): ChartRowReading {
  const width = CHART_COLUMNS[family].length;
  if (cells.length < 2 || cells.length > width)
    return { ok: false, reason: `expected ${width} columns: ${CHART_COLUMNS[family].join(',')}` };
  const [dateCell = '', ...rest] = cells.map((c) => c.trim());
  const date = reportDate(dateCell);
  if (!date)
    return { ok: false, reason: `"${dateCell.slice(0, 20)}" is not a date (YYYY-MM-DD or DD/MM/YYYY)` };
  const [a = '', b = '', c = ''] = rest;
  let reading: ReturnType<typeof readReportedResult>;
  if (family === 'main') reading = readReportedResult('main', { open: a, jodi: b, close: c });
  else if (family === 'galidisawar') reading = readReportedResult('galidisawar', { jodi: a });
  else {
    if (a !== '' && drawTime !== undefined && chartTime(a) !== parseHhmm(drawTime))
      return { ok: false, reason: `time ${a.slice(0, 10)} is not this market's draw time (${drawTime})` };
    reading = readReportedResult('starline', { result: `${b || '***'}-${c || '*'}` });
    // The digit may be left out: the panna names it.
    if (!reading.ok && c === '' && b !== '') reading = readReportedResult('starline', { open: b });
  }
  return reading.ok ? { ok: true, row: { date, sessions: reading.sessions } } : reading;
}
