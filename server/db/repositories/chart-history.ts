import type { Family } from '../../../src/domain/types';
import type { Queryable } from '../types';
import type { ResultRow } from './declared-results';

// A market's chart as files carry it (services/results/chart-import.ts, chart-export.ts): every
// day's result, and imported days written as results that settle nothing (migration 027).

/** A day of a chart: its results, as the results table keeps them. */
export type ChartDayRow = Pick<
  ResultRow,
  'result_date' | 'open_panna' | 'open_digit' | 'close_panna' | 'close_digit' | 'panna' | 'digit' | 'jodi'
>;

/** Every result of one game, oldest day first. */
export async function chartDays(q: Queryable, gameId: string): Promise<ChartDayRow[]> {
  const r = await q.query<ChartDayRow>(
    `SELECT result_date, open_panna, open_digit, close_panna, close_digit, panna, digit, jodi
       FROM results WHERE game_id = $1 ORDER BY result_date`,
    [gameId],
  );
  return r.rows;
}

/**
 * Which of these market days have bids on the game (such a day is declared, never imported). One
 * range scan of the game's bids index between the first and the last day, whatever their number.
 */
export async function daysWithBids(q: Queryable, gameId: string, days: string[]): Promise<Set<string>> {
  if (days.length === 0) return new Set();
  const sorted = [...days].sort();
  const r = await q.query<{ day: string }>(
    `SELECT DISTINCT bid_date::text AS day FROM bids WHERE game_id = $1 AND bid_date BETWEEN $2 AND $3`,
    [gameId, sorted[0], sorted.at(-1)],
  );
  const wanted = new Set(days);
  return new Set(r.rows.map((row) => row.day).filter((day) => wanted.has(day)));
}

/** Writes imported days in one statement; a day that has a result by now is left alone. Answers how many were written. */
export async function insertImportedDays(
  q: Queryable,
  family: Family,
  gameId: string,
  days: ChartDayRow[],
): Promise<number> {
  if (days.length === 0) return 0;
  const r = await q.query<{ n: number }>(
    `WITH ins AS (
       INSERT INTO results (family, game_id, result_date, open_panna, open_digit, close_panna, close_digit,
                            panna, digit, jodi, imported)
       SELECT $1, $2, d.result_date, d.open_panna, d.open_digit, d.close_panna, d.close_digit, d.panna, d.digit,
              d.jodi, true
         FROM jsonb_to_recordset($3::jsonb) AS d(result_date date, open_panna text, open_digit text,
              close_panna text, close_digit text, panna text, digit text, jodi text)
       ON CONFLICT (game_id, result_date) DO NOTHING RETURNING 1)
     SELECT count(*)::int8 AS n FROM ins`,
    [family, gameId, JSON.stringify(days)],
  );
  return r.rows[0]?.n ?? 0;
}
