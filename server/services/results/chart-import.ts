import type { ChartImportAnswer } from '../../../src/contracts/result-feeds';
import { readChartRow } from '../../../src/domain/chart-rows';
import { marketDayOf } from '../../../src/domain/market-time';
import type { ReportedSession } from '../../../src/domain/result-report';
import { galiResultDisplay, mainResultDisplay, starlineResultDisplay } from '../../../src/domain/results';
import type { Family } from '../../../src/domain/types';
import { currentMarketDay } from '../../../src/domain/windows';
import { findGame, type GameForMoney } from '../../db/repositories/bid-games';
import {
  type ChartDayRow,
  chartDays,
  daysWithBids,
  insertImportedDays,
} from '../../db/repositories/chart-history';
import type { Db, Queryable } from '../../db/types';
import { badRequest, notFound } from '../errors';
import { type CsvRecord, CsvSyntaxError, readCsv } from '../reports/csv-read';

/**
 * Chart history (docs/api.md "Chart history"): a file of a market's past days, checked row by row
 * with the result feed's checks (src/domain/chart-rows.ts) and written, in one transaction, as
 * imported results: they show in every chart and result list and settle nothing. Idempotent: a
 * day that has a result is never written again (unchanged when the file agrees, a conflict when not).
 */

/** A day as the chart shows it: '123-68-440', '128-1', '68'. */
export function dayText(family: Family, d: ChartDayRow): string {
  if (family === 'main')
    return mainResultDisplay({ openPanna: d.open_panna, closePanna: d.close_panna }).text;
  if (family === 'starline') return starlineResultDisplay(d.panna).text;
  return galiResultDisplay(d.jodi).text;
}

/** A file's day as it would be stored. */
function toDay(date: string, sessions: ReportedSession[]): ChartDayRow {
  const day: ChartDayRow = {
    result_date: date,
    open_panna: null,
    open_digit: null,
    close_panna: null,
    close_digit: null,
    panna: null,
    digit: null,
    jodi: null,
  };
  for (const s of sessions) {
    if ('jodi' in s) day.jodi = s.jodi;
    else if (s.session === 'open') Object.assign(day, { open_panna: s.panna, open_digit: s.digit });
    else if (s.session === 'close') Object.assign(day, { close_panna: s.panna, close_digit: s.digit });
    else Object.assign(day, { panna: s.panna, digit: s.digit });
  }
  return day;
}

/** The first record is a header when its first cell is a word ("date"), not a date. */
const isHeader = (cells: string[]) => /[a-z]/i.test(cells[0] ?? '') && !/\d/.test(cells[0] ?? '');

/** Reads the file against what is stored; with `write`, stores the new days. */
async function judgeFile(
  tx: Queryable,
  game: GameForMoney,
  csv: string,
  now: Date,
  tz: string,
  write: boolean,
) {
  const answer: ChartImportAnswer = { added: 0, unchanged: 0, holidays: 0, conflicts: [], invalid: [] };
  const drawTime = game.times.closeTime || game.times.openTime;
  const stored = new Map((await chartDays(tx, game.id)).map((d) => [d.result_date, d]));
  const fresh: Array<{ line: number; day: ChartDayRow }> = [];
  const seen = new Map<string, number>();
  let records: CsvRecord[];
  try {
    records = readCsv(csv);
  } catch (error) {
    if (error instanceof CsvSyntaxError) throw badRequest(error.message);
    throw error;
  }
  for (const [i, { line, cells }] of records.entries()) {
    if (i === 0 && isHeader(cells)) continue;
    const reading = readChartRow(game.family, cells, game.family === 'starline' ? drawTime : undefined);
    if (!reading.ok) {
      answer.invalid.push({ line, reason: reading.reason });
      continue;
    }
    const { date, sessions } = reading.row;
    const first = seen.get(date);
    if (first !== undefined) {
      answer.invalid.push({ line, reason: `${date} is on line ${first} already` });
      continue;
    }
    seen.set(date, line);
    if (sessions.length === 0) {
      answer.holidays++;
      continue;
    }
    const day = toDay(date, sessions);
    const existing = stored.get(date);
    if (existing) {
      const [kept, theirs] = [dayText(game.family, existing), dayText(game.family, day)];
      if (kept === theirs) answer.unchanged++;
      else answer.conflicts.push({ date, existing: kept, imported: theirs });
      continue;
    }
    if (date > marketDayOf(now, tz)) answer.invalid.push({ line, reason: `${date} is in the future` });
    else if (date >= currentMarketDay(game.times, now, tz))
      answer.invalid.push({ line, reason: `${date} is the current market day: declare its result instead` });
    else fresh.push({ line, day });
  }
  const withBids = await daysWithBids(
    tx,
    game.id,
    fresh.map((f) => f.day.result_date),
  );
  const added = fresh.filter((f) => !withBids.has(f.day.result_date));
  for (const f of fresh)
    if (withBids.has(f.day.result_date))
      answer.invalid.push({
        line: f.line,
        reason: `${f.day.result_date} has bids: declare its result instead`,
      });
  answer.invalid.sort((a, b) => a.line - b.line);
  answer.added = write
    ? await insertImportedDays(
        tx,
        game.family,
        game.id,
        added.map((f) => f.day),
      )
    : added.length;
  return answer;
}

/**
 * POST /admin/charts/import: a dry run reads and judges the file and writes nothing; a real import
 * does the same under the game's lock (declarations and other imports wait) and writes the new days.
 */
export async function importChart(
  db: Db,
  input: { gameId: string; csv: string; dryRun: boolean; now: Date; tz: string },
): Promise<ChartImportAnswer> {
  return db.transaction(async (tx) => {
    const game = await findGame(tx, input.gameId, input.dryRun ? '' : 'FOR UPDATE');
    if (!game) throw notFound('Game');
    return judgeFile(tx, game, input.csv, input.now, input.tz, !input.dryRun);
  });
}
