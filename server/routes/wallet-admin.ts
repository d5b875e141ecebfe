import { z } from 'zod';
import { UUID_RE } from '../../src/contracts/common';
import { LedgerEntrySchema, WalletAdjustSchema } from '../../src/contracts/wallet';
import { paiseToPoints } from '../../src/domain/money';
import { admin } from '../http/auth';
import { ok, okPaged } from '../http/envelope';
import { pagination } from '../http/paging';
import { createRouter } from '../http/router';
import { notFound } from '../services/errors';
import {
  approvalsOf,
  approveAdjustment,
  presentAdjustment,
  requestAdjustment,
  WAITING_FOR_SECOND,
} from '../services/money/four-eyes';
import { playerLedger, walletAdjustment, walletAdjustments } from '../services/money/wallet-admin';

const AdjustmentQuery = z.object({
  status: z.enum(['pending', 'applied'], { error: 'status must be pending or applied' }).optional(),
});

/** Operator wallet adjustments (docs/api.md "Operator calls", four eyes: "Operator accounts"). */
export function walletAdminRoutes() {
  const r = createRouter('/api/v1/admin', 'Wallet (operator)');
  r.get(
    '/users/:id/ledger',
    {
      summary: "A player's ledger with the running balance (operators)",
      auth: 'admin',
      paged: true,
      response: LedgerEntrySchema,
    },
    async (c, { page, params }) => {
      if (!UUID_RE.test(params.id ?? '')) throw notFound('User');
      const { rows, total } = await playerLedger(c.get('deps').db, params.id as string, page);
      return okPaged(c, rows, pagination(page, total));
    },
  );
  r.post(
    '/users/:id/wallet',
    {
      summary: 'Request a credit or debit of a player wallet (owners; a second owner applies it)',
      auth: 'owner',
      body: WalletAdjustSchema,
      status: 202,
    },
    async (c, { params, body }) => {
      if (!UUID_RE.test(params.id ?? '')) throw notFound('Player');
      const out = await requestAdjustment(c.get('deps'), params.id as string, body, admin(c));
      return ok(c, out, WAITING_FOR_SECOND, 202);
    },
  );
  r.get(
    '/wallet-adjustments',
    {
      summary: 'Manual wallet adjustments, newest first, with who requested and approved them',
      auth: 'admin',
      paged: true,
      query: AdjustmentQuery,
    },
    async (c, { page, query }) => {
      const { rows, total } = await walletAdjustments(c.get('deps').db, query.status, page);
      return okPaged(c, rows, pagination(page, total));
    },
  );
  r.get(
    '/wallet-adjustments/:id',
    {
      summary: 'One wallet adjustment (the audit log reads it before and after its approval)',
      auth: 'admin',
    },
    async (c, { params }) => {
      if (!UUID_RE.test(params.id ?? '')) throw notFound('Wallet adjustment');
      return ok(c, await walletAdjustment(c.get('deps').db, params.id as string));
    },
  );
  r.post(
    '/wallet-adjustments/:id/approve',
    { summary: 'Apply a wallet adjustment as its second owner (exactly once)', auth: 'owner' },
    async (c, { params }) => {
      if (!UUID_RE.test(params.id ?? '')) throw notFound('Wallet adjustment');
      const out = await approveAdjustment(c.get('deps'), params.id as string, admin(c));
      if ('waiting' in out)
        return ok(c, { _id: params.id, approvals: out.approvals }, WAITING_FOR_SECOND, 202);
      const approvals = await approvalsOf(c.get('deps').db, 'wallet-adjustment', [out.adjustment.id]);
      return ok(
        c,
        { ...presentAdjustment(out.adjustment, approvals), balance: paiseToPoints(out.balancePaise) },
        'Wallet updated',
      );
    },
  );
  return r;
}
