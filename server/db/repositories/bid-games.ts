import { WEEKDAYS } from '../../../src/domain/market-time';
import type { Family } from '../../../src/domain/types';
import type { GameTimes } from '../../../src/domain/windows';
import type { Queryable } from '../types';

export interface GameForMoney {
  id: string;
  family: Family;
  gameName: string;
  autoResult: boolean;
  times: GameTimes;
}

interface Row {
  id: string;
  family: Family;
  game_name: string;
  open_time: string;
  close_time: string | null;
  is_active: boolean;
  current_market_status: boolean;
  market_status: boolean;
  auto_result: boolean;
  schedule:
    | { weekday: number; open_time: string; close_time: string | null; market_status: boolean }[]
    | null;
}

const SELECT = `
  SELECT g.id, g.family, g.game_name, g.open_time, g.close_time, g.is_active, g.current_market_status,
         g.market_status, g.auto_result,
         (SELECT json_agg(json_build_object('weekday', s.weekday, 'open_time', s.open_time,
                 'close_time', s.close_time, 'market_status', s.market_status))
            FROM game_schedules s WHERE s.game_id = g.id) AS schedule
    FROM games g`;

function toGame(row: Row): GameForMoney {
  // Main markets are governed by their weekday schedule; starline/galidisawar by marketStatus.
  const schedule =
    row.family === 'main' && row.schedule && row.schedule.length > 0
      ? Object.fromEntries(
          row.schedule.map((s) => [
            WEEKDAYS[s.weekday],
            { openTime: s.open_time, closeTime: s.close_time, marketStatus: s.market_status },
          ]),
        )
      : null;
  return {
    id: row.id,
    family: row.family,
    gameName: row.game_name,
    autoResult: row.auto_result,
    times: {
      family: row.family,
      gameName: row.game_name,
      openTime: row.open_time,
      closeTime: row.close_time,
      isActive: row.is_active,
      currentMarketStatus: row.current_market_status,
      marketStatus: row.family === 'main' ? undefined : row.market_status,
      schedule,
    },
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
  const wanted = [...new Set(ids.filter((id) => UUID.test(id)))].sort();
  const out = new Map<string, GameForMoney>();
  if (wanted.length === 0) return out;
  await q.query(
    `SELECT id FROM games WHERE id IN (SELECT value::uuid FROM jsonb_array_elements_text($1::jsonb))
      ORDER BY id FOR SHARE`,
    [JSON.stringify(wanted)],
  );
  const r = await q.query<Row>(
    `${SELECT} WHERE g.family = $2 AND g.id IN (SELECT value::uuid FROM jsonb_array_elements_text($1::jsonb))`,
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
  if (!UUID.test(id)) return null;
  if (lock) await q.query(`SELECT id FROM games WHERE id = $1 ${lock}`, [id]);
  const r = await q.query<Row>(`${SELECT} WHERE g.id = $1`, [id]);
  return r.rows[0] ? toGame(r.rows[0]) : null;
}

export async function listAutoResultGames(q: Queryable): Promise<GameForMoney[]> {
  const r = await q.query<Row>(`${SELECT} WHERE g.auto_result AND g.is_active ORDER BY g.id`);
  return r.rows.map(toGame);
}
