import type { Family } from '../../../src/contracts/common';
import type {
  GaliResult,
  MainResult,
  ResultProvenance,
  ResultQuery,
  StarlineResult,
} from '../../../src/contracts/results';
import type { Queryable } from '../types';

export interface ResultRow extends ProvenanceRow {
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

/**
 * Who declared a result's halves and when: `declared_by` the open's operator, `close_declared_by`
 * the close's; `*_sources` the agreeing feed sources of each half (null when the feed did not
 * declare it); `imported` a day from a chart file (migration 027).
 */
export interface ProvenanceRow {
  imported: boolean;
  open_declared_at: Date | null;
  close_declared_at: Date | null;
  declared_by: string | null;
  close_declared_by: string | null;
  open_sources: string[] | null;
  close_sources: string[] | null;
}

/**
 * Where one half of a result came from: a chart import, the feed's agreeing sources, an operator,
 * else the automatic draw; and when it was declared (never, for an imported day).
 */
export function provenance(r: ProvenanceRow, half: 'open' | 'close'): ResultProvenance {
  const at = half === 'open' ? r.open_declared_at : r.close_declared_at;
  const sources = half === 'open' ? r.open_sources : r.close_sources;
  const admin = half === 'open' ? r.declared_by : r.close_declared_by;
  const declaredBy = r.imported ? 'import' : sources ? 'feed' : admin ? 'operator' : 'draw';
  return { declaredAt: at?.toISOString() ?? null, declaredBy, ...(sources ? { sources } : {}) };
}

/** A row's own provenance: a main result's newest half, a one-draw result's draw. */
function rowProvenance(r: ProvenanceRow & { close_panna: string | null }) {
  return { ...provenance(r, r.close_panna ? 'close' : 'open'), imported: r.imported };
}

export function toMainResult(r: ResultRow): MainResult {
  const half = (panna: string | null, digit: string | null, which: 'open' | 'close') =>
    panna ? { panna, digit: digit ?? '', ...provenance(r, which) } : null;
  return {
    _id: r.id,
    gameId: r.game_id,
    gameName: r.game_name,
    resultDate: r.result_date,
    openPanna: half(r.open_panna, r.open_digit, 'open'),
    closePanna: half(r.close_panna, r.close_digit, 'close'),
    ...rowProvenance(r),
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
    ...rowProvenance(r),
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
    ...rowProvenance(r),
    createdAt: r.created_at.toISOString(),
  };
}

const PROVENANCE = `r.imported, r.open_declared_at, r.close_declared_at, r.declared_by, r.close_declared_by,
  r.open_sources, r.close_sources`;

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
            r.close_digit, r.panna, r.digit, r.jodi, r.created_at, ${PROVENANCE}
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
            r.close_digit, r.panna, r.digit, r.jodi, r.created_at, ${PROVENANCE}
       FROM results r JOIN games g ON g.id = r.game_id
      WHERE r.family = $1 AND r.id = $2`,
    [family, id],
  );
  return r.rows[0] ?? null;
}

/** The result fields a game list shows (a result of one game on one market day). */
export type DayResultRow = Omit<ResultRow, 'game_name' | 'open_time' | 'created_at' | keyof ProvenanceRow>;

/** The family's results on any of these market days ('YYYY-MM-DD'). */
export async function resultsOfDays(q: Queryable, family: Family, days: string[]): Promise<DayResultRow[]> {
  const r = await q.query<DayResultRow>(
    `SELECT id, game_id, result_date, open_panna, open_digit, close_panna, close_digit, panna, digit, jodi
               FROM results WHERE family = $1 AND result_date = ANY($2::date[])`,
    [family, days],
  );
  return r.rows;
}
