import { UUID_RE } from '../../../src/contracts/common';
import type { Family, Rates } from '../../../src/domain/types';
import { readThrough } from '../../db/read-through';
import { type GameForMoney, listGamesForBids } from '../../db/repositories/bid-games';
import { findResults, type ResultRow } from '../../db/repositories/declared-results';
import { familyRates } from '../../db/repositories/rates';
import type { Db } from '../../db/types';

/**
 * What a bid is judged by, kept in this process's memory and dropped on any committed change of
 * games, schedules, results or settings (db/read-through.ts, the change feed of docs/database.md).
 * A copy may be milliseconds old: the bid statement re-checks under its locks (matka_place_bids).
 */
export async function bidGames(db: Db, family: Family, ids: string[]): Promise<Map<string, GameForMoney>> {
  const games = await readThrough(db, `bid-games:${family}`, () => listGamesForBids(db, family));
  // A game created a moment ago in another process may not have reached this copy yet.
  if (ids.some((id) => !games.has(id) && UUID_RE.test(id))) return listGamesForBids(db, family);
  return games;
}

/** The market day's result of a game, if any part of it is declared. */
export async function dayResult(db: Db, gameId: string, day: string): Promise<ResultRow | undefined> {
  const found = await readThrough(db, `declared:${gameId}|${day}`, async () => {
    const rows = await findResults(db, [{ gameId, day }]);
    return rows.get(`${gameId}|${day}`) ?? null;
  });
  return found ?? undefined;
}

/**
 * The family's rate table a bid is placed at. The bid statement checks each bid's pair against the
 * table under its locks (a change since this copy refuses 'rate', and the bid is judged again).
 */
export function bidRates(db: Db, family: Family): Promise<Rates> {
  return readThrough(db, `bid-rates:${family}`, () => familyRates(db, family));
}

/** Drops every kept read model of this process (a bid statement found a game newer than the copy). */
export function refreshBidReads(db: Db): void {
  db.changes.bump('reads');
}
