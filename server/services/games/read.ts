import type { Family } from '../../../src/contracts/common';
import type { AnyGame } from '../../../src/contracts/games';
import { currentMarketDay } from '../../../src/domain/windows';
import { type GameRow, gameTimes, listGameRows } from '../../db/repositories/games';
import { type DayResultRow as ResultRow, resultsOfDays } from '../../db/repositories/results';
import type { Queryable } from '../../db/types';

function todayResult(family: Family, r: ResultRow | undefined) {
  if (!r) return null;
  if (family === 'main') {
    return {
      _id: r.id,
      resultDate: r.result_date,
      openPanna: r.open_panna ? { panna: r.open_panna, digit: r.open_digit ?? '' } : null,
      closePanna: r.close_panna ? { panna: r.close_panna, digit: r.close_digit ?? '' } : null,
    };
  }
  if (family === 'starline') return { _id: r.id, resultDate: r.result_date, panna: r.panna, digit: r.digit };
  return { _id: r.id, resultDate: r.result_date, jodiDigit: r.jodi };
}

export function toGame(row: GameRow, marketDay: string, result: ResultRow | undefined): AnyGame {
  return {
    _id: row.id,
    ...gameTimes(row),
    autoResult: row.auto_result,
    marketDay,
    createdAt: row.created_at.toISOString(),
    todayResult: todayResult(row.family, result),
  } as AnyGame;
}

/** Each game's current market day: with the rows, all a game list's answer depends on. */
export function marketDaysOf(rows: GameRow[], now: Date, tz: string): string[] {
  return rows.map((row) => currentMarketDay(gameTimes(row), now, tz));
}

/** All games of a family with their current market day's result fields. */
export async function listGames(
  q: Queryable,
  family: Family,
  now: Date,
  tz: string,
  gameRows?: GameRow[],
): Promise<AnyGame[]> {
  const rows = gameRows ?? (await listGameRows(q, family));
  const days = marketDaysOf(rows, now, tz);
  const wanted = [...new Set(days)];
  const results = wanted.length === 0 ? [] : await resultsOfDays(q, family, wanted);
  const byKey = new Map(results.map((r) => [`${r.game_id}|${r.result_date}`, r]));
  return rows.map((row, i) => toGame(row, days[i] as string, byKey.get(`${row.id}|${days[i]}`)));
}
