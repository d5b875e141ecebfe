import { UUID_RE } from '../../src/contracts/common';
import {
  LimitsBodySchema,
  LimitsStateSchema,
  PlaySummaryQuerySchema,
  PlaySummarySchema,
  ResponsiblePlayReportQuerySchema,
  ResponsiblePlayReportSchema,
  SelfExclusionBodySchema,
  TimeOutBodySchema,
} from '../../src/contracts/responsible-play';
import { ResponsiblePlayHelpSchema } from '../../src/contracts/settings';
import { player } from '../http/auth';
import { ok } from '../http/envelope';
import { cachedOk } from '../http/read-cache';
import { createRouter } from '../http/router';
import { readSetting, saveSetting } from '../services/content/settings';
import { badRequest, notFound } from '../services/errors';
import { changeLimits, limitsState, pausePlayer } from '../services/players/responsible-play';
import { playSummarySince, responsiblePlayReport } from '../services/players/responsible-play-report';

/** docs/api.md "Responsible play": the player's limits, pauses and play summary; operators read only. */
export function responsiblePlayRoutes() {
  const r = createRouter('/api/v1', 'Responsible play');

  r.get(
    '/user/limits',
    {
      summary: 'Own limits in force, pending changes, usage and pause',
      auth: 'player',
      response: LimitsStateSchema,
    },
    async (c) => {
      const { db, env, clock } = c.get('deps');
      return ok(c, await limitsState(db, player(c).userId, { now: await clock.now(), tz: env.MARKET_TZ }));
    },
  );
  r.put(
    '/user/limits',
    {
      summary: 'Set limits: stricter at once, looser after 24 hours',
      auth: 'player',
      body: LimitsBodySchema,
      response: LimitsStateSchema,
    },
    async (c, { body }) => {
      const { db, env, clock } = c.get('deps');
      const ctx = { now: await clock.now(), tz: env.MARKET_TZ };
      return ok(c, await changeLimits(db, player(c).userId, body, ctx), 'Your limits were saved');
    },
  );
  r.post(
    '/user/time-out',
    {
      summary: 'Take a break of 1, 7 or 30 days (cannot be shortened)',
      auth: 'player',
      body: TimeOutBodySchema,
    },
    async (c, { body }) => {
      const { db, env, clock } = c.get('deps');
      const ctx = { now: await clock.now(), tz: env.MARKET_TZ };
      const pause = await pausePlayer(db, player(c).userId, 'time-out', { days: body.days }, ctx);
      return ok(c, { pause }, 'Your time-out has started');
    },
  );
  r.post(
    '/user/self-exclusion',
    {
      summary: 'Exclude yourself for 6, 12 or 60 months (cannot be shortened)',
      auth: 'player',
      body: SelfExclusionBodySchema,
    },
    async (c, { body }) => {
      const { db, env, clock } = c.get('deps');
      const ctx = { now: await clock.now(), tz: env.MARKET_TZ };
      const pause = await pausePlayer(db, player(c).userId, 'self-exclusion', { months: body.months }, ctx);
      return ok(c, { pause }, 'Your self-exclusion has started');
    },
  );
  r.get(
    '/user/play-summary',
    {
      summary: 'Bids, stakes, wins and net since an instant (reality check)',
      auth: 'player',
      query: PlaySummaryQuerySchema,
      response: PlaySummarySchema,
    },
    async (c, { query }) => {
      return ok(c, await playSummarySince(c.get('deps').db, player(c).userId, new Date(query.since)));
    },
  );

  r.get(
    '/admin/responsible-play-help',
    {
      summary: "The operator's help text on the Responsible Play screen",
      auth: 'public',
      response: ResponsiblePlayHelpSchema,
    },
    async (c) =>
      cachedOk(c, 'setting:responsible-play', () => readSetting(c.get('deps').db, 'responsible-play')),
  );
  r.put(
    '/admin/responsible-play-help',
    {
      summary: "Edit the help text on the Responsible Play screen (the players' limits stay theirs)",
      auth: 'owner',
      body: ResponsiblePlayHelpSchema.strict(),
      response: ResponsiblePlayHelpSchema,
    },
    async (c, { body }) =>
      ok(c, await saveSetting(c.get('deps').db, 'responsible-play', body), 'Help text updated'),
  );
  r.get(
    '/admin/users/:id/responsible-play',
    { summary: "A player's limits, pause and 18+ time (operators, read only)", auth: 'admin' },
    async (c, { params }) => {
      if (!UUID_RE.test(params.id ?? '')) throw notFound('User');
      const { db, env, clock } = c.get('deps');
      const s = await limitsState(db, params.id as string, { now: await clock.now(), tz: env.MARKET_TZ });
      return ok(c, {
        limits: s.limits,
        pending: s.pending,
        usage: s.usage,
        pause: s.pause,
        adultConfirmedAt: s.adultConfirmedAt,
      });
    },
  );
  r.get(
    '/admin/responsible-play',
    {
      summary: 'Paused players and refusals by limit (operators, read only)',
      auth: 'admin',
      query: ResponsiblePlayReportQuerySchema,
      response: ResponsiblePlayReportSchema,
    },
    async (c, { query }) => {
      if (query.from > query.to)
        throw badRequest('from must not be after to', { from: 'from must not be after to' });
      const { db, env, clock } = c.get('deps');
      return ok(c, await responsiblePlayReport(db, await clock.now(), query.from, query.to, env.MARKET_TZ));
    },
  );
  return r;
}
