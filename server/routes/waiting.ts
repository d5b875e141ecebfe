import { WaitingSchema } from '../../src/contracts/waiting';
import { admin } from '../http/auth';
import { ok } from '../http/envelope';
import { createRouter } from '../http/router';
import { waitingFor } from '../services/operators/waiting';

/** GET /admin/waiting: what waits for this operator's approval (the console's "Waiting for you"). */
export function waitingRoutes() {
  const r = createRouter('/api/v1/admin', 'Operators');
  r.get(
    '/waiting',
    {
      summary:
        "What waits for this operator's approval (four eyes): operator changes, wallet adjustments, withdrawals, paid payout rows and payment matches, each counted once (one statement)",
      auth: 'admin',
      response: WaitingSchema,
    },
    async (c) => ok(c, await waitingFor(c.get('deps').db, admin(c))),
  );
  return r;
}
