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
  /** The game's version when read (db/functions/matka_games_version.sql): a bid statement refuses a
   * changed game. */
  version: number;
}

function toGame(row: GameRow): GameForMoney {
  return {
    id: row.id,
    family: row.family,
    gameName: row.game_name,
    autoResult: row.auto_result,
    times: gameTimes(row),
    version: Number(row.version),
  };
}

/**
 * Namespace of the per-game advisory lock: shared by bid statements (db/functions/matka_place_bids.sql),
 * exclusive for declarations.
 */
const GAME_LOCK = 727_431_003;

/** Every game of a family, unlocked: the bid read model (services/bids/reads.ts) keeps it in memory. */
export async function listGamesForBids(q: Queryable, family: Family): Promise<Map<string, GameForMoney>> {
  const r = await q.query<GameRow>(`${SELECT_GAME} WHERE g.family = $1`, [family]);
  return new Map(r.rows.map((row) => [row.id, toGame(row)]));
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
