import { UUID_RE } from '../../src/contracts/common';
import {
  PayoutResultsQuerySchema,
  PayoutResultsSchema,
  PayoutsCsvQuerySchema,
  PayoutUtrBodySchema,
} from '../../src/contracts/payouts';
import { WithdrawalSchema } from '../../src/contracts/withdrawals';
import { admin } from '../http/auth';
import { ok } from '../http/envelope';
import { createRouter } from '../http/router';
import { notFound } from '../services/errors';
import { addLaterPayoutUtr } from '../services/money/payout-utr';
import { presentWithdrawal } from '../services/money/withdrawals';
import { payoutBatch } from '../services/payouts/export';
import { importBankAnswer } from '../services/payouts/import';

/**
 * Withdrawals paid with proof (issue 48): a UTR given after the approval, the payout batch (the
 * withdrawals waiting, for a bank's bulk upload) and the bank's answer to it.
 */
export function payoutsRoutes() {
  const r = createRouter('/api/v1/admin', 'Payouts (operator)');
  r.post(
    '/withdrawals/:id/payout',
    {
      summary: 'Give an approved withdrawal the UTR it was paid with (once; 409 after)',
      auth: 'admin',
      body: PayoutUtrBodySchema,
      response: WithdrawalSchema,
    },
    async (c, { params, body }) => {
      if (!UUID_RE.test(params.id ?? '')) throw notFound('Withdrawal');
      const w = await addLaterPayoutUtr(c.get('deps'), params.id as string, body.utr);
      return ok(c, presentWithdrawal(w), 'UTR saved');
    },
  );
  r.get(
    '/payouts.csv',
    {
      summary:
        'The withdrawals waiting and not yet paid, one row each, as CSV for a bank bulk upload (owners; audited)',
      auth: 'owner',
      audited: true,
      query: PayoutsCsvQuerySchema,
    },
    async (c) => {
      const { db, clock, env } = c.get('deps');
      const batch = await payoutBatch(db, await clock.now(), env.MARKET_TZ);
      return c.body(batch.body, 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${batch.fileName}"`,
      });
    },
  );
  r.post(
    '/payouts/results',
    {
      summary:
        "The bank's answer (text/csv: reference,status,utr): paid rows approved with their UTR, failed rows rejected and refunded once; ?dryRun=true writes nothing (owners)",
      auth: 'owner',
      upload: ['text/csv', 'text/plain'],
      query: PayoutResultsQuerySchema,
      response: PayoutResultsSchema,
    },
    async (c, { query }) => {
      const out = await importBankAnswer(c.get('deps'), await c.req.text(), admin(c), query.dryRun);
      return ok(c, out, out.dryRun ? 'Dry run: nothing was changed' : "The bank's answer was applied");
    },
  );
  return r;
}
