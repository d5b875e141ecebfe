import { UUID_RE } from '../../src/contracts/common';
import { WalletAdjustSchema } from '../../src/contracts/wallet';
import { paiseToPoints } from '../../src/domain/money';
import { admin } from '../http/auth';
import { ok } from '../http/envelope';
import { notFound } from '../http/errors';
import { createRouter } from '../http/router';
import { adjustWallet } from '../services/ledger';

/** Operator wallet adjustments (api.md "Operator calls"). */
export function walletAdminRoutes() {
  const r = createRouter('/api/v1/admin', 'Wallet (operator)');
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
