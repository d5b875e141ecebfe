import type { Context } from 'hono';
import { z } from 'zod';
import type { Family } from '../../src/contracts/common';
import {
  GaliGameSchema,
  GameCreateSchema,
  GameUpdateSchema,
  MainGameSchema,
  StarlineGameSchema,
} from '../../src/contracts/games';
import { findGameRow, listGameRows } from '../db/repositories/games';
import { ok } from '../http/envelope';
import { cachedOk, readThrough } from '../http/read-cache';
import { createRouter } from '../http/router';
import type { AppEnv } from '../http/types';
import { notFound } from '../services/errors';
import { listGames, marketDaysOf, toGame } from '../services/games-read';
import { changeGame, createGame, deleteGame } from '../services/games-write';

const FAMILIES: Array<{ family: Family; path: string; label: string; schema: z.ZodType }> = [
  { family: 'main', path: '/main-games', label: 'Main', schema: MainGameSchema },
  { family: 'starline', path: '/starline-games', label: 'Starline', schema: StarlineGameSchema },
  { family: 'galidisawar', path: '/galidisawar-games', label: 'Galidisawar', schema: GaliGameSchema },
];

export function gamesRoutes() {
  const r = createRouter('/api/v1/admin', 'Games');
  for (const { family, path, label, schema } of FAMILIES) {
    r.get(
      path,
      { summary: `${label} games with today's results (ETag)`, auth: 'optional', response: z.array(schema) },
      async (c) => {
        // Polled every 5 s by every player: served from memory (http/read-cache.ts), with an ETag.
        const { db, clock, env } = c.get('deps');
        const now = await clock.now();
        const rows = await readThrough(db, `game-rows:${family}`, () => listGameRows(db, family));
        // Market days move only on whole minutes: worked out once per minute, not per poll.
        const minute = Math.floor(now.getTime() / 60_000);
        const days = await readThrough(db, `game-days:${family}:${minute}`, async () =>
          marketDaysOf(rows, now, env.MARKET_TZ),
        );
        return cachedOk(c, `games:${family}:${days.join(',')}`, () =>
          listGames(db, family, now, env.MARKET_TZ, rows),
        );
      },
    );
    r.post(
      path,
      {
        summary: `Create a ${label} game`,
        auth: 'admin',
        body: GameCreateSchema,
        response: schema,
        status: 201,
      },
      async (c, { body }) => {
        const { db } = c.get('deps');
        const id = await createGame(db, family, body);
        return ok(c, await readOne(c, id), 'Game created', 201);
      },
    );
    r.put(
      `${path}/:id`,
      { summary: `Update a ${label} game`, auth: 'admin', body: GameUpdateSchema, response: schema },
      async (c, { body, params }) => {
        const id = params.id as string;
        await changeGame(c.get('deps').db, family, id, body);
        return ok(c, await readOne(c, id), 'Game updated');
      },
    );
    r.delete(`${path}/:id`, { summary: `Delete a ${label} game`, auth: 'admin' }, async (c, { params }) => {
      await deleteGame(c.get('deps').db, family, params.id as string);
      return ok(c, { _id: params.id }, 'Game deleted');
    });
  }
  return r;
}

async function readOne(c: Context<AppEnv>, id: string) {
  const { db, clock, env } = c.get('deps');
  const row = await findGameRow(db, id);
  if (!row) throw notFound('Game');
  const games = await listGames(db, row.family, await clock.now(), env.MARKET_TZ);
  return games.find((g) => g._id === id) ?? toGame(row, '', undefined);
}
