import { UUID_RE } from '../../src/contracts/common';
import { LedgerEntrySchema, WalletAdjustSchema } from '../../src/contracts/wallet';
import { paiseToPoints } from '../../src/domain/money';
import { listEntriesWithBalance } from '../db/repositories/ledger';
import { admin } from '../http/auth';
import { ok, okPaged } from '../http/envelope';
import { notFound } from '../http/errors';
import { pagination } from '../http/paging';
import { createRouter } from '../http/router';
import { adjustWallet, presentTransaction } from '../services/ledger';

/** Operator wallet adjustments (api.md "Operator calls"). */
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
      const db = c.get('deps').db;
      const known = await db.query('SELECT 1 FROM users WHERE id = $1', [params.id]);
      if (known.rows.length === 0) throw notFound('User');
      const { rows, total } = await listEntriesWithBalance(db, params.id as string, page.limit, page.offset);
      const items = rows.map((e) => ({
        ...presentTransaction(e),
        balanceAfter: paiseToPoints(Number(e.balance_after_paise)),
      }));
      return okPaged(c, items, pagination(page, total));
    },
  );
  r.post(
    '/users/:id/wallet',
    { summary: 'Credit or debit a player wallet', auth: 'owner', body: WalletAdjustSchema },
    async (c, { params, body }) => {
      if (!UUID_RE.test(params.id ?? '')) throw notFound('Player');
      const who = admin(c);
      const balance = await c
        .get('deps')
        .db.transaction((tx) => adjustWallet(tx, params.id as string, body, who.adminId));
      return ok(c, { userId: params.id, balance: paiseToPoints(balance) }, 'Wallet updated');
    },
  );
  return r;
}
