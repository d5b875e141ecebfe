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

/** Namespace of the per-game advisory lock shared by bids and taken exclusively by declarations. */
const GAME_LOCK = 727_431_003;

/**
 * The games a bid request names, each under a shared per-game advisory lock. A result declaration
 * takes the same lock exclusively (findGame with 'FOR UPDATE'), so it waits for bids in flight and
 * they wait for it: no bid can slip in after its session was declared and stay pending forever.
 * An advisory lock rather than FOR SHARE on the game row: fifty players share-locking one row make
 * PostgreSQL build a new multixact per locker, and bids on a popular market queued behind it.
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
    `SELECT pg_advisory_xact_lock_shared(hashtextextended(lower(value), $2))
       FROM jsonb_array_elements_text($1::jsonb) AS value`,
    [JSON.stringify(wanted), GAME_LOCK],
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
  if (lock) {
    await q.query('SELECT pg_advisory_xact_lock(hashtextextended(lower($1), $2))', [id, GAME_LOCK]);
    await q.query(`SELECT id FROM games WHERE id = $1 ${lock}`, [id]);
  }
  const r = await q.query<GameRow>(`${SELECT_GAME} WHERE g.id = $1`, [id]);
  return r.rows[0] ? toGame(r.rows[0]) : null;
}

export async function listAutoResultGames(q: Queryable): Promise<GameForMoney[]> {
  const r = await q.query<GameRow>(`${SELECT_GAME} WHERE g.auto_result AND g.is_active ORDER BY g.id`);
  return r.rows.map(toGame);
}
