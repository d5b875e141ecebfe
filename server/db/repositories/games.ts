import type { Family } from '../../../src/contracts/common';
import type { DaySchedule, WeekSchedule } from '../../../src/contracts/games';
import { WEEKDAYS, type Weekday } from '../../../src/domain/market-time';
import type { GameTimes } from '../../../src/domain/windows';
import type { Queryable } from '../types';

export interface GameRow {
  id: string;
  family: Family;
  game_name: string;
  open_time: string;
  close_time: string | null;
  is_active: boolean;
  current_market_status: boolean;
  market_status: boolean;
  auto_result: boolean;
  sort_order: number;
  created_at: Date;
  /** Bumped by every change of the game or its schedule (functions/matka_games_version.sql). */
  version: number;
  schedule: Array<{
    weekday: number;
    open_time: string;
    close_time: string | null;
    market_status: boolean;
  }> | null;
}

/** Every game column plus its weekday rows; callers add WHERE/ORDER BY. */
export const SELECT_GAME = `
  SELECT g.id, g.family, g.game_name, g.open_time, g.close_time, g.is_active, g.current_market_status,
         g.market_status, g.auto_result, g.sort_order, g.created_at, g.version,
         (SELECT json_agg(json_build_object('weekday', s.weekday, 'open_time', s.open_time,
                 'close_time', s.close_time, 'market_status', s.market_status) ORDER BY s.weekday)
            FROM game_schedules s WHERE s.game_id = g.id) AS schedule
    FROM games g`;

export async function listGameRows(q: Queryable, family: Family): Promise<GameRow[]> {
  const r = await q.query<GameRow>(
    `${SELECT_GAME} WHERE g.family = $1 ORDER BY g.open_time, g.sort_order, g.game_name`,
    [family],
  );
  return r.rows;
}

export async function findGameRow(q: Queryable, id: string): Promise<GameRow | null> {
  const r = await q.query<GameRow>(`${SELECT_GAME} WHERE g.id = $1`, [id]);
  return r.rows[0] ?? null;
}

/** The weekday schedule as the API shows it; days without a row fall back to the game's times. */
export function weekSchedule(row: GameRow): WeekSchedule {
  const byDay = new Map((row.schedule ?? []).map((s) => [s.weekday, s]));
  const entries = WEEKDAYS.map((name, i): [string, DaySchedule] => {
    const s = byDay.get(i);
    return [
      name,
      s
        ? { openTime: s.open_time, closeTime: s.close_time, marketStatus: s.market_status }
        : { openTime: row.open_time, closeTime: row.close_time, marketStatus: true },
    ];
  });
  return Object.fromEntries(entries) as WeekSchedule;
}

/**
 * The domain's view of a game's times (what windows.ts computes with), the one used for the game
 * list, bids and draws alike so the app and the server agree on when a market is open.
 */
export function gameTimes(row: GameRow): GameTimes {
  return {
    family: row.family,
    gameName: row.game_name,
    openTime: row.open_time,
    closeTime: row.close_time,
    isActive: row.is_active,
    currentMarketStatus: row.current_market_status,
    marketStatus: row.market_status,
    schedule: hasSchedule(row) ? weekSchedule(row) : null,
  };
}

/** Main markets always show a week; starline/galidisawar only once a day has been set. */
function hasSchedule(row: GameRow): boolean {
  return row.family === 'main' || (row.schedule?.length ?? 0) > 0;
}

export interface GameFields {
  gameName: string;
  openTime: string;
  closeTime: string | null;
  isActive: boolean;
  currentMarketStatus: boolean;
  marketStatus: boolean;
  autoResult: boolean;
}

export async function insertGame(q: Queryable, family: Family, f: GameFields): Promise<string> {
  const r = await q.query<{ id: string }>(
    `INSERT INTO games (family, game_name, open_time, close_time, is_active, current_market_status,
                        market_status, auto_result)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [
      family,
      f.gameName,
      f.openTime,
      f.closeTime,
      f.isActive,
      f.currentMarketStatus,
      f.marketStatus,
      f.autoResult,
    ],
  );
  return r.rows[0]?.id as string;
}

export async function updateGame(q: Queryable, id: string, f: GameFields): Promise<void> {
  await q.query(
    `UPDATE games SET game_name = $2, open_time = $3, close_time = $4, is_active = $5,
            current_market_status = $6, market_status = $7, auto_result = $8, updated_at = now()
      WHERE id = $1`,
    [
      id,
      f.gameName,
      f.openTime,
      f.closeTime,
      f.isActive,
      f.currentMarketStatus,
      f.marketStatus,
      f.autoResult,
    ],
  );
}

export async function upsertScheduleDays(
  q: Queryable,
  gameId: string,
  days: Partial<WeekSchedule>,
): Promise<void> {
  for (const [name, day] of Object.entries(days)) {
    if (!day) continue;
    const weekday = WEEKDAYS.indexOf(name as Weekday);
    await q.query(
      `INSERT INTO game_schedules (game_id, weekday, open_time, close_time, market_status)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (game_id, weekday) DO UPDATE
          SET open_time = EXCLUDED.open_time, close_time = EXCLUDED.close_time, market_status = EXCLUDED.market_status`,
      [gameId, weekday, day.openTime, day.closeTime, day.marketStatus],
    );
  }
}

/** Whether another game of the family has this name, any case (`exceptId`: the game itself). */
export async function gameNameTaken(
  q: Queryable,
  family: Family,
  name: string,
  exceptId?: string,
): Promise<boolean> {
  const r = await q.query(
    'SELECT 1 FROM games WHERE family = $1 AND lower(game_name) = lower($2) AND id <> $3',
    [family, name, exceptId ?? '00000000-0000-0000-0000-000000000000'],
  );
  return r.rows.length > 0;
}

/** Moves the weekday rows that still had the game's old times to its new ones. */
export async function followGameTimes(
  q: Queryable,
  id: string,
  next: { openTime: string; closeTime: string | null },
  old: { openTime: string; closeTime: string | null },
): Promise<void> {
  await q.query(
    `UPDATE game_schedules SET open_time = $2, close_time = $3
        WHERE game_id = $1 AND open_time = $4 AND close_time IS NOT DISTINCT FROM $5`,
    [id, next.openTime, next.closeTime, old.openTime, old.closeTime],
  );
}

export async function gameHasBids(q: Queryable, id: string): Promise<boolean> {
  const bids = await q.query('SELECT 1 FROM bids WHERE game_id = $1 LIMIT 1', [id]);
  return bids.rows.length > 0;
}

export async function deleteGameRow(q: Queryable, id: string): Promise<void> {
  await q.query('DELETE FROM games WHERE id = $1', [id]);
}
