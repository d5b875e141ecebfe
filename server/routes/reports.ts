import {
  EXPORT_KINDS,
  ExportQuerySchema,
  PnlQuerySchema,
  PnlReportSchema,
  WatchdogSchema,
} from '../../src/contracts/reports';
import { ok } from '../http/envelope';
import { createRouter } from '../http/router';
import { textStream } from '../http/text-stream';
import { exportFileName, writeExport } from '../services/reports/exports';
import { profitAndLoss } from '../services/reports/profit-and-loss';
import { watchdogReport } from '../services/watchdog/report';

/** The operator's day (issue 36): profit and loss, the CSV exports and the watchdog's findings. */
export function reportsRoutes() {
  const r = createRouter('/api/v1/admin', 'Reports (operator)');
  r.get(
    '/reports/pnl',
    {
      summary: 'Profit and loss of market days from..to by market, gameType or day (payout after reverts)',
      auth: 'admin',
      query: PnlQuerySchema,
      response: PnlReportSchema,
    },
    async (c, { query }) => ok(c, await profitAndLoss(c.get('deps').db, query)),
  );
  for (const kind of EXPORT_KINDS) {
    r.get(
      `/exports/${kind}.csv`,
      {
        summary: `Every ${kind === 'bids' ? 'bid of market days' : `${kind} record created in market days`} from..to as CSV (owners; audited; streamed)`,
        auth: 'owner',
        audited: true,
        query: ExportQuerySchema,
      },
      async (c, { query }) => {
        const { db, env, logger } = c.get('deps');
        const requestId = c.get('requestId');
        const { body, ready } = textStream(
          (write) => writeExport(db, kind, { ...query, tz: env.MARKET_TZ }, write),
          (error) =>
            logger.error('export failed mid-stream', {
              requestId,
              kind,
              error: error instanceof Error ? error.message : String(error),
            }),
        );
        // Until the query has answered nothing is sent: a failure is still an error answer.
        await ready;
        return c.body(body, 200, {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="${exportFileName(kind, query.from, query.to)}"`,
        });
      },
    );
  }
  r.get(
    '/watchdog',
    {
      summary: "The watchdog's open findings and how each check went on its last pass",
      auth: 'admin',
      response: WatchdogSchema,
    },
    async (c) => {
      const { db, env } = c.get('deps');
      return ok(c, await watchdogReport(db, env.WATCHDOG_INTERVAL_MS));
    },
  );
  return r;
}
