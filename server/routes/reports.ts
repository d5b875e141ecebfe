import {
  EXPORT_KINDS,
  ExportQuerySchema,
  PnlQuerySchema,
  PnlReportSchema,
} from '../../src/contracts/reports';
import { ok } from '../http/envelope';
import { createRouter } from '../http/router';
import { textStream } from '../http/text-stream';
import { exportFileName, writeExport } from '../services/exports';
import { profitAndLoss } from '../services/reports';

/** The operator's day (issue 36): profit and loss and the CSV exports. */
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
  return r;
}
