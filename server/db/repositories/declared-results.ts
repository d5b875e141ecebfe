import type { DeclaredResult, Family } from '../../../src/domain/types';
import type { Queryable } from '../types';
import type { ProvenanceRow } from './results';

/** A results row whole (SELECT *), with who declared each half (ProvenanceRow). */
export interface ResultRow extends ProvenanceRow {
  id: string;
  family: Family;
  game_id: string;
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

/** The result as the domain engine reads it. */
export function toDeclared(row: ResultRow): DeclaredResult {
  if (row.family === 'main')
    return { family: 'main', openPanna: row.open_panna, closePanna: row.close_panna };
  if (row.family === 'starline') return { family: 'starline', panna: row.panna };
  return { family: 'galidisawar', jodi: row.jodi };
}

/** Which parts of a market day are declared, for the bid window check. */
export function declaredParts(row: ResultRow | undefined): { open: boolean; close: boolean } {
  if (!row) return { open: false, close: false };
  if (row.family === 'main') return { open: row.open_panna !== null, close: row.close_panna !== null };
  const drawn = row.panna !== null || row.jodi !== null;
  return { open: drawn, close: drawn };
}

/** Results of several (game, market day) pairs at once, keyed `${gameId}|${day}`. */
export async function findResults(
  q: Queryable,
  pairs: { gameId: string; day: string }[],
): Promise<Map<string, ResultRow>> {
  const out = new Map<string, ResultRow>();
  if (pairs.length === 0) return out;
  const r = await q.query<ResultRow>(
    `SELECT r.* FROM results r
       JOIN jsonb_to_recordset($1::jsonb) AS p(game_id uuid, day date)
         ON r.game_id = p.game_id AND r.result_date = p.day`,
    [JSON.stringify(pairs.map((p) => ({ game_id: p.gameId, day: p.day })))],
  );
  for (const row of r.rows) out.set(`${row.game_id}|${row.result_date}`, row);
  return out;
}

export async function lockResult(q: Queryable, gameId: string, day: string): Promise<ResultRow | null> {
  const r = await q.query<ResultRow>(
    'SELECT * FROM results WHERE game_id = $1 AND result_date = $2 FOR UPDATE',
    [gameId, day],
  );
  return r.rows[0] ?? null;
}

export async function lockResultById(q: Queryable, id: string): Promise<ResultRow | null> {
  const r = await q.query<ResultRow>('SELECT * FROM results WHERE id = $1 FOR UPDATE', [id]);
  return r.rows[0] ?? null;
}

export type ResultWrite =
  | { family: 'main'; session: 'open'; panna: string; digit: string }
  | { family: 'main'; session: 'close'; panna: string; digit: string }
  | { family: 'starline'; panna: string; digit: string }
  | { family: 'galidisawar'; jodi: string };

/** Inserts the day's result or adds the close half to it; answers the whole row. */
export async function writeResult(
  q: Queryable,
  gameId: string,
  day: string,
  w: ResultWrite,
  adminId: string | null,
): Promise<ResultRow> {
  let cols: Record<string, string | null>;
  if (w.family === 'main' && w.session === 'open') cols = { open_panna: w.panna, open_digit: w.digit };
  else if (w.family === 'main') cols = { close_panna: w.panna, close_digit: w.digit };
  else if (w.family === 'starline') cols = { panna: w.panna, digit: w.digit };
  else cols = { jodi: w.jodi };
  const names = Object.keys(cols);
  const values = Object.values(cols);
  if (w.family === 'main' && w.session === 'close') {
    // The close half joins the day's row (the open half exists: the service checked it). An
    // INSERT ... ON CONFLICT would trip the "close needs open" CHECK on the proposed row first.
    const u = await q.query<ResultRow>(
      `UPDATE results SET close_panna = $3, close_digit = $4, close_declared_at = now(), close_declared_by = $5,
              updated_at = now()
        WHERE game_id = $1 AND result_date = $2 RETURNING *`,
      [gameId, day, w.panna, w.digit, adminId],
    );
    return u.rows[0] as ResultRow;
  }
  const r = await q.query<ResultRow>(
    `INSERT INTO results (family, game_id, result_date, declared_by, open_declared_at, ${names.join(', ')})
     VALUES ($1, $2, $3, $4, now(), ${names.map((_, i) => `$${i + 5}`).join(', ')})
     ON CONFLICT (game_id, result_date) DO UPDATE SET open_declared_at = now(), updated_at = now(),
       declared_by = EXCLUDED.declared_by, ${names.map((n) => `${n} = EXCLUDED.${n}`).join(', ')}
     RETURNING *`,
    [w.family, gameId, day, adminId, ...values],
  );
  return r.rows[0] as ResultRow;
}

/** The result feed declared this half: the names of the sources that agreed on it. */
export async function recordFeedSources(
  q: Queryable,
  resultId: string,
  half: 'open' | 'close',
  sources: string[],
): Promise<void> {
  await q.query(`UPDATE results SET ${half}_sources = $2::text[] WHERE id = $1`, [resultId, sources]);
}

export async function deleteResult(q: Queryable, id: string): Promise<void> {
  await q.query('DELETE FROM results WHERE id = $1', [id]);
}

/** The day's result of one game, unlocked (the exposure preview reads it). */
export async function findResult(q: Queryable, gameId: string, day: string): Promise<ResultRow | null> {
  const r = await q.query<ResultRow>('SELECT * FROM results WHERE game_id = $1 AND result_date = $2', [
    gameId,
    day,
  ]);
  return r.rows[0] ?? null;
}

/** The game a result of this family belongs to, unlocked (a revert reads it to lock the game first). */
export async function resultGameId(q: Queryable, id: string, family: Family): Promise<string | null> {
  const r = await q.query<{ game_id: string }>('SELECT game_id FROM results WHERE id = $1 AND family = $2', [
    id,
    family,
  ]);
  return r.rows[0]?.game_id ?? null;
}

/** Every declared result of a family and market day with its game's name; games then results locked. */
export async function lockDayResults(
  q: Queryable,
  family: Family,
  day: string,
): Promise<(ResultRow & { game_name: string })[]> {
  const r = await q.query<ResultRow & { game_name: string }>(
    `SELECT r.*, g.game_name FROM results r JOIN games g ON g.id = r.game_id
      WHERE r.family = $1 AND r.result_date = $2 ORDER BY g.id FOR UPDATE OF g, r`,
    [family, day],
  );
  return r.rows;
}
