import type { Context } from 'hono';
import { UUID_RE } from '../../src/contracts/common';
import {
  DashboardStatsSchema,
  LanguageBodySchema,
  PlayerActivitySchema,
  PlayerRowSchema,
  TodayActivitySchema,
  UserCountsSchema,
  UserListQuerySchema,
  UserPatchSchema,
  UserSchema,
} from '../../src/contracts/user';
import { marketDayOf } from '../../src/domain/market-time';
import { player } from '../http/auth';
import { ok, okPaged } from '../http/envelope';
import { pagination } from '../http/paging';
import { createRouter, type RouteInput } from '../http/router';
import type { AppEnv } from '../http/types';
import { forbidden, notFound } from '../services/errors';
import {
  dashboardStats,
  getUser,
  patchUser,
  playerActivity,
  setLanguage,
  todayActivity,
  userCounts,
} from '../services/players/users';
import { listPlayers } from '../services/players/users-list';

async function usersPage(c: Context<AppEnv>, { page, query }: RouteInput<undefined, { search?: string }>) {
  const { db, clock } = c.get('deps');
  const { rows, total } = await listPlayers(db, { ...page, search: query.search, now: await clock.now() });
  return okPaged(c, rows, pagination(page, total));
}

/** The player's own record, and the operator views of players. */
export function usersRoutes() {
  const r = createRouter('/api/v1', 'Users');

  r.get(
    '/user/user-details',
    { summary: 'The signed-in player', auth: 'player', response: UserSchema },
    async (c) => ok(c, await getUser(c.get('deps').db, player(c).userId)),
  );
  r.put(
    '/user/language',
    {
      summary: "The player's language: en, hi or mr (messages, SMS texts and pushes follow it)",
      auth: 'player',
      body: LanguageBodySchema,
      response: UserSchema,
    },
    async (c, { body }) =>
      ok(c, await setLanguage(c.get('deps').db, player(c).userId, body.language), 'Language saved'),
  );
  r.get(
    '/admin/user/:id',
    { summary: 'One player (players: own id only)', auth: 'any', response: UserSchema },
    async (c, { params }) => {
      const who = c.get('principal');
      if (who?.kind === 'player' && who.userId !== params.id)
        throw forbidden('You can only view your own account');
      return ok(c, await getUser(c.get('deps').db, params.id as string));
    },
  );
  const list = {
    summary: 'Players (operators)',
    auth: 'admin',
    paged: true,
    query: UserListQuerySchema,
    response: PlayerRowSchema,
  } as const;
  r.get('/user/users', list, usersPage);
  r.get('/admin/users', list, usersPage);
  r.get(
    '/user/users-counts',
    { summary: 'Player counts (operators)', auth: 'admin', response: UserCountsSchema },
    async (c) => {
      const { db, env, clock } = c.get('deps');
      return ok(c, await userCounts(db, env.MARKET_TZ, marketDayOf(await clock.now(), env.MARKET_TZ)));
    },
  );
  r.get(
    '/admin/dashboard/today',
    {
      summary: 'Players online (5 minutes) and bids and stakes per market and session today (operators)',
      auth: 'admin',
      response: TodayActivitySchema,
    },
    async (c) => {
      const { db, env, clock } = c.get('deps');
      return ok(c, await todayActivity(db, marketDayOf(await clock.now(), env.MARKET_TZ)));
    },
  );
  r.get(
    '/dashboard-stats',
    { summary: 'Dashboard numbers (operators)', auth: 'admin', response: DashboardStatsSchema },
    async (c) => {
      const { db, env, clock } = c.get('deps');
      return ok(c, await dashboardStats(db, env.MARKET_TZ, marketDayOf(await clock.now(), env.MARKET_TZ)));
    },
  );
  r.get(
    '/admin/users/:id',
    {
      summary: 'One player (operators; the audit log reads it before and after a change)',
      auth: 'admin',
      response: UserSchema,
    },
    async (c, { params }) => ok(c, await getUser(c.get('deps').db, params.id as string)),
  );
  r.get(
    '/admin/users/:id/activity',
    {
      summary: "A player's last login, last seen, referrer and referrals (operators)",
      auth: 'admin',
      response: PlayerActivitySchema,
    },
    async (c, { params }) => {
      const found = UUID_RE.test(params.id ?? '')
        ? await playerActivity(c.get('deps').db, params.id as string)
        : null;
      if (!found) throw notFound('User');
      return ok(c, found);
    },
  );
  r.patch(
    '/admin/users/:id',
    {
      summary: 'Switch betting or block a player',
      auth: 'admin',
      body: UserPatchSchema,
      response: UserSchema,
    },
    async (c, { body, params }) =>
      ok(c, await patchUser(c.get('deps').db, params.id as string, body), 'User updated'),
  );
  return r;
}
