import { z } from 'zod';
import { ReferralSchema } from '../../src/contracts/referrals';
import { player } from '../http/auth';
import { ok } from '../http/envelope';
import { createRouter } from '../http/router';
import { listReferrals } from '../services/players/referrals';

/** GET /api/v1/referrals: the players this player referred (docs/product.md "Referral"). */
export function referralsRoutes() {
  const r = createRouter('/api/v1', 'Referrals');
  r.get(
    '/referrals',
    { summary: 'Own referrals', auth: 'player', response: z.array(ReferralSchema) },
    async (c) => ok(c, await listReferrals(c.get('deps').db, player(c).userId)),
  );
  return r;
}
