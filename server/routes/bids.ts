import type { Context } from 'hono';
import { BidCreatedSchema } from '../../src/contracts/bids';
import type { Family } from '../../src/domain/types';
import { player } from '../http/auth';
import { assertNotInMaintenance } from '../http/maintenance';
import { createRouter } from '../http/router';
import type { AppEnv } from '../http/types';
import { readJsonBody } from '../http/validate';
import { placeBids } from '../services/bids/place';

/**
 * POST the three bid calls (docs/api.md "Bids"). The body is read here but judged by the service with
 * src/domain, so every failure is a 422 with `bids.N.field` keys rather than a generic 400; the
 * service replays a stored answer for a repeated Idempotency-Key (the money moves once).
 */
async function place(c: Context<AppEnv>, family: Family) {
  const deps = c.get('deps');
  const { userId, globelBatting } = player(c);
  const body = await readJsonBody(c);
  await assertNotInMaintenance(deps.db);
  const answer = await placeBids(deps, {
    userId,
    family,
    body,
    globelBatting,
    idempotencyKey: c.req.header('idempotency-key'),
  });
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
