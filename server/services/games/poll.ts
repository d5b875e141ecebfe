import type { Family } from '../../../src/contracts/common';
import type { AnyGame } from '../../../src/contracts/games';
import type { Clock } from '../../clock';
import { readThrough } from '../../db/read-through';
import { findGameRow, listGameRows } from '../../db/repositories/games';
import type { Db, Queryable } from '../../db/types';
import { notFound } from '../errors';
import { listGames, marketDaysOf, toGame } from './read';

/**
 * The games list every player polls every 5 s: the game rows come from memory (db/read-through.ts)
 * and the answer is keyed by the market days it shows, so the route can serve it from its cache
 * (http/read-cache.ts) until a game, a result or the market day changes.
 */
export async function gamesPoll(
  db: Db,
  family: Family,
  now: Date,
  tz: string,
): Promise<{ key: string; build: () => Promise<AnyGame[]> }> {
  const rows = await readThrough(db, `game-rows:${family}`, () => listGameRows(db, family));
  // Market days move only on whole minutes: worked out once per minute, not per poll.
  const minute = Math.floor(now.getTime() / 60_000);
  const days = await readThrough(db, `game-days:${family}:${minute}`, async () =>
    marketDaysOf(rows, now, tz),
  );
  return { key: `games:${family}:${days.join(',')}`, build: () => listGames(db, family, now, tz, rows) };
}

/** One game as the list shows it (after a create or an update); 404 when there is no such game. */
export async function gameAsListed(q: Queryable, id: string, clock: Clock, tz: string): Promise<AnyGame> {
  const row = await findGameRow(q, id);
  if (!row) throw notFound('Game');
  const games = await listGames(q, row.family, await clock.now(), tz);
  return games.find((g) => g._id === id) ?? toGame(row, '', undefined);
}
