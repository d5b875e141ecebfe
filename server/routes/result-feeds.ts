import { z } from 'zod';
import {
  ResultReportQuerySchema,
  ResultReportSchema,
  ResultSourceBodySchema,
  ResultSourcePatchSchema,
  ResultSourceSchema,
} from '../../src/contracts/result-feeds';
import { failBody, ok, okPaged } from '../http/envelope';
import { pagination } from '../http/paging';
import { createRouter } from '../http/router';
import { readJsonBody } from '../http/validate';
import { fetchNow } from '../services/feeds/poll';
import { receivePush } from '../services/feeds/push';
import { reportsPage } from '../services/feeds/reports';
import {
  addSource,
  changeSource,
  removeSource,
  resultSource,
  resultSources,
} from '../services/feeds/sources';

/** Result feeds' operator calls (docs/api.md "Result feeds"): sources (owners) and every report. */
export function resultSourcesRoutes() {
  const r = createRouter('/api/v1/admin', 'Result feeds (operator)');
  r.get(
    '/result-sources',
    {
      summary: 'Result sources, with where each pushes or what it polls',
      auth: 'owner',
      response: ResultSourceSchema,
    },
    async (c) => {
      const { db, env } = c.get('deps');
      return ok(c, await resultSources(db, env));
    },
  );
  r.get(
    '/result-sources/:id',
    { summary: 'One result source', auth: 'owner', response: ResultSourceSchema },
    async (c, { params }) => {
      const { db, env } = c.get('deps');
      return ok(c, await resultSource(db, env, params.id ?? ''));
    },
  );
  r.post(
    '/result-sources',
    {
      summary: 'Add a result source',
      auth: 'owner',
      body: ResultSourceBodySchema,
      response: ResultSourceSchema,
      status: 201,
    },
    async (c, { body }) => {
      const { db, env } = c.get('deps');
      return ok(c, await addSource(db, env, body), 'Result source added', 201);
    },
  );
  r.patch(
    '/result-sources/:id',
    {
      summary: 'Change a result source (its address change is in the audit log)',
      auth: 'owner',
      body: ResultSourcePatchSchema,
      response: ResultSourceSchema,
    },
    async (c, { body, params }) => {
      const { db, env } = c.get('deps');
      return ok(c, await changeSource(db, env, params.id ?? '', body), 'Result source changed');
    },
  );
  r.delete(
    '/result-sources/:id',
    { summary: 'Remove a result source (its reports stay)', auth: 'owner' },
    async (c, { params }) => {
      await removeSource(c.get('deps').db, params.id ?? '');
      return ok(c, null, 'Result source removed');
    },
  );
  r.post(
    '/result-sources/:id/fetch',
    { summary: 'Fetch now: poll a json-url source at once and answer its reports', auth: 'owner' },
    async (c, { params }) => {
      const out = await fetchNow(c.get('deps'), params.id ?? '');
      return ok(c, out, out.error ? `Fetch failed: ${out.error}` : `${out.reports.length} reports received`);
    },
  );
  r.get(
    '/result-reports',
    {
      summary: 'Every report the result sources sent, newest first, with its outcome and reason',
      auth: 'admin',
      query: ResultReportQuerySchema,
      paged: true,
      response: ResultReportSchema,
    },
    async (c, { query, page }) => {
      const { rows, total } = await reportsPage(c.get('deps').db, query, page);
      return okPaged(c, rows, pagination(page, total));
    },
  );
  return r;
}

const PushAnswer = z.array(ResultReportSchema);

/**
 * POST /api/results/feed/{secret}/{name}: a push source sends its results. 404 for a wrong secret
 * and for an unknown, disabled or polled source, with nothing read or stored; the request log
 * never shows the path's secret (http/log-path.ts).
 */
export function resultFeedRoutes() {
  const r = createRouter('/api/results', 'Result feeds');
  r.post(
    '/feed/:secret/:name',
    {
      summary:
        'A push source sends a result object or an array of them (404 unless the secret is RESULT_FEED_SECRET)',
      auth: 'public',
      response: PushAnswer,
    },
    async (c, { params }) => {
      const reports = await receivePush(c.get('deps'), {
        secret: params.secret ?? '',
        name: params.name ?? '',
        body: () => readJsonBody(c),
      });
      if (!reports) return c.json(failBody('Not found'), 404);
      return ok(c, reports, 'Received');
    },
  );
  return r;
}
