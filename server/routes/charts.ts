import {
  ChartExportQuerySchema,
  ChartImportAnswerSchema,
  ChartImportQuerySchema,
} from '../../src/contracts/result-feeds';
import { ok } from '../http/envelope';
import { HttpError } from '../http/errors';
import { queryValues } from '../http/paging';
import { createRouter } from '../http/router';
import { parseWith } from '../http/validate';
import { exportChart } from '../services/results/chart-export';
import { importChart } from '../services/results/chart-import';

/** Content types a chart file may come as (a browser names a .csv file any of these). */
const CSV_TYPES = /^(text\/(csv|plain)|application\/(vnd\.ms-excel|octet-stream))\b/i;

/** Chart history (docs/api.md "Chart history: years of results on day one"), owners only. */
export function chartsRoutes() {
  const r = createRouter('/api/v1/admin', 'Chart history (operator)');
  r.post(
    '/charts/import',
    {
      summary:
        "Import a market's past days from a CSV body (?gameId=&dryRun=true|false): date,open,jodi,close (starline date,time,panna,digit; galidisawar date,jodi)",
      auth: 'owner',
      rawBody: true,
      response: ChartImportAnswerSchema,
    },
    async (c) => {
      const { db, env, clock } = c.get('deps');
      const query = parseWith(ChartImportQuerySchema, queryValues(new URL(c.req.url)));
      const type = c.req.header('content-type') ?? '';
      if (type !== '' && !CSV_TYPES.test(type)) throw new HttpError(415, 'Send the chart as text/csv');
      const csv = await c.req.text();
      const now = await clock.now();
      const dryRun = query.dryRun === 'true';
      const answer = await importChart(db, { gameId: query.gameId, csv, dryRun, now, tz: env.MARKET_TZ });
      return ok(c, answer, dryRun ? 'Dry run: nothing was written' : `${answer.added} days imported`);
    },
  );
  r.get(
    '/charts/export.csv',
    {
      summary: "A market's every result as CSV in the layout the import takes (owners; audited)",
      auth: 'owner',
      audited: true,
      query: ChartExportQuerySchema,
    },
    async (c, { query }) => {
      const file = await exportChart(c.get('deps').db, query.gameId);
      return c.body(file.csv, 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${file.filename}"`,
      });
    },
  );
  return r;
}
