import {
  ChartExportQuerySchema,
  ChartImportAnswerSchema,
  ChartImportQuerySchema,
} from '../../src/contracts/result-feeds';
import { ok } from '../http/envelope';
import { createRouter } from '../http/router';
import { exportChart } from '../services/results/chart-export';
import { importChart } from '../services/results/chart-import';

/** Content types a chart file may come as (a browser names a .csv file any of these). */
const CSV_TYPES = ['text/csv', 'text/plain', 'application/vnd.ms-excel', 'application/octet-stream'];

/** Chart history (docs/api.md "Chart history: years of results on day one"), owners only. */
export function chartsRoutes() {
  const r = createRouter('/api/v1/admin', 'Chart history (operator)');
  r.post(
    '/charts/import',
    {
      summary:
        "Import a market's past days from a CSV body (?gameId=&dryRun=true|false): date,open,jodi,close (starline date,time,panna,digit; galidisawar date,jodi)",
      auth: 'owner',
      upload: CSV_TYPES,
      query: ChartImportQuerySchema,
      response: ChartImportAnswerSchema,
    },
    async (c, { query }) => {
      const { db, env, clock } = c.get('deps');
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
