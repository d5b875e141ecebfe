import type { Family } from '../../../src/contracts/common';
import type { GaliResult, MainResult, ResultQuery, StarlineResult } from '../../../src/contracts/results';
import type { Queryable } from '../types';

export interface ResultRow {
  id: string;
  game_id: string;
  game_name: string;
  open_time: string;
  result_date: string;
  open_panna: string | null;
  open_digit: string | null;
  close_panna: string | null;
  close_digit: string | null;
  panna: string | null;
  digit: string | null;
  jodi: string | null;
  created_at: Date;
}

export function toMainResult(r: ResultRow): MainResult {
  return {
    _id: r.id,
    gameId: r.game_id,
    gameName: r.game_name,
    resultDate: r.result_date,
    openPanna: r.open_panna ? { panna: r.open_panna, digit: r.open_digit ?? '' } : null,
    closePanna: r.close_panna ? { panna: r.close_panna, digit: r.close_digit ?? '' } : null,
    createdAt: r.created_at.toISOString(),
  };
}

export function toStarlineResult(r: ResultRow): StarlineResult {
  return {
    _id: r.id,
    gameId: r.game_id,
    gameName: r.game_name,
    openTime: r.open_time,
    resultDate: r.result_date,
    panna: r.panna,
    digit: r.digit,
    createdAt: r.created_at.toISOString(),
  };
}

export function toGaliResult(r: ResultRow): GaliResult {
  return {
    _id: r.id,
    gameId: r.game_id,
    gameName: r.game_name,
    openTime: r.open_time,
    resultDate: r.result_date,
    jodiDigit: r.jodi,
    createdAt: r.created_at.toISOString(),
  };
}

/** Declared results of a family, newest market day first, filtered by game and market days. */
export async function listResults(
  q: Queryable,
  family: Family,
  f: ResultQuery,
  page: { limit: number; offset: number },
): Promise<{ rows: ResultRow[]; total: number }> {
  const params: unknown[] = [family];
  const where = ['r.family = $1'];
  const add = (sql: string, value: unknown) => {
    params.push(value);
    where.push(sql.replace('?', `$${params.length}`));
  };
  if (f.gameId) add('r.game_id = ?', f.gameId);
  if (f.date) add('r.result_date = ?::date', f.date);
  if (f.from) add('r.result_date >= ?::date', f.from);
  if (f.to) add('r.result_date <= ?::date', f.to);
  const whereSql = where.join(' AND ');
  const total = await q.query<{ n: number }>(
    `SELECT count(*)::int8 AS n FROM results r WHERE ${whereSql}`,
    params,
  );
  const rows = await q.query<ResultRow>(
    `SELECT r.id, r.game_id, g.game_name, g.open_time, r.result_date, r.open_panna, r.open_digit, r.close_panna,
            r.close_digit, r.panna, r.digit, r.jodi, r.created_at
       FROM results r JOIN games g ON g.id = r.game_id
      WHERE ${whereSql}
      ORDER BY r.result_date DESC, g.open_time, g.game_name
      LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, page.limit, page.offset],
  );
  return { rows: rows.rows, total: total.rows[0]?.n ?? 0 };
}

/** One declared result of a family, as the public reads present it (toMainResult...), or null. */
export async function findResult(q: Queryable, family: Family, id: string): Promise<ResultRow | null> {
  const r = await q.query<ResultRow>(
    `SELECT r.id, r.game_id, g.game_name, g.open_time, r.result_date, r.open_panna, r.open_digit, r.close_panna,
            r.close_digit, r.panna, r.digit, r.jodi, r.created_at
       FROM results r JOIN games g ON g.id = r.game_id
      WHERE r.family = $1 AND r.id = $2`,
    [family, id],
  );
  return r.rows[0] ?? null;
}

/** The result fields a game list shows (a result of one game on one market day). */
export type DayResultRow = Omit<ResultRow, 'game_name' | 'open_time' | 'created_at'>;

/** The family's results on any of these market days ('YYYY-MM-DD'). */
export async function resultsOfDays(q: Queryable, family: Family, days: string[]): Promise<DayResultRow[]> {
  const r = await q.query<DayResultRow>(
    `SELECT id, game_id, result_date, open_panna, open_digit, close_panna, close_digit, panna, digit, jodi
               FROM results WHERE family = $1 AND result_date = ANY($2::date[])`,
    [family, days],
  );
  return r.rows;
}
