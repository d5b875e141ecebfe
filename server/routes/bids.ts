import type { Context } from 'hono';
import { BidCreatedSchema } from '../../src/contracts/bids';
import { paiseToPoints } from '../../src/domain/money';
import type { Family } from '../../src/domain/types';
import { player } from '../http/auth';
import { assertNotInMaintenance } from '../http/maintenance';
import { createRouter } from '../http/router';
import type { AppEnv } from '../http/types';
import { readJsonBody } from '../http/validate';
import { placeBids } from '../services/bids/place';
import { presentBid } from '../services/bids/present';
import { runIdempotent } from '../services/idempotency';

/**
 * POST the three bid calls (api.md "Bids"). The body is read here but judged by the service with
 * src/domain, so every failure is a 422 with `bids.N.field` keys rather than a generic 400.
 */
async function place(c: Context<AppEnv>, family: Family) {
  const { db, clock, env } = c.get('deps');
  const { userId } = player(c);
  const body = await readJsonBody(c);
  await assertNotInMaintenance(db);
  // Read the clock before the transaction: on PGlite the database clock cannot be queried from
  // outside a running transaction (one connection), and on pg it is the same instant anyway.
  const now = await clock.now();
  const answer = await runIdempotent(
    db,
    { userId, header: c.req.header('idempotency-key'), route: `POST bids ${family}`, body },
    async (tx) => {
      const out = await placeBids(tx, { userId, family, body, now, tz: env.MARKET_TZ });
      return {
        status: 201,
        body: {
          status: true,
          message: 'Bid created successfully!',
          data: { bids: out.bids.map(presentBid), balance: paiseToPoints(out.balancePaise) },
        },
      };
    },
  );
  return c.json(answer.body as object, answer.status as 201);
}

export function bidsRoutes() {
  const r = createRouter('/api/v1', 'Bids');
  const spec = (summary: string) => ({
    summary,
    auth: 'player' as const,
    response: BidCreatedSchema,
    status: 201,
  });
  r.post('/user/main/bids', spec('Place main-market bids'), (c) => place(c, 'main'));
  r.post('/user/starline-bid', spec('Place starline bids'), (c) => place(c, 'starline'));
  r.post('/admin/galidisawar-bid', spec('Place galidisawar bids (player token)'), (c) =>
    place(c, 'galidisawar'),
  );
  return r;
}
