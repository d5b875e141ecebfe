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
import { ok } from '../http/envelope';
import { cachedOk } from '../http/read-cache';
import { createRouter } from '../http/router';
import type { AppEnv } from '../http/types';
import { gameAsListed, gamesPoll } from '../services/games/poll';
import { changeGame, createGame, deleteGame } from '../services/games/write';

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
        const poll = await gamesPoll(db, family, await clock.now(), env.MARKET_TZ);
        return cachedOk(c, poll.key, poll.build);
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

function readOne(c: Context<AppEnv>, id: string) {
  const { db, clock, env } = c.get('deps');
  return gameAsListed(db, id, clock, env.MARKET_TZ);
}
