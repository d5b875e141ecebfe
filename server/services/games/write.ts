import type { z } from 'zod';
import { type Family, UUID_RE } from '../../../src/contracts/common';
import type { GameCreateSchema, GameUpdateSchema, WeekSchedule } from '../../../src/contracts/games';
import { WEEKDAYS } from '../../../src/domain/market-time';
import {
  deleteGameRow,
  findGameRow,
  followGameTimes,
  type GameFields,
  gameHasBids,
  gameNameTaken,
  insertGame,
  updateGame,
  upsertScheduleDays,
} from '../../db/repositories/games';
import type { Db } from '../../db/types';
import { badRequest, conflict, notFound } from '../errors';

type Create = z.output<typeof GameCreateSchema>;
type Update = z.output<typeof GameUpdateSchema>;

const NAME_TAKEN = 'A game with this name already exists';

function requireClose(family: Family, closeTime: string | null) {
  if (family === 'main' && !closeTime)
    throw badRequest('Close time is required', { closeTime: 'Close time is required' });
}

/** Main markets get all seven weekday rows (missing days copy the game's times). */
function fullWeek(f: GameFields, given: Partial<WeekSchedule> | undefined): Partial<WeekSchedule> {
  const week: Partial<WeekSchedule> = {};
  for (const day of WEEKDAYS) {
    week[day] = given?.[day] ?? { openTime: f.openTime, closeTime: f.closeTime, marketStatus: true };
  }
  return week;
}

export async function createGame(db: Db, family: Family, body: Create): Promise<string> {
  const fields: GameFields = {
    gameName: body.gameName,
    openTime: body.openTime,
    closeTime: body.closeTime ?? null,
    isActive: body.isActive,
    currentMarketStatus: body.currentMarketStatus,
    marketStatus: body.marketStatus,
    autoResult: body.autoResult,
  };
  requireClose(family, fields.closeTime);
  return db.transaction(async (tx) => {
    if (await gameNameTaken(tx, family, fields.gameName))
      throw conflict(NAME_TAKEN, { gameName: NAME_TAKEN });
    const id = await insertGame(tx, family, fields);
    const days = family === 'main' ? fullWeek(fields, body.schedule) : (body.schedule ?? {});
    await upsertScheduleDays(tx, id, days);
    return id;
  });
}

export async function changeGame(db: Db, family: Family, id: string, body: Update): Promise<void> {
  if (!UUID_RE.test(id)) throw notFound('Game');
  await db.transaction(async (tx) => {
    const row = await findGameRow(tx, id);
    if (!row || row.family !== family) throw notFound('Game');
    const fields: GameFields = {
      gameName: body.gameName ?? row.game_name,
      openTime: body.openTime ?? row.open_time,
      closeTime: body.closeTime === undefined ? row.close_time : body.closeTime,
      isActive: body.isActive ?? row.is_active,
      currentMarketStatus: body.currentMarketStatus ?? row.current_market_status,
      marketStatus: body.marketStatus ?? row.market_status,
      autoResult: body.autoResult ?? row.auto_result,
    };
    requireClose(family, fields.closeTime);
    if (body.gameName && (await gameNameTaken(tx, family, body.gameName, id))) {
      throw conflict(NAME_TAKEN, { gameName: NAME_TAKEN });
    }
    await updateGame(tx, id, fields);
    // Weekdays that simply followed the old game times follow the new ones.
    await followGameTimes(tx, id, fields, { openTime: row.open_time, closeTime: row.close_time });
    if (body.schedule) await upsertScheduleDays(tx, id, body.schedule);
  });
}

/** A game with bids keeps its history: switch it off (isActive false) instead. */
export async function deleteGame(db: Db, family: Family, id: string): Promise<void> {
  if (!UUID_RE.test(id)) throw notFound('Game');
  await db.transaction(async (tx) => {
    const row = await findGameRow(tx, id);
    if (!row || row.family !== family) throw notFound('Game');
    if (await gameHasBids(tx, id)) {
      throw conflict('This game has bids and cannot be deleted. Set isActive to false instead.');
    }
    await deleteGameRow(tx, id);
  });
}
