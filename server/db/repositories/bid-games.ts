import { UUID_RE } from '../../../src/contracts/common';
import type { Family } from '../../../src/domain/types';
import type { GameTimes } from '../../../src/domain/windows';
import type { Queryable } from '../types';
import { type GameRow, gameTimes, SELECT_GAME } from './games';

export interface GameForMoney {
  id: string;
  family: Family;
  gameName: string;
  autoResult: boolean;
  times: GameTimes;
}

function toGame(row: GameRow): GameForMoney {
  return {
    id: row.id,
    family: row.family,
    gameName: row.game_name,
    autoResult: row.auto_result,
    times: gameTimes(row),
  };
}

/**
 * The games a bid request names, share-locked in id order. The share lock makes a result
 * declaration (which takes FOR UPDATE on the game) wait for bids in flight and vice versa, so no
 * bid can slip in after its session was declared and stay pending forever.
 */
export async function lockGamesForBids(
  q: Queryable,
  ids: string[],
  family: Family,
): Promise<Map<string, GameForMoney>> {
  const wanted = [...new Set(ids.filter((id) => UUID_RE.test(id)))].sort();
  const out = new Map<string, GameForMoney>();
  if (wanted.length === 0) return out;
  await q.query(
    `SELECT id FROM games WHERE id IN (SELECT value::uuid FROM jsonb_array_elements_text($1::jsonb))
      ORDER BY id FOR SHARE`,
    [JSON.stringify(wanted)],
  );
  const r = await q.query<GameRow>(
    `${SELECT_GAME} WHERE g.family = $2 AND g.id IN (SELECT value::uuid FROM jsonb_array_elements_text($1::jsonb))`,
    [JSON.stringify(wanted), family],
  );
  for (const row of r.rows) out.set(row.id, toGame(row));
  return out;
}

export async function findGame(
  q: Queryable,
  id: string,
  lock: '' | 'FOR UPDATE' = '',
): Promise<GameForMoney | null> {
  if (!UUID_RE.test(id)) return null;
  if (lock) await q.query(`SELECT id FROM games WHERE id = $1 ${lock}`, [id]);
  const r = await q.query<GameRow>(`${SELECT_GAME} WHERE g.id = $1`, [id]);
  return r.rows[0] ? toGame(r.rows[0]) : null;
}

export async function listAutoResultGames(q: Queryable): Promise<GameForMoney[]> {
  const r = await q.query<GameRow>(`${SELECT_GAME} WHERE g.auto_result AND g.is_active ORDER BY g.id`);
  return r.rows.map(toGame);
}
